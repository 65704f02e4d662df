"use client";

/**
 * The console's client for its internal routes (`/api/console/**`): same-origin fetches (the
 * session cookie rides along; browsers add the Origin header the routes check), JSON in and
 * out, and the API's error envelope turned into a ConsoleApiError with field errors.
 */
export interface ErrorDetail {
  code: string;
  message: string;
  target: string;
}

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly target?: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ConsoleApiError";
  }

  /**
   * Field errors keyed by the form's field path: `segments.2.workSeconds` (validation details) or
   * `segments[2].videoAssetId` (service errors) both become `segments.2.workSeconds`-style keys.
   */
  get fields(): Record<string, string> {
    const out: Record<string, string> = {};
    const norm = (t: string) => t.replace(/\[(\d+)\]/g, ".$1");
    for (const d of this.details) out[norm(d.target)] ??= d.message;
    if (this.target && !this.details.length && this.code !== "ValidationError") out[norm(this.target)] ??= this.message;
    return out;
  }
}

export interface FetchOptions {
  method?: string;
  body?: unknown;
  /** Sent as is (uploads: a Blob chunk). */
  raw?: Blob | ArrayBuffer;
  signal?: AbortSignal;
}

export async function consoleFetch<T = unknown>(path: string, opts: FetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.raw !== undefined) {
    headers["content-type"] = "application/octet-stream";
    body = opts.raw;
  } else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(path, { method: opts.method ?? (body ? "POST" : "GET"), headers, body, signal: opts.signal, credentials: "same-origin" });
  if (res.status === 401 && typeof window !== "undefined") {
    window.location.assign("/console/sign-in");
    throw new ConsoleApiError(401, "Unauthorized", "Your session ended. Sign in again.");
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = json?.error ?? {};
    throw new ConsoleApiError(res.status, e.code ?? "Error", e.message ?? `Request failed (${res.status}).`, e.target, e.details ?? []);
  }
  return json as T;
}

/** The message to show for any error a console request threw. */
export function errorMessage(err: unknown): string {
  if (err instanceof ConsoleApiError) {
    if (err.code === "ValidationError" && err.details.length) return "Some fields need attention.";
    return err.message;
  }
  return err instanceof Error ? err.message : "Something went wrong.";
}

/** Builds a query string from defined values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : "";
}
