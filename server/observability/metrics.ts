import client from "prom-client";

/**
 * The process's Prometheus metrics (served by `GET /metrics`, documented in docs/operations.md,
 * "Metrics"). One registry per process, kept on globalThis like the database pool (db/client.ts):
 * the compiled server's direct path and Next's bundle each load this module, and both must count
 * into the same series. Labels are bounded: an operationId or route template, a method, a status
 * class, a job id, an outcome; never an organization, member, key or other id.
 */
export interface FormaMetrics {
  registry: client.Registry;
  httpDuration: FastHistogram;
  rateLimited: client.Counter<"route">;
  dbQueryDuration: FastHistogram;
  jobRuns: client.Counter<"job" | "outcome">;
  jobDuration: client.Histogram<"job">;
  renderDuration: client.Histogram<"kind" | "outcome">;
  castEvents: client.Counter<"event">;
  webhookDeliveries: client.Counter<"outcome">;
  socialPublishes: client.Counter<"platform" | "outcome">;
  socialPlatformErrors: client.Counter<"platform" | "class">;
  pushDeliveries: client.Counter<"channel" | "outcome">;
  modelCalls: client.Counter<"call" | "outcome">;
  modelFallbacks: client.Counter<"call">;
  accessLogSkipped: client.Counter;
  embedTokens: client.Counter<"event">;
}

/**
 * A histogram for the hot paths (every request, every SQL statement). prom-client's Histogram
 * validates and hashes the labels on every observation, even through a bound child (about 7 µs on
 * this machine, several percent of a cached API call); a series here is fetched once per label set
 * and an observation is a bucket search and three additions. Prometheus sees an ordinary histogram:
 * the registry calls `get()` when scraped.
 */
export class FastHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    registry: client.Registry,
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    registry.registerMetric(this as unknown as client.Metric);
  }

  /** The series of one label set (values in labelNames' order); keep it for later observations. */
  labels(...values: string[]): HistogramSeries {
    const key = values.join("\u0000");
    let series = this.series.get(key);
    if (!series) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((n, i) => {
        labels[n] = values[i] ?? "";
      });
      series = new HistogramSeries(labels, this.bounds);
      this.series.set(key, series);
    }
    return series;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

export class HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && value > b[i]!) i++;
    if (i < b.length) this.counts[i]!++;
    this.sum += value;
    this.count++;
  }
}

/** Sources read when Prometheus scrapes (pool, queues, sockets), registered by the modules that own them. */
export interface ScrapeSources {
  pool?: () => { busy: number; idle: number; connecting: number; waiting: number; max: number } | null;
  jobQueues?: () => Promise<{ job: string; depth: number; oldestAgeSeconds: number }[] | null>;
  castSockets?: () => number | null;
}

const holder = globalThis as unknown as { __formaMetrics?: FormaMetrics; __formaScrapeSources?: ScrapeSources };

