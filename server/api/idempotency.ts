import { createHash, randomBytes } from "node:crypto";
import { type Db, getDb } from "@/db/client";
import {
  type IdempotencyRow,
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  tryLockIdempotencyKey,
} from "@/db/queries/idempotency-keys";
import type { Caller } from "@/server/core/caller";
import { log } from "@/server/core/log";

/**
 * Idempotency-Key for /v1 writes (POST, PUT, PATCH, DELETE), applied by the kernel to every
 * operation. The first request with a key inserts a `running` record before the operation runs
 * (the primary key on scope and key lets exactly one concurrent request win), runs, then stores
 * status, headers and body for 24 hours. A repeat with the same key and the same method, path and
 * body replays the stored response and runs nothing; a different request under the same key is 422
 * IdempotencyKeyReused; a repeat while the first runs is 409 IdempotencyKeyInProgress.
 *
 * Not stored (the record is released, so a repeat runs the operation again): 5xx answers (the
 * operation failed and wrote nothing, or at least nothing the client can rely on), 429 (it never
 * ran), and streamed responses (text/event-stream), which cannot be replayed.
 *
 * That is at least once: a crash between the operation's commit and the stored response leaves a
 * `running` record until its lease lapses, then the operation runs again. Operations declared
 * `idempotency: "transaction"` are exactly once instead (runIdempotentTransaction): the record, the
 * operation's writes and the response commit in one transaction. docs/integrations.md lists which.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A running record older than this belongs to a process that died mid-request: a repeat may take it over. */
export const IDEMPOTENCY_LEASE_SECONDS = 600;
const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
/** Headers of the first response that describe that moment, not the stored result: never replayed. */
const VOLATILE_HEADERS = /^(x-request-id|x-ratelimit-.*|retry-after|idempotent-replayed)$/i;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Whose keys these are: the API key, or the member for Bearer-only calls (a key with a member token: both). */
export function idempotencyScope(caller: Caller): string {
  if (caller.apiKey) return caller.member ? `key:${caller.apiKey.id}|member:${caller.member.endUserId}` : `key:${caller.apiKey.id}`;
  if (caller.embed) return `embed:${caller.embed.tokenId}`;
  return `member:${caller.member!.endUserId}`;
}

