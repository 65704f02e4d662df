import type { RouteFile } from "./app-router";

/**
 * The route files the custom server serves itself (server/http/direct-dispatch.ts): the API
 * (`/v1`, `/media`, `/health`, `/metrics`, `/ready`), the console's internal routes and Inngest's endpoint. Pages, the
 * reference and the console's sign-in are Next's. The compiled server bundles exactly these.
 */
/** The operational endpoints beside /health (server/observability/endpoints.ts). */
const OPERATIONAL = new Set(["metrics", "ready"]);

export function isDirectRoute(r: RouteFile): boolean {
  const [first, second] = r.segments;
  // The console's internal routes and Inngest's endpoint (jobs run in this process's module copy).
  if (first?.kind === "static" && first.value === "api") return second?.kind === "static" && (second.value === "console" || second.value === "inngest");
  if (r.segments.length === 1 && first?.kind === "static" && OPERATIONAL.has(first.value)) return true;
  return first?.kind === "static" && (first.value === "v1" || first.value === "media" || first.value === "health");
}
