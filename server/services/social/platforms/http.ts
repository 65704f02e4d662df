import type { SocialPlatform } from "@/db/schema";
import { metrics } from "@/server/observability/metrics";
import { GrantRevokedError, PermanentPublishError } from "../adapters/types";

/**
 * Calls to the platforms and what their errors mean. Each platform documents its own error body;
 * they map to three classes:
 * - retry later (a plain `PlatformError`): 5xx, 429 and the platforms' rate-limit codes (Meta 4,
 *   17, 32, 613 and the 80001-80014 business-use-case limits or `is_transient`; YouTube
 *   `quotaExceeded`, `rateLimitExceeded`, `userRateLimitExceeded`, `uploadLimitExceeded`; TikTok
 *   `rate_limit_exceeded`, `spam_risk_too_many_posts`, `internal_error`), and network failures;
 * - the grant is gone (`GrantRevokedError`): 401, Meta 190 and 102 (expired or revoked token), 10
 *   and 200-299 (permission removed), Google `invalid_grant`, TikTok `access_token_invalid`,
 *   `scope_not_authorized`;
 * - permanent for this post (`PermanentPublishError`): every other 4xx (rejected media, a caption
 *   the platform refuses, an account that may not post).
 * Messages carry the platform's own text, never a token.
 */
export type ErrorClass = "rate_limited" | "unavailable" | "grant" | "rejected";

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly errorClass: ErrorClass,
    readonly status: number,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

const META_RATE_CODES = new Set([4, 17, 32, 613]);
const TIKTOK_RETRY = new Set(["rate_limit_exceeded", "spam_risk_too_many_posts", "internal_error"]);
const TIKTOK_GRANT = new Set(["access_token_invalid", "scope_not_authorized", "token_not_authorized_for_specified_purpose"]);
const GOOGLE_RETRY = new Set(["quotaExceeded", "rateLimitExceeded", "userRateLimitExceeded", "uploadLimitExceeded", "backendError"]);

const LABEL: Record<SocialPlatform, string> = { instagram: "Instagram", facebook: "Facebook", youtube: "YouTube", tiktok: "TikTok" };

type Json = Record<string, any>;

/** The error class and message of a platform answer that is not a success. */
export function classify(platform: SocialPlatform, status: number, body: Json | null): { errorClass: ErrorClass; message: string } {
  const label = LABEL[platform];
  if (platform === "instagram" || platform === "facebook") {
    const e = body?.error ?? {};
    const code = Number(e.code);
    const text = `${label} answered ${status}${e.code !== undefined ? ` (error ${e.code}${e.error_subcode ? `/${e.error_subcode}` : ""})` : ""}: ${e.error_user_msg ?? e.message ?? "no message"}`;
    if (code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299)) return { errorClass: "grant", message: text };
    if (META_RATE_CODES.has(code) || (code >= 80001 && code <= 80014) || status === 429) return { errorClass: "rate_limited", message: text };
    if (status >= 500 || e.is_transient === true || code === 1 || code === 2) return { errorClass: "unavailable", message: text };
    if (status === 401) return { errorClass: "grant", message: text };
    return { errorClass: "rejected", message: text };
  }
  if (platform === "youtube") {
    const e = body?.error;
    const reason: string | undefined = typeof e === "string" ? e : e?.errors?.[0]?.reason;
    const text = `${label} answered ${status}${reason ? ` (${reason})` : ""}: ${typeof e === "string" ? (body?.error_description ?? e) : (e?.message ?? "no message")}`;
    if (reason === "invalid_grant" || status === 401) return { errorClass: "grant", message: text };
    if (status === 429 || (reason && GOOGLE_RETRY.has(reason))) return { errorClass: "rate_limited", message: text };
    if (status >= 500) return { errorClass: "unavailable", message: text };
    return { errorClass: "rejected", message: text };
  }
  const e = body?.error ?? {};
  const code: string = typeof e === "string" ? e : (e.code ?? "");
  const text = `${label} answered ${status}${code ? ` (${code})` : ""}: ${typeof e === "string" ? (body?.error_description ?? e) : (e.message ?? "no message")}`;
  if (TIKTOK_GRANT.has(code) || code === "invalid_grant" || status === 401) return { errorClass: "grant", message: text };
  if (TIKTOK_RETRY.has(code) || status === 429) return { errorClass: "rate_limited", message: text };
  if (status >= 500) return { errorClass: "unavailable", message: text };
  return { errorClass: "rejected", message: text };
}

/** Turns a classified failure into what the scheduler understands (retry, permanent, grant gone). */
export function failure(platform: SocialPlatform, status: number, body: Json | null): Error {
  const { errorClass, message } = classify(platform, status, body);
  metrics().socialPlatformErrors.inc({ platform, class: errorClass });
  if (errorClass === "grant") return new GrantRevokedError(message);
  if (errorClass === "rejected") return new PermanentPublishError(message);
  return new PlatformError(message, errorClass, status);
}

async function readJson(res: Response): Promise<Json | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return { error: { message: text.slice(0, 200) } };
  }
}

/**
 * One JSON call to a platform. Resolves with the body of a 2xx answer (TikTok: only when its
 * `error.code` is "ok"); throws the classified error otherwise. Network failures retry later.
 */
export async function platformJson(platform: SocialPlatform, url: string, init: RequestInit = {}): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(60_000) });
  } catch (err) {
    metrics().socialPlatformErrors.inc({ platform, class: "unavailable" });
    throw new PlatformError(`${LABEL[platform]} could not be reached: ${err instanceof Error ? err.message : String(err)}`, "unavailable", 0);
  }
  const body = await readJson(res);
  if (!res.ok) throw failure(platform, res.status, body);
  if (platform === "tiktok" && body?.error && typeof body.error === "object" && body.error.code && body.error.code !== "ok")
    throw failure(platform, res.status, body);
  return body ?? {};
}

/** A form-encoded body (OAuth token endpoints). */
export function form(values: Record<string, string | undefined>): { body: URLSearchParams; headers: Record<string, string> } {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) body.set(k, v);
  return { body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
