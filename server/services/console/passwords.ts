import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Console passwords: scrypt from node:crypto at OWASP's minimum (N=2^17, r=8, p=1: 128 MiB and
 * about half a second per hash here), a 32-byte random salt, stored as a self-describing PHC string
 * `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` so the cost can be raised without breaking old hashes
 * (verify reads the parameters from the string; sign-in rehashes a hash that `needsRehash`: the
 * N=2^15 hashes made before are upgraded on their next sign-in).
 */
const LOG_N = 17;
/**
 * The cost of new hashes. Integration tests lower it (`TEST_PASSWORD_LOG_N`, honoured only when
 * NODE_ENV is `test`): a suite that creates a few hundred accounts would otherwise spend minutes of
 * CPU on scrypt. The unit tests and every real process use N=2^17.
 */
export function passwordLogN(): number {
  const test = process.env.NODE_ENV === "test" ? Number(process.env.TEST_PASSWORD_LOG_N) : Number.NaN;
  return Number.isInteger(test) && test >= 10 && test < LOG_N ? test : LOG_N;
}
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 32;
/** Node refuses scrypt above 32 MiB by default; 128 * N * r is 128 MiB here, plus headroom. */
const MAX_MEM = 256 * 1024 * 1024;
/**
 * Hashes computed at once: each holds 128 MiB while it runs, so a burst of sign-ins (already
 * throttled per address and email) queues here instead of taking the process's memory.
 */
const CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** What a console password must be (the account forms and the seed share it). */
export const Password = z.string().min(12, "use at least 12 characters").max(200, "use at most 200 characters");

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, bytes: number): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, bytes, { N: 2 ** logN, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const logN = passwordLogN();
  const key = await derive(password, salt, logN, R, P, KEY_BYTES);
  return `$scrypt$ln=${logN},r=${R},p=${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const m = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!m) return null;
  const logN = Number(m[1]);
  if (logN < 10 || logN > 20) return null;
  return { logN, r: Number(m[2]), p: Number(m[3]), salt: Buffer.from(m[4]!, "base64url"), key: Buffer.from(m[5]!, "base64url") };
}

/** Constant-time comparison against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length < 16) return false;
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than new hashes do. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN < passwordLogN() || parsed.r < R || parsed.key.length < KEY_BYTES;
}

let dummy: Promise<string> | null = null;
/**
 * Spends the time of one verification when there is no account to check, so an unknown email
 * answers as slowly as a wrong password (no account enumeration by timing).
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummy);
}

/** A random password for seeded accounts: 24 url-safe characters (144 bits). */
export function randomPassword(): string {
  return randomBytes(18).toString("base64url");
}
