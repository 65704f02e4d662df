import { type Server, createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/server/env";
import { TRACE_KEY, observeJobRun, observeJobStep, withTrace } from "@/server/observability/jobs";
import {
  currentTraceparent,
  flushTracing,
  formaTracer,
  startTracing,
  stopTracing,
  tracesProtocol,
  tracingOn,
  withRootSpan,
} from "@/server/observability/tracing";
import { call, createTestOrg, useTestApp } from "@/test/harness";

/**
 * Tracing end to end: the real SDK and OTLP/HTTP exporter send to a receiver in this process, and
 * the spans arrive with their parents: the caller's traceparent, the request span, its SQL
 * statements; a job run in the trace of the code that enqueued it. Outside the head sample nothing
 * is made or sent. The suite reads spans as JSON (`http/json`); the last test checks the default,
 * protobuf.
 */
useTestApp();

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const received: OtlpSpan[] = [];
/** Export requests that were not JSON: their content type and body. */
const receivedOther: { contentType: string; body: Buffer }[] = [];
let receiver: Server;
const saved = {
  protocol: process.env.OTEL_EXPORTER_OTLP_PROTOCOL,
  endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampler: process.env.OTEL_TRACES_SAMPLER,
  samplerArg: process.env.OTEL_TRACES_SAMPLER_ARG,
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/traces" && (req.headers["content-type"] ?? "").includes("json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
      } else if (req.url === "/v1/traces") {
        receivedOther.push({ contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks) });
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const { port } = receiver.address() as { port: number };
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.OTEL_TRACES_SAMPLER = "parentbased_always_on";
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  resetEnvCache();
  expect(await startTracing()).toBe(true);
});

