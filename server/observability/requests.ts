import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteFile } from "@/server/http/app-router";
import { type ApiRequest, DirectRequest } from "@/server/http/direct-request";
import { logEnabled } from "@/server/core/log";
import { env } from "@/server/env";
import { metrics } from "./metrics";
import { type RequestSpan, endRequestSpan, inRequestSpan, startRequestSpan, tracingOn } from "./tracing";

/**
 * One record per HTTP request, from its arrival to the moment its response is done (or the client
 * went away): the duration histogram and the 429 counter (server/observability/metrics.ts), the
 * access-log line (sampled: ACCESS_LOG_SAMPLE) and, with tracing on, the request's span. The direct
 * dispatcher and server.ts (pages) open it; the API kernel (server/routes/api-route.ts) adds the
 * operationId, the request id and the caller. Kept on the Node request under a symbol: the kernel
 * reaches it through the DirectRequest, whatever copy of this module it was bundled with.
 */
export interface RequestRecord {
  start: number;
  method: string;
  /** operationId for API operations, else the route template (`/media/[...key]`, a page's `/workouts/[workoutId]`). */
  route: string;
  operationId?: string;
  requestId?: string;
  /** The path's organization id, when the route names one. */
  params?: Record<string, string | string[]>;
  /** The API caller (its organization is read only for the access log). */
  caller?: { apiKey: { organizationId: string; kind?: string } | null; member: { organizationId: string } | null } | null;
  span?: RequestSpan;
}

const RECORD = Symbol.for("forma.request");
type Carrier = IncomingMessage & { [RECORD]?: RequestRecord };

const UNMATCHED = "(unmatched)";
const routeLabels = new WeakMap<RouteFile, string>();

/** `/v1/orgs/[organizationId]/workouts` for a route file. */
export function routeTemplate(route: RouteFile): string {
  let label = routeLabels.get(route);
  if (label === undefined) {
    label = `/${route.segments.map((s) => (s.kind === "static" ? s.value : s.kind === "dynamic" ? `[${s.name}]` : `[...${s.name}]`)).join("/")}`;
    routeLabels.set(route, label);
  }
  return label;
}

/** Opens the record of a request (idempotent: the dispatcher under server.ts and the test harness both call it). */
export function observeRequest(req: IncomingMessage, res: ServerResponse, route = UNMATCHED): RequestRecord {
  const carrier = req as Carrier;
  const existing = carrier[RECORD];
  if (existing) return existing;
  const rec: RequestRecord = { start: performance.now(), method: req.method ?? "GET", route };
  carrier[RECORD] = rec;
  if (tracingOn()) rec.span = startRequestSpan(req, rec.method);
  res.on("close", onClose);
  return rec;
}

/** The route the dispatcher matched (null: none). */
export function labelRequest(req: IncomingMessage, route: RouteFile | null | undefined, params?: Record<string, string | string[]>): void {
  const rec = (req as Carrier)[RECORD];
  if (!rec) return;
  if (route) {
    rec.route = routeTemplate(route);
    rec.params = params;
  }
}

/** A dispatcher whose every request is observed (and, with tracing on, handled inside its span). */
export function observedDispatcher<D extends { handles(pathname: string): boolean; dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> }>(
  d: D,
): D {
  const inner = d.dispatch;
  return {
    ...d,
    dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const rec = observeRequest(req, res);
      return rec.span ? inRequestSpan(rec.span, () => inner(req, res)) : inner(req, res);
    },
  };
}

/**
 * The API kernel's part (server/routes/api-route.ts): the operationId becomes the request's label, with
 * its request id. Returns the record, for the caller once authenticated.
 */
export function noteOperation(req: ApiRequest, operationId: string, requestId: string): RequestRecord | undefined {
  const rec = req instanceof DirectRequest ? (req.node as Carrier)[RECORD] : undefined;
  if (rec) {
    rec.route = operationId;
    rec.operationId = operationId;
    rec.requestId = requestId;
  }
  return rec;
}

/** The record of a Node request, if one was opened. */
export function recordOf(req: IncomingMessage | null | undefined): RequestRecord | undefined {
  return req ? (req as Carrier)[RECORD] : undefined;
}

const STATUS = ["1xx", "2xx", "3xx", "4xx", "5xx"];

function onClose(this: ServerResponse): void {
  const rec = (this.req as Carrier)[RECORD];
  if (!rec) return;
  const seconds = (performance.now() - rec.start) / 1000;
  const status = this.statusCode;
  // A response the client hung up on before it was complete is counted as "aborted".
  const statusClass = this.writableFinished ? (STATUS[Math.floor(status / 100) - 1] ?? "5xx") : "aborted";
  const m = metrics();
  m.httpDuration.labels(rec.route, rec.method, statusClass).observe(seconds);
  if (status === 429) m.rateLimited.inc({ route: rec.route });
  if (rec.span) endRequestSpan(rec.span, rec, status, organizationOf(rec));
  accessLog(rec, status, statusClass, seconds);
}

/** The organization a request acted for: the path's, else the caller's own (a member's, a single-organization key's). */
function organizationOf(rec: RequestRecord): string | undefined {
  const p = rec.params?.organizationId ?? rec.params?.orgId;
  if (typeof p === "string") return p;
  const c = rec.caller;
  if (!c) return undefined;
  if (c.member) return c.member.organizationId;
  if (c.apiKey && c.apiKey.kind !== "multi") return c.apiKey.organizationId;
  return undefined;
}

const LOG_ID_PREFIX = `acc_${randomBytes(5).toString("hex")}`;
let logCounter = 0;
let sample: { of: unknown; rate: number } | null = null;

function sampleRate(): number {
  const e = env();
  if (sample?.of !== e) sample = { of: e, rate: e.ACCESS_LOG_SAMPLE };
  return sample.rate;
}

/**
 * The access-log line: method, route (operationId or template), status, duration, request id and
 * organization; never the query string, a header, a key or a body. Server errors are always logged;
 * other requests with the probability ACCESS_LOG_SAMPLE.
 */
function accessLog(rec: RequestRecord, status: number, statusClass: string, seconds: number): void {
  if (!logEnabled("info")) return;
  const rate = sampleRate();
  if (status < 500 && rate < 1 && (rate <= 0 || Math.random() >= rate)) {
    metrics().accessLogSkipped.inc();
    return;
  }
  logCounter = (logCounter + 1) % Number.MAX_SAFE_INTEGER;
  const line = {
    level: "info",
    time: new Date().toISOString(),
    msg: "request",
    method: rec.method,
    route: rec.route,
    ...(rec.operationId ? { operationId: rec.operationId } : {}),
    status,
    ...(statusClass === "aborted" ? { aborted: true } : {}),
    durationMs: Math.round(seconds * 10_000) / 10,
    requestId: rec.requestId ?? `${LOG_ID_PREFIX}${logCounter.toString(36)}`,
    organizationId: organizationOf(rec) ?? null,
    ...(rec.span ? { traceId: rec.span.traceId } : {}),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}
