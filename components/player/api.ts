import type { PlayerErrorCode } from "./messages";

/**
 * HTTP for the players: JSON in and out, the key in the X-Api-Key header (never in a URL), and
 * every failure turned into a PlayerApiError with a sentence a member can read.
 */

export class PlayerApiError extends Error {
  constructor(
    readonly code: PlayerErrorCode,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "PlayerApiError";
  }
}

/** The member-facing sentence and message code for an HTTP status. */
export function describeStatus(status: number, what = "This workout", retryAfterSeconds?: number): { code: PlayerErrorCode; message: string } {
  if (status === 401) return { code: "unauthorized", message: "The player's access key was not accepted. Please ask the site owner to check the embed code." };
  if (status === 403) return { code: "forbidden", message: `${what} cannot be played with this player's access key.` };
  if (status === 404) return { code: "not_found", message: `${what} is not available.` };
  if (status === 429) {
    const wait = retryAfterSeconds && retryAfterSeconds > 0 ? ` Please try again in ${Math.ceil(retryAfterSeconds)} seconds.` : " Please try again shortly.";
    return { code: "rate_limited", message: `Too many requests right now.${wait}` };
  }
  if (status === 400) return { code: "invalid_request", message: `${what} could not be loaded: the request was not valid.` };
  return { code: "server_error", message: "Something went wrong on our side. Please try again shortly." };
}

/** Retry-After in seconds, else X-RateLimit-Reset (unix seconds) from now, as the contract says. */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const after = headers.get("retry-after");
  if (after && /^\d+$/.test(after)) return Number(after);
  const reset = headers.get("x-ratelimit-reset");
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) - Math.floor(now / 1000));
  return undefined;
}

export interface ApiCallOptions {
  /** Sent as X-Api-Key (the embed's key); omitted for same-origin page routes that use the member cookie. */
  apiKey?: string;
  /** An embed token (the player's `token=`), sent as a Bearer token instead of a key. */
  token?: string;
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets a final PATCH outlive a page that is being hidden or closed. */
  keepalive?: boolean;
  /** Names the resource in messages ("This workout", "This exercise video"). */
  what?: string;
}

/** The credential headers of a call: the key, else the embed token as a Bearer token. */
export function credentialHeaders(opts: Pick<ApiCallOptions, "apiKey" | "token">, accept: string): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (opts.apiKey) headers["x-api-key"] = opts.apiKey;
  else if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return headers;
}

export async function apiJson<T>(path: string, opts: ApiCallOptions = {}): Promise<T> {
  const headers = credentialHeaders(opts, "application/json");
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body !== undefined ? "POST" : "GET"),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      keepalive: opts.keepalive,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new PlayerApiError("network", "The player could not reach the server. Please check your connection.");
  }
  if (!res.ok) {
    const retry = res.status === 429 ? retryAfterOf(res.headers) : undefined;
    if (res.status === 401 && opts.token) throw await tokenRefusal(res);
    const { code, message } = describeStatus(res.status, opts.what, retry);
    throw new PlayerApiError(code, message, res.status, retry);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Any thrown value as a PlayerApiError (unexpected ones become server_error). */
export function asPlayerError(err: unknown): PlayerApiError {
  if (err instanceof PlayerApiError) return err;
  return new PlayerApiError("server_error", "Something went wrong in the player. Please reload and try again.");
}

/** Why an embed token was refused (the API's message says: expired, revoked or not valid), as a sentence for the member. */
export async function tokenRefusal(res: Response): Promise<PlayerApiError> {
  const reason = await res
    .json()
    .then((b: { error?: { message?: string } }) => b.error?.message ?? "")
    .catch(() => "");
  if (/expired/i.test(reason)) return new PlayerApiError("token_expired", "This player link has expired. Please reload the page that shows it.", 401);
  if (/revoked/i.test(reason)) return new PlayerApiError("token_revoked", "This player link has been revoked by the site owner.", 401);
  return new PlayerApiError("unauthorized", "This player link is not valid. Please ask the site owner to check the embed code.", 401);
}