/** What a repeat must match: method, path with query string, and the raw body. */
/** `target`: the request's path and query as sent (`/v1/...?...`). */
export function requestFingerprint(method: string, target: string, body: string): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${target}\n`).update(body).digest("hex");
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  lockToken: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type IdempotencyOutcome =
  | { kind: "claimed"; claim: IdempotencyClaim }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

/**
 * Finished records seen by this process. A `done` record never changes before it expires (only an
 * expired or abandoned record can be taken over), so a repeat answered from here is exactly what
 * the database would answer, on any instance; the cache is bounded and forgets nothing early.
 */
interface Finished {
  fingerprint: string;
  response: StoredResponse;
  expiresAt: number;
}
const FINISHED_MAX = 5000;
const FINISHED_MAX_BODY = 64 * 1024;
const finished = new Map<string, Finished>();

function remember(scope: string, key: string, entry: Finished): void {
  if (entry.response.body.length > FINISHED_MAX_BODY) return;
  if (finished.size >= FINISHED_MAX) finished.delete(finished.keys().next().value!);
  finished.set(`${scope}\n${key}`, entry);
}

function recall(scope: string, key: string): Finished | null {
  const id = `${scope}\n${key}`;
  const hit = finished.get(id);
  if (!hit) return null;
  if (hit.expiresAt > Date.now()) return hit;
  finished.delete(id);
  return null;
}

/** What a live record means for a request with `fingerprint`; null when there is none, or it may be taken over. */
function settledBy(row: IdempotencyRow | null, scope: string, key: string, fingerprint: string): Exclude<IdempotencyOutcome, { kind: "claimed" }> | null {
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (row.status === "done") {
    const response = { status: row.responseStatus ?? 200, headers: row.responseHeaders ?? {}, body: row.responseBody ?? Buffer.alloc(0) };
    remember(scope, key, { fingerprint: row.fingerprint, response, expiresAt: row.expiresAt.getTime() });
    return { kind: "replay", response };
  }
  if (!row.lockedUntil || row.lockedUntil.getTime() > Date.now()) return { kind: "in-progress" };
  return null;
}

/**
 * What an earlier request with this key decided, read without claiming anything: null when the
 * request may run. The transactional path asks this first, so repeats (replays, 409s, reused keys)
 * never open a transaction or charge the rate limit.
 */
export async function settledIdempotentRequest(args: {
  scope: string;
  key: string;
  fingerprint: string;
}): Promise<Exclude<IdempotencyOutcome, { kind: "claimed" }> | null> {
  const known = recall(args.scope, args.key);
  if (known) return known.fingerprint === args.fingerprint ? { kind: "replay", response: known.response } : { kind: "mismatch" };
  return settledBy(await findIdempotencyKey(getDb(), args.scope, args.key), args.scope, args.key, args.fingerprint);
}

/** Claims the key for this request, or tells why not (replay, in progress, reused for another request). */
export async function beginIdempotentRequest(args: { scope: string; key: string; fingerprint: string }): Promise<IdempotencyOutcome> {
  const known = recall(args.scope, args.key);
  if (known) return known.fingerprint === args.fingerprint ? { kind: "replay", response: known.response } : { kind: "mismatch" };
  const db = getDb();
  const lockToken = randomBytes(12).toString("hex");
  // Read first: repeats (the common case for a key seen before) cost one primary-key lookup. A
  // record can disappear between the read and the claim (its attempt failed and released it), or
  // appear (a concurrent first request): the loop settles either way.
  for (let i = 0; i < 3; i++) {
    const settled = settledBy(await findIdempotencyKey(db, args.scope, args.key), args.scope, args.key, args.fingerprint);
    if (settled) return settled;
    if (await claimIdempotencyKey(db, { ...args, lockToken, leaseSeconds: IDEMPOTENCY_LEASE_SECONDS, ttlSeconds: IDEMPOTENCY_TTL_SECONDS })) {
      return { kind: "claimed", claim: { scope: args.scope, key: args.key, lockToken } };
    }
  }
  return { kind: "in-progress" };
}

/**
 * Exactly once, for operations declared `idempotency: "transaction"`: in one transaction, takes
 * the key's advisory lock (without waiting: a concurrent identical request is told 409 while this
 * one runs), checks the record again under it, claims it, runs `work` with the transaction, and
 * stores `work`'s response before the commit. A crash before the commit leaves nothing (the retry
 * runs afresh); after it, the stored response (the retry replays it). `work` throws to undo
 * everything (a 5xx: nothing stored, a repeat runs again).
 */
export async function runIdempotentTransaction<T>(
  args: { scope: string; key: string; fingerprint: string },
  work: (tx: Db) => Promise<{ value: T; response: StoredResponse }>,
): Promise<{ kind: "ran"; value: T } | Exclude<IdempotencyOutcome, { kind: "claimed" }>> {
  const lockToken = randomBytes(12).toString("hex");
  let committed = false;
  const outcome = await getDb().transaction(async (tx) => {
    if (!(await tryLockIdempotencyKey(tx, args.scope, args.key))) return { kind: "in-progress" as const };
    // Under the lock the record is settled: a request that held it has committed or rolled back.
    const settled = settledBy(await findIdempotencyKey(tx, args.scope, args.key), args.scope, args.key, args.fingerprint);
    if (settled) return settled;
    // A lease-based claim of the same key (another operation) inserted meanwhile: it wins.
    if (!(await claimIdempotencyKey(tx, { ...args, lockToken, leaseSeconds: IDEMPOTENCY_LEASE_SECONDS, ttlSeconds: IDEMPOTENCY_TTL_SECONDS }))) {
      return { kind: "in-progress" as const };
    }
    const { value, response } = await work(tx as unknown as Db);
    const kept = keptResponse(response);
    if (!(await completeIdempotencyKey(tx, { scope: args.scope, key: args.key, lockToken, ...kept }))) {
      throw new Error("the idempotency record changed hands inside its own transaction");
    }
    faultPoint("before-commit");
    committed = true;
    return { kind: "ran" as const, value };
  });
  // As on the lease path, the process remembers a record when a repeat first reads it back.
  if (committed) faultPoint("after-commit");
  return outcome;
}

/**
 * Test-only crash points (test/faults/idempotency-crash.test.ts): with FORMA_FAULT_KILL_IDEMPOTENT
 * set to `before-commit` or `after-commit`, the process SIGKILLs itself there, as a crash would.
 * Never set outside that test.
 */
function faultPoint(point: "before-commit" | "after-commit"): void {
  if (process.env.FORMA_FAULT_KILL_IDEMPOTENT === point) process.kill(process.pid, "SIGKILL");
}

/** The parts of a response a record keeps: without the headers that describe that moment. */
function keptResponse(response: StoredResponse): StoredResponse & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(response.headers)) if (!VOLATILE_HEADERS.test(k)) headers[k.toLowerCase()] = v;
  return { status: response.status, headers, body: response.body };
}

/** Whether a response of this status is kept for replay (see the module comment). */
export function isStorable(status: number): boolean {
  return status < 500 && status !== 429;
}

/**
 * Stores the response of the attempt holding the claim, or releases the claim when the response
 * must not be final (`response` null: streamed). Never throws: a failure here must not turn a
 * finished operation into an error; the record then expires with its lease.
 */
export async function finishIdempotentRequest(claim: IdempotencyClaim, response: StoredResponse | null): Promise<void> {
  const db = getDb();
  try {
    if (!response || !isStorable(response.status)) {
      await releaseIdempotencyKey(db, claim);
      return;
    }
    await completeIdempotencyKey(db, { ...claim, ...keptResponse(response) });
  } catch (err) {
    log("error", "could not store the idempotent response", { err: err instanceof Error ? err.message : String(err) });
    await releaseIdempotencyKey(db, claim).catch(() => {});
  }
}