/** Seconds: API calls are milliseconds; pages and uploads can take seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const LONG_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export function scrapeSources(): ScrapeSources {
  holder.__formaScrapeSources ??= {};
  return holder.__formaScrapeSources;
}

function create(): FormaMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const sources = scrapeSources;
  const m: FormaMetrics = {
    registry,
    httpDuration: new FastHistogram(
      registry,
      "forma_http_request_duration_seconds",
      "HTTP requests by operationId (API) or route template (pages, media, console), method and status class; _count counts requests.",
      ["route", "method", "status"],
      HTTP_BUCKETS,
    ),
    rateLimited: new client.Counter({
      name: "forma_rate_limit_refusals_total",
      help: "Requests refused with 429 TooManyRequests, by operationId or route template.",
      labelNames: ["route"],
      registers: [registry],
    }),
    dbQueryDuration: new FastHistogram(
      registry,
      "forma_db_query_duration_seconds",
      "SQL statements of the request pool, from being queued to their result (outcome ok or error).",
      ["outcome"],
      DB_BUCKETS,
    ),
    jobRuns: new client.Counter({
      name: "forma_job_runs_total",
      help: "Job runs by job id and outcome (ok or failed); a failed run is retried by the provider.",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    jobDuration: new client.Histogram({
      name: "forma_job_duration_seconds",
      help: "Job run durations by job id.",
      labelNames: ["job"],
      buckets: LONG_BUCKETS,
      registers: [registry],
    }),
    renderDuration: new client.Histogram({
      name: "forma_render_duration_seconds",
      help: "Media renders: kind export (one workout locale's video and audio), hls (its HLS renditions and packaging, part of the export) or drop (one aspect ratio's variants and cover), outcome ok or failed.",
      labelNames: ["kind", "outcome"],
      buckets: LONG_BUCKETS,
      registers: [registry],
    }),
    castEvents: new client.Counter({
      name: "forma_cast_events_relayed_total",
      help: "Cast channel events sent to this instance's sockets, by event name.",
      labelNames: ["event"],
      registers: [registry],
    }),
    webhookDeliveries: new client.Counter({
      name: "forma_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome: succeeded, retry (failed, will be retried), failed (given up), skipped.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    socialPublishes: new client.Counter({
      name: "forma_social_publish_attempts_total",
      help: "Social publish attempts by platform and outcome: published, retry (failed, will be retried), failed (given up), skipped.",
      labelNames: ["platform", "outcome"],
      registers: [registry],
    }),
    socialPlatformErrors: new client.Counter({
      name: "forma_social_platform_errors_total",
      help: "Failed calls to a social platform by platform and class: rate_limited, unavailable (5xx, network), grant (revoked or expired), rejected (the platform refused the request or media).",
      labelNames: ["platform", "class"],
      registers: [registry],
    }),
    pushDeliveries: new client.Counter({
      name: "forma_push_deliveries_total",
      help: "Push sends to one device by channel (webPush or fcm) and outcome: sent, failed (retried or rejected), pruned (the push service reported the subscription or token gone).",
      labelNames: ["channel", "outcome"],
      registers: [registry],
    }),
    modelCalls: new client.Counter({
      name: "forma_model_calls_total",
      help: "AI model calls by call name and outcome (ok or failed).",
      labelNames: ["call", "outcome"],
      registers: [registry],
    }),
    modelFallbacks: new client.Counter({
      name: "forma_model_fallbacks_total",
      help: "AI model calls whose result was replaced by the deterministic one (failure, timeout, invalid output).",
      labelNames: ["call"],
      registers: [registry],
    }),
    embedTokens: new client.Counter({
      name: "forma_embed_tokens_total",
      help: "Embed tokens by event: minted, revoked, accepted (a player call authenticated by one), refused (expired, revoked or invalid).",
      labelNames: ["event"],
      registers: [registry],
    }),
    accessLogSkipped: new client.Counter({
      name: "forma_access_log_sampled_out_total",
      help: "Requests whose access-log line was left out by ACCESS_LOG_SAMPLE.",
      registers: [registry],
    }),
  };
  new client.Gauge({
    name: "forma_db_pool_connections",
    help: "Connections of the request pool by state: busy (running statements or a transaction), idle, connecting; max is DB_POOL_MAX.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources().pool?.();
      if (!pool) return;
      this.set({ state: "busy" }, pool.busy);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "connecting" }, pool.connecting);
      this.set({ state: "max" }, pool.max);
    },
  });
  new client.Gauge({
    name: "forma_db_pool_waiting",
    help: "Statements waiting for a connection of the request pool.",
    registers: [registry],
    collect() {
      const pool = sources().pool?.();
      if (pool) this.set(pool.waiting);
    },
  });
  const depth = new client.Gauge({
    name: "forma_job_queue_depth",
    help: "Jobs waiting to run (local provider), by job id.",
    labelNames: ["job"],
    registers: [registry],
  });
  new client.Gauge({
    name: "forma_job_queue_oldest_age_seconds",
    help: "Age of the oldest job waiting to run (local provider), by job id; 0 when none waits.",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      const queues = await sources()
        .jobQueues?.()
        .catch(() => null);
      if (!queues) return;
      depth.reset();
      this.reset();
      for (const q of queues) {
        depth.set({ job: q.job }, q.depth);
        this.set({ job: q.job }, q.oldestAgeSeconds);
      }
    },
  });
  new client.Gauge({
    name: "forma_cast_sockets_connected",
    help: "Cast channel sockets connected to this instance.",
    registers: [registry],
    collect() {
      const n = sources().castSockets?.();
      if (n !== null && n !== undefined) this.set(n);
    },
  });
  return m;
}

/** The process's metrics (created on first use). */
export function metrics(): FormaMetrics {
  holder.__formaMetrics ??= create();
  return holder.__formaMetrics;
}

export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;

/** Runs `fn` and records its duration in the render histogram. */
export async function timeRender<T>(kind: "export" | "drop" | "hls", fn: () => Promise<T>, failed?: (result: T) => boolean): Promise<T> {
  const end = metrics().renderDuration.startTimer({ kind });
  try {
    const result = await fn();
    end({ outcome: failed?.(result) ? "failed" : "ok" });
    return result;
  } catch (err) {
    end({ outcome: "failed" });
    throw err;
  }
}