afterAll(async () => {
  await stopTracing();
  for (const [k, v] of [
    ["OTEL_EXPORTER_OTLP_PROTOCOL", saved.protocol],
    ["OTEL_EXPORTER_OTLP_ENDPOINT", saved.endpoint],
    ["OTEL_TRACES_SAMPLER", saved.sampler],
    ["OTEL_TRACES_SAMPLER_ARG", saved.samplerArg],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined);
};

async function spansOf(traceId: string, atLeast: number): Promise<OtlpSpan[]> {
  for (let i = 0; i < 50; i++) {
    await flushTracing();
    const spans = received.filter((s) => s.traceId === traceId);
    if (spans.length >= atLeast) return spans;
    await new Promise((r) => setTimeout(r, 100));
  }
  return received.filter((s) => s.traceId === traceId);
}

describe("OpenTelemetry tracing", () => {
  it("exports a span per request, child of the incoming traceparent, with its SQL statements as children", async () => {
    expect(tracingOn()).toBe(true);
    const org = await createTestOrg();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parentId = "00f067aa0ba902b7";
    const res = await call(`/v1/orgs/${org.organizationId}/workouts?limit=2`, { key: org.key, headers: { traceparent: `00-${traceId}-${parentId}-01` } });
    expect(res.status).toBe(200);
    const spans = await spansOf(traceId, 2);
    const server = spans.find((s) => s.parentSpanId === parentId);
    expect(server, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(server!.name).toBe("GET OrganizationWorkoutsApi_listOrganizationWorkouts");
    expect(attr(server!, "http.response.status_code")).toBe(200);
    expect(attr(server!, "forma.operation_id")).toBe("OrganizationWorkoutsApi_listOrganizationWorkouts");
    expect(attr(server!, "forma.organization_id")).toBe(org.organizationId);
    const statements = spans.filter((s) => s.parentSpanId === server!.spanId && s.name.startsWith("db "));
    expect(statements.length).toBeGreaterThan(0);
    expect(attr(statements[0]!, "db.system.name")).toBe("postgresql");
  });

  it("starts a new trace for a request without traceparent, with the route template for non-operations", async () => {
    const before = new Set(received.map((s) => s.spanId));
    expect((await call("/health?deep=1")).status).toBe(200);
    let server: OtlpSpan | undefined;
    for (let i = 0; i < 50 && !server; i++) {
      await flushTracing();
      server = received.find((s) => !before.has(s.spanId) && s.name === "GET /health");
      if (!server) await new Promise((r) => setTimeout(r, 100));
    }
    expect(server).toBeDefined();
    expect(server!.parentSpanId ?? "").toBe("");
    // The deep probe's `select 1` is the request's child.
    expect(received.some((s) => s.parentSpanId === server!.spanId && s.name === "db SELECT")).toBe(true);
  });

  it("carries the enqueuing trace into a job: its run and steps are children of the span that sent it", async () => {
    let traceId = "";
    let sender = "";
    let data: Record<string, unknown> = {};
    await withRootSpan("enqueue", {}, async () => {
      [, traceId = "", sender = ""] = currentTraceparent()!.split("-");
      data = withTrace({ workoutId: "a".repeat(24) });
    });
    expect(data[TRACE_KEY]).toMatch(new RegExp(`^00-${traceId}-${sender}-01$`));
    // The job system stores `data` and the worker runs it later, outside any request.
    let seen: unknown;
    await observeJobRun("export-workout", data, async (clean) => {
      seen = clean;
      await observeJobStep("render-en-US", async () => {});
    });
    expect(seen).toEqual({ workoutId: "a".repeat(24) });
    const spans = await spansOf(traceId, 3);
    const job = spans.find((s) => s.name === "job export-workout");
    expect(job?.parentSpanId).toBe(sender);
    expect(spans.find((s) => s.name === "job step render-en-US")?.parentSpanId).toBe(job!.spanId);
  });

  it("outside the head sample makes no span and sends nothing, and still follows a sampled traceparent with its SQL statements", async () => {
    const org = await createTestOrg();
    const tracer = formaTracer()!;
    await flushTracing();
    const sentBefore = received.length;
    const made = vi.spyOn(tracer, "startSpan");
    await withSampler("parentbased_traceidratio", "0", async () => {
      const unsampledTrace = "5cf92f3577b34da6a3ce929d0e0e4737";
      const list = `/v1/orgs/${org.organizationId}/workouts?limit=2`;
      expect((await call(list, { key: org.key })).status).toBe(200);
      expect((await call(list, { key: org.key, headers: { traceparent: `00-${unsampledTrace}-00f067aa0ba902b7-00` } })).status).toBe(200);
      // A job run without a carried trace is a root like a request: outside a 0 % sample.
      await observeJobRun("export-workout", { workoutId: "b".repeat(24) }, () => observeJobStep("render-en-US", async () => {}));
      expect(made).not.toHaveBeenCalled();
      await flushTracing();
      expect(received.length).toBe(sentBefore);

      // The caller sampled its trace: parent-based, the request and its statements are traced.
      const sampledTrace = "6df92f3577b34da6a3ce929d0e0e4738";
      const res = await call(list, { key: org.key, headers: { traceparent: `00-${sampledTrace}-00f067aa0ba902b8-01` } });
      expect(res.status).toBe(200);
      const spans = await spansOf(sampledTrace, 2);
      const server = spans.find((s) => s.parentSpanId === "00f067aa0ba902b8");
      expect(server?.name).toBe("GET OrganizationWorkoutsApi_listOrganizationWorkouts");
      expect(spans.filter((s) => s.parentSpanId === server!.spanId && s.name.startsWith("db ")).length).toBeGreaterThan(0);
      expect(received.some((s) => s.traceId === unsampledTrace)).toBe(false);
    });
    made.mockRestore();
  });

  it("registers nothing with the global API: other code's spans (Next's) record nothing and see no trace, even inside a sampled one", async () => {
    const { context, trace, propagation } = await import("@opentelemetry/api");
    const other = trace.getTracer("next.js");
    const foreignRoot = other.startSpan("foreign root");
    expect(foreignRoot.isRecording()).toBe(false);
    foreignRoot.end();
    let child: ReturnType<typeof other.startSpan> | undefined;
    let globalActive: unknown;
    const carrier: Record<string, string> = {};
    await withRootSpan("sampled root", {}, async () => {
      expect(currentTraceparent()).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/); // traced here
      globalActive = trace.getSpan(context.active());
      child = other.startSpan("foreign child", {}, context.active());
      propagation.inject(context.active(), carrier);
    });
    expect(globalActive).toBeUndefined();
    expect(child?.isRecording()).toBe(false);
    expect(child?.spanContext().traceFlags).toBe(0);
    expect(carrier).toEqual({});
  });

  it("a job follows the sampled flag it carries: none for an unsampled trace, even when roots are always sampled", async () => {
    const made = vi.spyOn(formaTracer()!, "startSpan");
    const unsampled = { workoutId: "c".repeat(24), [TRACE_KEY]: "00-7ef92f3577b34da6a3ce929d0e0e4739-00f067aa0ba902b9-00" };
    let ran = false;
    await observeJobRun("export-workout", unsampled, () =>
      observeJobStep("render-en-US", async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(true);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    await flushTracing();
    expect(received.some((s) => s.traceId === "7ef92f3577b34da6a3ce929d0e0e4739")).toBe(false);
  });
});

describe("OTLP protocol", () => {
  it("sends protobuf by default, JSON when OTEL_EXPORTER_OTLP_PROTOCOL asks for it, and warns about one it does not ship", async () => {
    await stopTracing();
    delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
    resetEnvCache();
    expect(tracesProtocol()).toBe("http/protobuf");
    expect(await startTracing()).toBe(true);
    let traceparent = "";
    await withRootSpan("protobuf check", { "forma.check": "protobuf" }, async () => {
      traceparent = currentTraceparent()!;
    });
    await flushTracing();
    const [, traceId = "", spanId = ""] = traceparent.split("-");
    // OTLP protobuf carries the ids as raw bytes and the strings as UTF-8.
    const sent = receivedOther.find((r) => r.body.includes(Buffer.from(traceId, "hex")));
    expect(sent?.contentType).toBe("application/x-protobuf");
    expect(sent!.body.includes(Buffer.from(spanId, "hex"))).toBe(true);
    expect(sent!.body.includes(Buffer.from("protobuf check"))).toBe(true);
    expect(received.some((s) => s.traceId === traceId)).toBe(false);

    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = "http/json"; // the traces-only variable wins
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/protobuf";
    resetEnvCache();
    expect(tracesProtocol()).toBe("http/json");
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL;
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "grpc";
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "warn";
    resetEnvCache();
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(tracesProtocol()).toBe("http/protobuf");
      expect(stderr.mock.calls.map(([line]) => String(line)).join("")).toContain("OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported");
    } finally {
      stderr.mockRestore();
      if (logLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = logLevel;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      resetEnvCache();
    }
  });
});

/** Runs `fn` with another sampler, then the suite's again. */
async function withSampler(sampler: string, arg: string, fn: () => Promise<void>): Promise<void> {
  const previous = { sampler: process.env.OTEL_TRACES_SAMPLER, arg: process.env.OTEL_TRACES_SAMPLER_ARG };
  process.env.OTEL_TRACES_SAMPLER = sampler;
  process.env.OTEL_TRACES_SAMPLER_ARG = arg;
  resetEnvCache();
  try {
    await fn();
  } finally {
    process.env.OTEL_TRACES_SAMPLER = previous.sampler;
    if (previous.arg === undefined) delete process.env.OTEL_TRACES_SAMPLER_ARG;
    else process.env.OTEL_TRACES_SAMPLER_ARG = previous.arg;
    resetEnvCache();
  }
}
