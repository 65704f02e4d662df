import { env } from "@/server/env";

/**
 * Cross-origin behaviour of the API, decided once. Credentials are API keys and Bearer tokens
 * sent in headers, never cookies, so a browser on another origin gains nothing it could not send
 * with any HTTP client: by default every origin may call (`Access-Control-Allow-Origin: *`, no
 * credentials mode), which is what browser-based partner apps and players on other origins need.
 * `CORS_ALLOW_ORIGINS` (comma-separated origins) narrows that to a list; other origins then get no
 * CORS headers and the browser blocks the response. Every API response carries the headers (the
 * kernel adds them), and `OPTIONS` preflights are answered by the dispatcher with the path's
 * methods.
 */
export const CORS_ALLOW_HEADERS = "Authorization, Content-Type, X-Api-Key, X-Request-Id, Idempotency-Key";
export const CORS_EXPOSE_HEADERS = "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After";
export const CORS_MAX_AGE_SECONDS = 600;

let parsed: { source: string | undefined; any: boolean; origins: Set<string> } | null = null;

function allowList(): { any: boolean; origins: Set<string> } {
  const source = env().CORS_ALLOW_ORIGINS;
  if (!parsed || parsed.source !== source) {
    const items = (source ?? "*")
      .split(",")
      .map((s) => s.trim().replace(/\/$/, ""))
      .filter(Boolean);
    parsed = { source, any: items.includes("*"), origins: new Set(items) };
  }
  return parsed as { any: boolean; origins: Set<string> };
}

const ANY: Record<string, string> = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS };

/** The CORS headers of an API response to a request from `origin` (the Origin header, if any). */
export function corsHeaders(origin: string | null): Record<string, string> {
  const list = allowList();
  if (list.any) return ANY;
  if (origin && list.origins.has(origin)) {
    return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS, Vary: "Origin" };
  }
  return { Vary: "Origin" };
}

/** Headers of a successful preflight for a path that serves `methods`. */
export function preflightHeaders(origin: string | null, methods: string[]): Record<string, string> {
  const base = corsHeaders(origin);
  if (!base["Access-Control-Allow-Origin"]) return base;
  return {
    ...base,
    Allow: [...methods, "OPTIONS"].join(", "),
    "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
    "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
    "Access-Control-Max-Age": String(CORS_MAX_AGE_SECONDS),
  };
}
