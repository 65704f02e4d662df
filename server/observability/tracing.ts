import type { IncomingMessage } from "node:http";
import type * as OtelApi from "@opentelemetry/api";
import type { ContextManager, TextMapPropagator } from "@opentelemetry/api";
import type { Sampler, SamplingDecision as SamplingDecisionEnum } from "@opentelemetry/sdk-trace-node";
import { log } from "@/server/core/log";
import { API_VERSION, env } from "@/server/env";
import { type HeadSampler, headSampler, parseTraceparent } from "./head-sampler";

/**
 * OpenTelemetry tracing, off unless the standard variables ask for it (docs/operations.md,
 * "Tracing"): OTEL_TRACES_EXPORTER=otlp, or an OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT. Off, nothing of
 * the SDK is loaded and every helper here is one property read. On, `startTracing()` (server.ts)
 * loads the SDK with the OTLP/HTTP exporter of OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL (protobuf unless
 * `http/json`), which reads the other OTEL_* settings itself (headers, timeout, batching). The state
 * is on globalThis: the compiled server and Next's bundle share one tracer provider.
 *
 * Nothing is registered with the global OpenTelemetry API: the provider, its AsyncLocalStorage
 * context manager and the W3C propagator are this module's own. Registered, they would trace what
 * other code makes through the global API on every request, sampled or not (Next opens and
 * activates a span for each of its render and route-handling steps: with a 0 % sampler that cost
 * about a tenth of the keyed metadata's CPU on Node 22), and the context manager's storage would
 * be entered by requests outside the sample. Next's own spans are therefore not in the traces.
 *
 * Sampling is decided here, once per trace root, before any span exists (./head-sampler.ts, from
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG): a request or job run outside the sample makes no
 * span and runs in no trace context, so it pays for one header read and one decision. The SDK's own
 * sampler (keptSampler) keeps the roots made here and the children of kept spans.
 *
 * Spans: one per sampled request (server/observability/requests.ts; an incoming `traceparent` is its
 * parent), and, only under a recording span, children for SQL statements (db/client.ts), job steps
 * (server/jobs), renders, outbound webhooks and model calls. A job run is a root of its own kind: it
 * carries the `traceparent` of the request that enqueued it and follows its sampled flag.
 */
interface TracingState {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  /** The active span's context, only for what runs under `with` here (AsyncLocalStorage). */
  contexts: ContextManager;
  /** traceparent in and out (W3C trace context). */
  propagator: TextMapPropagator;
  /** Set on the parent context of a root this module decided to sample. */
  sampledRoot: symbol;
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
  const { NodeTracerProvider, BatchSpanProcessor, SamplingDecision } = await import("@opentelemetry/sdk-trace-node");
  // Protobuf by default: a span costs about a third of the CPU of JSON to encode and half the bytes.
  const { OTLPTraceExporter } =
    tracesProtocol() === "http/json" ? await import("@opentelemetry/exporter-trace-otlp-http") : await import("@opentelemetry/exporter-trace-otlp-proto");
  const { resourceFromAttributes } = await import("@opentelemetry/resources");
  const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
  const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
  sampler(); // warns about a sampler setting it cannot follow now, not at the first request
  if (!asyncContextFrame())
    log("warn", `Tracing on Node ${process.versions.node} without AsyncContextFrame: once a trace is sampled, every promise of the process pays AsyncLocalStorage's hook; Node 24, or Node 22 through npm start, avoid it (docs/operations.md, "Tracing")`);
  const sampledRoot = api.createContextKey("forma.sampled-root");
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env().OTEL_SERVICE_NAME ?? "forma", "service.version": API_VERSION }),
    sampler: keptSampler(api, sampledRoot, SamplingDecision),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  holder.__formaTracing = {
    api,
    tracer: provider.getTracer("forma", API_VERSION),
    contexts: new AsyncLocalStorageContextManager().enable(),
    propagator: new W3CTraceContextPropagator(),
    sampledRoot,
    provider,
  };
  return true;
}

/**
 * The OTLP protocol spans are sent with: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else
 * OTEL_EXPORTER_OTLP_PROTOCOL, else `http/protobuf` (the specification's default). gRPC is not
 * shipped: asked for, it warns and sends OTLP/HTTP protobuf (a collector listens for both, on 4317
 * and 4318).
 */
export function tracesProtocol(): "http/protobuf" | "http/json" {
  const e = env();
  const name = e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL !== undefined ? "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL" : "OTEL_EXPORTER_OTLP_PROTOCOL";
  const asked = (e[name] ?? "").trim();
  if (asked === "http/json") return "http/json";
  if (asked !== "" && asked !== "http/protobuf") log("warn", `${name}=${asked} is not supported here; spans go out over http/protobuf (docs/operations.md, "Tracing")`);
  return "http/protobuf";
}

/** Whether AsyncLocalStorage runs on AsyncContextFrame (Node 24's default; a flag on Node 22) rather than a promise hook. */
function asyncContextFrame(): boolean {
  const major = Number(process.versions.node.split(".")[0]);
  const flags = [...process.execArgv, ...(env().NODE_OPTIONS ?? "").split(/\s+/)];
  if (major >= 24) return !flags.includes("--no-async-context-frame");
  return major === 22 && flags.includes("--experimental-async-context-frame");
}

/**
 * The SDK's sampler: the head sample is decided before a span is made (headSampler), so a root
 * made here is kept, and so is a child of a kept span; any other root is dropped.
 */
function keptSampler(api: typeof OtelApi, sampledRoot: symbol, decision: typeof SamplingDecisionEnum): Sampler {
  return {
    shouldSample(ctx) {
      const parent = api.trace.getSpanContext(ctx);
      const keep = ctx.getValue(sampledRoot) === true || (parent !== undefined && (parent.traceFlags & api.TraceFlags.SAMPLED) !== 0);
      return { decision: keep ? decision.RECORD_AND_SAMPLED : decision.NOT_RECORD };
    },
    toString: () => "FormaHeadSampled",
  };
}

