import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { type TrainerRole, trainers } from "@/db/schema";
import { createConsoleAccount } from "@/server/services/console/accounts";
import { type ConsoleToken, consoleAuthSecret, sessionCookieName } from "@/server/services/console/session-cookie";
import { createConsoleSession, sessionMaxAgeSeconds } from "@/server/services/console/sessions";
import { type ApiResponse, app, call } from "../harness";

/**
 * Test support (not used by the service): console accounts signed in without the sign-in form
 * (a session row and its JWT cookie, exactly what a sign-in produces), and calls to the console's
 * internal routes with that cookie and the console's origin.
 */
export interface ConsoleTrainer {
  trainerId: string;
  organizationId: string;
  email: string;
  password: string;
  sessionId: string;
  cookie: string;
}

export async function createConsoleTrainer(organizationId: string, role: TrainerRole = "owner"): Promise<ConsoleTrainer> {
  const email = `trainer-${randomBytes(5).toString("hex")}@console.example.com`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const trainerId = await createConsoleAccount(getDb(), { organizationId, name: `Trainer ${email.slice(8, 12)}`, email, password, role });
  return { trainerId, organizationId, email, password, ...(await signInAs(trainerId, organizationId)) };
}

/**
 * The session cookie value for a session row, encoded as NextAuth encodes the console's JWT at
 * sign-in (same secret, same lifetime), so tests sign trainers in without the sign-in form.
 */
export async function encodeSessionToken(token: ConsoleToken): Promise<string> {
  return encode({ token: { ...token }, secret: await consoleAuthSecret(), maxAge: sessionMaxAgeSeconds() });
}

/** A fresh session of a trainer and its cookie header. */
export async function signInAs(trainerId: string, organizationId: string): Promise<{ sessionId: string; cookie: string }> {
  const session = await createConsoleSession(getDb(), { trainerId, organizationId, userAgent: "vitest", ip: "127.0.0.1" });
  const token = await encodeSessionToken({ sub: trainerId, sid: session.id });
  return { sessionId: session.id, cookie: `${sessionCookieName()}=${token}` };
}

export async function setTrainerStatus(trainerId: string, status: "active" | "suspended"): Promise<void> {
  await getDb().update(trainers).set({ status }).where(eq(trainers.id, trainerId));
}

export interface ConsoleCallOptions {
  method?: string;
  body?: unknown;
  /** Cookie header; null sends none. */
  cookie?: string | null;
  /** Origin header; default the service's own, null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
  rawBody?: string | Buffer;
}

/** Calls an internal console route as a browser page of the console would. */
export function consoleCall<T = any>(who: ConsoleTrainer | null, path: string, opts: ConsoleCallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const cookie = opts.cookie === undefined ? who?.cookie : opts.cookie;
  if (cookie) headers.cookie = cookie;
  const origin = opts.origin === undefined ? app.baseUrl : opts.origin;
  if (origin) headers.origin = origin;
  if (opts.rawBody !== undefined) {
    return fetch(`${app.baseUrl}${path}`, { method: opts.method ?? "PUT", headers, body: opts.rawBody as BodyInit }).then(async (res) => {
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
    });
  }
  return call<T>(path, { method: opts.method, body: opts.body, headers });
}
