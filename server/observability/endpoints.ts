import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError, errorResponse } from "@/server/core/errors";
import { LOCAL_REQUEST_HEADER, isLocalRequest } from "@/server/docs/demo-credentials";
import { env } from "@/server/env";
import { type ApiRequest, DirectRequest } from "@/server/http/direct-request";
import { METRICS_CONTENT_TYPE, metrics } from "./metrics";
import { readiness } from "./readiness";

/**
 * The operational endpoints beside `/health` (not part of the API contract, like it): `GET /metrics`
 * (Prometheus text format) and `GET /ready`. See docs/operations.md.
 */

/** Seconds a balancer should wait before asking /ready again. */
const READY_RETRY_AFTER = "5";

/**
 * From this machine and not relayed: the connection's address is loopback and no proxy header
 * came with it (the custom server's rule for /docs, server/docs/demo-credentials.ts). Through Next
 * (FORMA_API_VIA_NEXT=1), server.ts's verdict in x-forma-local-request, which it always overwrites.
 */
function fromThisMachine(req: ApiRequest): boolean {
  if (req instanceof DirectRequest) return isLocalRequest(req.node.socket.remoteAddress, req.node.headers);
  return req.headers.get(LOCAL_REQUEST_HEADER) === "1";
}

const digest = (s: string) => createHash("sha256").update(s).digest();

function bearerMatches(req: ApiRequest, token: string): boolean {
  const header = req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/** GET /metrics: open from loopback; from elsewhere only with `Authorization: Bearer $METRICS_TOKEN`. */
export async function metricsEndpoint(req: ApiRequest): Promise<Response> {
  if (!fromThisMachine(req)) {
    const token = env().METRICS_TOKEN;
    if (!token) {
      return errorResponse(
        new ApiError({ code: "Forbidden", message: "Metrics are served to this machine only; set METRICS_TOKEN to let a scraper elsewhere in." }),
      );
    }
    if (!bearerMatches(req, token)) {
      return errorResponse(
        new ApiError({
          code: "Unauthorized",
          message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
          headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
        }),
      );
    }
  }
  const body = await metrics().registry.metrics();
  return new Response(req.method === "HEAD" ? null : body, { status: 200, headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" } });
}

/** GET /ready: 200 when the instance should get traffic, 503 (envelope, Retry-After) otherwise. */
export async function readyEndpoint(): Promise<Response> {
  const state = await readiness();
  const headers = { "cache-control": "no-store" };
  if (state.ready) {
    return new Response(JSON.stringify({ status: "ready", checks: state.checks }), {
      status: 200,
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
  }
  const failing = Object.entries(state.checks)
    .filter(([, v]) => v !== "ok")
    .map(([k, v]) => `${k} ${v}`);
  const message = state.draining ? "This instance is shutting down; send new requests to another one." : `Not ready: ${failing.join(", ")}.`;
  const err = new ApiError({ code: "ServiceUnavailable", message, headers: { "Retry-After": READY_RETRY_AFTER } });
  const res = errorResponse(err, headers);
  // The envelope, with what was checked beside it (as /health's degraded answer does).
  const body = JSON.parse(await res.text()) as Record<string, unknown>;
  return new Response(JSON.stringify({ ...body, status: state.draining ? "draining" : "not-ready", checks: state.checks }), {
    status: res.status,
    headers: res.headers,
  });
}