/** Sends the spans still buffered and stops the provider (shutdown). */
export async function stopTracing(): Promise<void> {
  const state = holder.__formaTracing;
  if (!state) return;
  holder.__formaTracing = undefined;
  state.contexts.disable();
  await state.provider.shutdown();
}

/** Exports buffered spans now (tests). */
export async function flushTracing(): Promise<void> {
  await holder.__formaTracing?.provider.forceFlush();
}

let sampling: { of: unknown; sampler: HeadSampler } | null = null;

/** The head sampler of the current settings (read again when the environment is, as in tests). */
function sampler(): HeadSampler {
  const e = env();
  if (sampling?.of !== e) sampling = { of: e, sampler: headSampler(e.OTEL_TRACES_SAMPLER, e.OTEL_TRACES_SAMPLER_ARG, (msg) => log("warn", msg)) };
  return sampling.sampler;
}

const headerGetter: OtelApi.TextMapGetter<IncomingMessage["headers"]> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};
const recordGetter: OtelApi.TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (typeof carrier[key] === "string" ? carrier[key] : undefined),
};
const recordSetter: OtelApi.TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * The server span of a request, child of the caller's `traceparent` when it sent one; undefined
 * when the request is outside the head sample (then nothing of it is traced).
 */
export function startRequestSpan(req: IncomingMessage, method: string): RequestSpan | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  const remote = parseTraceparent(req.headers.traceparent);
  if (!sampler().sample(remote)) return undefined;
  const { api } = t;
  const parent = (remote ? t.propagator.extract(api.ROOT_CONTEXT, req.headers, headerGetter) : api.ROOT_CONTEXT).setValue(t.sampledRoot, true);
  const span = t.tracer.startSpan(method, { kind: api.SpanKind.SERVER, attributes: { "http.request.method": method } }, parent);
  return { span, ctx: api.trace.setSpan(parent, span), traceId: span.spanContext().traceId };
}

/** Runs the request's handling with its span as the active one. */
export function inRequestSpan<T>(span: RequestSpan, fn: () => T): T {
  const t = holder.__formaTracing;
  return t ? t.contexts.with(span.ctx, fn) : fn();
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

type Attributes = Record<string, string | number | boolean>;

/** The active context when its span records (a sampled trace), else undefined. */
function recordingContext(t: TracingState): OtelApi.Context | undefined {
  const active = t.contexts.active();
  return t.api.trace.getSpan(active)?.isRecording() ? active : undefined;
}

/**
 * Runs `fn` in a child span of the active one, when that one records (a sampled request or job);
 * otherwise, and without tracing, just `fn()`.
 */
export function withSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const t = holder.__formaTracing;
  const parent = t && recordingContext(t);
  return parent ? inSpan(t, name, attributes, fn, parent) : fn();
}

/**
 * Runs `fn` as the root of a trace, or of its part in this process: a job run, in the trace of the
 * `traceparent` it carries. Head-sampled like a request (the carried sampled flag decides under a
 * parent-based sampler); outside the sample, and without tracing, just `fn()`.
 */
export function withRootSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>, traceparent?: unknown): Promise<T> {
  const t = holder.__formaTracing;
  if (!t) return fn();
  const remote = parseTraceparent(traceparent);
  if (!sampler().sample(remote)) return fn();
  const { api } = t;
  const parent = (remote ? t.propagator.extract(api.ROOT_CONTEXT, { traceparent }, recordGetter) : api.ROOT_CONTEXT).setValue(t.sampledRoot, true);
  return inSpan(t, name, attributes, fn, parent);
}

function inSpan<T>(t: TracingState, name: string, attributes: Attributes, fn: () => Promise<T>, parent: OtelApi.Context): Promise<T> {
  const { api } = t;
  const span = t.tracer.startSpan(name, { attributes }, parent);
  return t.contexts.with(api.trace.setSpan(parent, span), async () => {
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

const MAX_STATEMENT_TEXT = 500;

/**
 * A child span for one SQL statement (its template strings), only under a recording span: a
 * statement of an unsampled request, or of no trace, costs one context read. Returns the function
 * that ends it.
 */
export function startStatementSpan(strings: readonly string[] | undefined): ((err: unknown) => void) | undefined {
  const t = holder.__formaTracing;
  if (!t) return undefined;
  const parent = recordingContext(t);
  if (!parent) return undefined;
  const { api } = t;
  // Drizzle sends one string with $n placeholders; a tagged template is joined at its values.
  const text = !strings ? "" : strings.length === 1 ? strings[0]! : strings.join("$?");
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  const span = t.tracer.startSpan(
    `db ${operation}`,
    {
      kind: api.SpanKind.CLIENT,
      attributes: { "db.system.name": "postgresql", "db.query.text": text.length > MAX_STATEMENT_TEXT ? `${text.slice(0, MAX_STATEMENT_TEXT)}…` : text },
    },
    parent,
  );
  return (err) => {
    if (err) span.setStatus({ code: api.SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    span.end();
  };
}

/** The active trace as a `traceparent` value (to carry into a job), or undefined outside a sampled one. */
export function currentTraceparent(): string | undefined {
  const t = holder.__formaTracing;
  const active = t && recordingContext(t);
  if (!active) return undefined;
  const carrier: Record<string, string> = {};
  t.propagator.inject(active, carrier, recordSetter);
  return carrier.traceparent;
}

/** The tracer spans are made with while tracing is on (tests watch it). */
export function formaTracer(): OtelApi.Tracer | undefined {
  return holder.__formaTracing?.tracer;
}
