import { createHash, randomBytes } from "node:crypto";
import { getDb } from "@/db/client";
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyKey, releaseIdempotencyKey } from "@/db/queries/idempotency-keys";
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
    const row = await findIdempotencyKey(db, args.scope, args.key);
    if (row && row.expiresAt.getTime() > Date.now()) {
      if (row.fingerprint !== args.fingerprint) return { kind: "mismatch" };
      if (row.status === "done") {
        const response = { status: row.responseStatus ?? 200, headers: row.responseHeaders ?? {}, body: row.responseBody ?? Buffer.alloc(0) };
        remember(args.scope, args.key, { fingerprint: row.fingerprint, response, expiresAt: row.expiresAt.getTime() });
        return { kind: "replay", response };
      }
      if (!row.lockedUntil || row.lockedUntil.getTime() > Date.now()) return { kind: "in-progress" };
    }
    if (await claimIdempotencyKey(db, { ...args, lockToken, leaseSeconds: IDEMPOTENCY_LEASE_SECONDS, ttlSeconds: IDEMPOTENCY_TTL_SECONDS })) {
      return { kind: "claimed", claim: { scope: args.scope, key: args.key, lockToken } };
    }
  }
  return { kind: "in-progress" };
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
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(response.headers)) if (!VOLATILE_HEADERS.test(k)) headers[k.toLowerCase()] = v;
    await completeIdempotencyKey(db, { ...claim, status: response.status, headers, body: response.body });
  } catch (err) {
    log("error", "could not store the idempotent response", { err: err instanceof Error ? err.message : String(err) });
    await releaseIdempotencyKey(db, claim).catch(() => {});
  }
}
