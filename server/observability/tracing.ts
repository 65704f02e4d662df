import type { IncomingMessage } from "node:http";
import type * as OtelApi from "@opentelemetry/api";
import { API_VERSION, env } from "@/server/env";

/**
 * OpenTelemetry tracing, off unless the standard variables ask for it (docs/operations.md,
 * "Tracing"): OTEL_TRACES_EXPORTER=otlp, or an OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT. Off, nothing of
 * the SDK is loaded and every helper here is one property read. On, `startTracing()` (server.ts)
 * loads the SDK with the OTLP/HTTP exporter, which reads the other OTEL_* settings itself (headers,
 * timeout, sampler: OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG). The state is on globalThis: the
 * compiled server and Next's bundle share one tracer provider.
 *
 * Spans: one per request (server/observability/requests.ts; an incoming `traceparent` is its
 * parent), and children for SQL statements (db/client.ts), job runs and steps (server/jobs), renders,
 * outbound webhooks and model calls. A job carries the `traceparent` of the request that enqueued it.
 */
interface TracingState {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> };
}
const holder = globalThis as unknown as { __formaTracing?: TracingState };

export interface RequestSpan {
  span: OtelApi.Span;
  ctx: OtelApi.Context;
  traceId: string;
}

/** Whether the environment turns tracing on (the standard OTEL_* variables). */
export function tracingConfigured(): boolean {
  const e = env();
  if (e.OTEL_SDK_DISABLED === "true") return false;
  if (e.OTEL_TRACES_EXPORTER) {
    const exporters = e.OTEL_TRACES_EXPORTER.split(",").map((s) => s.trim());
    if (exporters.includes("none")) return false;
    if (exporters.includes("otlp")) return true;
  }
  return Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export function tracingOn(): boolean {
  return holder.__formaTracing !== undefined;
}

/** Loads the SDK and registers the provider when configured; a no-op otherwise. Idempotent. */
export async function startTracing(): Promise<boolean> {
  if (holder.__formaTracing) return true;
  if (!tracingConfigured()) return false;
  const api = await import("@opentelemetry/api");
  const { NodeTracerProvider, BatchSpanProcessor } = await import("@opentelemetry/sdk-trace-node");
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const { resourceFromAttributes } = await import("@opentelemetry/resources");
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env().OTEL_SERVICE_NAME ?? "forma", "service.version": API_VERSION }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // AsyncLocalStorage context and the W3C trace-context propagator (traceparent).
  provider.register();
  holder.__formaTracing = { api, tracer: api.trace.getTracer("forma", API_VERSION), provider };
  return true;
}

/** Sends the spans still buffered and stops the provider (shutdown). */
export async function stopTracing(): Promise<void> {
  const state = holder.__formaTracing;
  if (!state) return;
  holder.__formaTracing = undefined;
  await state.provider.shutdown();
}

/** Exports buffered spans now (tests). */
export async function flushTracing(): Promise<void> {
  await holder.__formaTracing?.provider.forceFlush();
}

const headerGetter: OtelApi.TextMapGetter<IncomingMessage["headers"]> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};

/** The server span of a request, child of the caller's `traceparent` when it sent one. */
export function startRequestSpan(req: IncomingMessage, method: string): RequestSpan | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  const { api } = t;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers, headerGetter);
  const span = t.tracer.startSpan(method, { kind: api.SpanKind.SERVER, attributes: { "http.request.method": method } }, parent);
  return { span, ctx: api.trace.setSpan(parent, span), traceId: span.spanContext().traceId };
}

/** Runs the request's handling with its span as the active one. */
export function inRequestSpan<T>(span: RequestSpan, fn: () => T): T {
  const t = holder.__formaTracing;
  return t ? t.api.context.with(span.ctx, fn) : fn();
}

export function endRequestSpan(
  s: RequestSpan,
  rec: { method: string; route: string; operationId?: string },
  status: number,
  organizationId: string | undefined,
): void {
  const t = holder.__formaTracing;
  s.span.updateName(`${rec.method} ${rec.route}`);
  s.span.setAttribute("http.route", rec.route);
  s.span.setAttribute("http.response.status_code", status);
  if (rec.operationId) s.span.setAttribute("forma.operation_id", rec.operationId);
  if (organizationId) s.span.setAttribute("forma.organization_id", organizationId);
  if (status >= 500 && t) s.span.setStatus({ code: t.api.SpanStatusCode.ERROR });
  s.span.end();
}

/**
 * Runs `fn` in a child span of the active one (`parent`: of that context instead). Without tracing,
 * just `fn()`.
 */
export function withSpan<T>(name: string, attributes: Record<string, string | number | boolean>, fn: () => Promise<T>, parent?: OtelApi.Context): Promise<T> {
  const t = holder.__formaTracing;
  if (!t) return fn();
  const { api } = t;
  return t.tracer.startActiveSpan(name, { attributes }, parent ?? api.context.active(), async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * A child span for one SQL statement, only inside a traced request or job (statements of no trace
 * make no root spans). Returns the function that ends it.
 */
export function startStatementSpan(text: string): ((err: unknown) => void) | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  const { api } = t;
  const active = api.context.active();
  if (!api.trace.getSpan(active)?.isRecording()) return undefined;
  const statement = text.length > 500 ? `${text.slice(0, 500)}…` : text;
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  const span = t.tracer.startSpan(
    `db ${operation}`,
    { kind: api.SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.query.text": statement } },
    active,
  );
  return (err) => {
    if (err) span.setStatus({ code: api.SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    span.end();
  };
}

/** The active trace as a `traceparent` value (to carry into a job), or undefined. */
export function currentTraceparent(): string | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  const carrier: Record<string, string> = {};
  t.api.propagation.inject(t.api.context.active(), carrier);
  return carrier.traceparent;
}

/** The context a job runs in: child of the enqueuing request's trace when it carried one. */
export function contextFromTraceparent(traceparent: unknown): OtelApi.Context | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  if (typeof traceparent !== "string") return t.api.ROOT_CONTEXT;
  return t.api.propagation.extract(t.api.ROOT_CONTEXT, { traceparent });
}
