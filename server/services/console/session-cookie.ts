import { decode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { env, publicBaseUrl } from "@/server/env";
import { installationSecret } from "@/server/secrets";
import { type ConsolePrincipal, loadConsolePrincipal } from "./sessions";

/**
 * The console's session cookie: a NextAuth JWT (encrypted, A256GCM) whose `sid` names a
 * console_sessions row. HTTP-only, SameSite=Lax, Secure (and `__Secure-` prefixed) when the
 * service is reached over https. Decoded here, with the same secret, by every console route and
 * page, so the session check is written once.
 */
export function secureCookies(): boolean {
  return publicBaseUrl().startsWith("https://");
}

export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

/** NEXTAUTH_SECRET, else a secret generated once per installation and kept in the database. */
export function consoleAuthSecret(): Promise<string> {
  return installationSecret(getDb(), "nextauth", env().NEXTAUTH_SECRET);
}

/** The claims the console puts in its JWT. */
export interface ConsoleToken {
  /** The trainer id. */
  sub: string;
  /** The console_sessions row. */
  sid: string;
}

/** Reads a cookie the way NextAuth writes it (one cookie, or `.0`, `.1`... chunks when large). */
function cookieValue(get: (name: string) => string | undefined, name: string): string | undefined {
  const whole = get(name);
  if (whole) return whole;
  const parts: string[] = [];
  for (let i = 0; ; i++) {
    const part = get(`${name}.${i}`);
    if (part === undefined) break;
    parts.push(part);
  }
  return parts.length ? parts.join("") : undefined;
}

/** Parses a Cookie header into a lookup. */
export function cookieLookup(header: string | null): (name: string) => string | undefined {
  const jar = new Map<string, string>();
  for (const piece of (header ?? "").split(";")) {
    const eq = piece.indexOf("=");
    if (eq <= 0) continue;
    const name = piece.slice(0, eq).trim();
    if (!jar.has(name)) {
      try {
        jar.set(name, decodeURIComponent(piece.slice(eq + 1).trim()));
      } catch {
        jar.set(name, piece.slice(eq + 1).trim());
      }
    }
  }
  return (name) => jar.get(name);
}

/** The signed-in principal behind a cookie jar, or null (no cookie, bad token, revoked or expired session). */
export async function principalFromCookies(get: (name: string) => string | undefined): Promise<ConsolePrincipal | null> {
  const raw = cookieValue(get, sessionCookieName());
  if (!raw) return null;
  let token: Partial<ConsoleToken> | null;
  try {
    token = (await decode({ token: raw, secret: await consoleAuthSecret() })) as Partial<ConsoleToken> | null;
  } catch {
    return null;
  }
  if (!token?.sid || !token.sub) return null;
  const principal = await loadConsolePrincipal(getDb(), token.sid);
  return principal && principal.trainerId === token.sub ? principal : null;
}
