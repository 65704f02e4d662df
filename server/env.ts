import { z } from "zod";

/**
 * All configuration, parsed once. Read lazily (`env()`) so that start-up code can set
 * DATABASE_URL (embedded engine) before anything connects.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./.data"),
  DATABASE_URL: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Extra OpenAPI servers, `name=url` pairs separated by commas (e.g. `staging=https://...`). */
  OPENAPI_SERVERS: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Secret for member access tokens (HS256). Generated per installation when unset. */
  ACCESS_TOKEN_SECRET: z.string().min(32).optional(),
  MEDIA_SIGNING_SECRET: z.string().min(16).optional(),
  /** Signs the console's session cookies (NextAuth JWTs). Generated per installation when unset. */
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  /** Hours a console sign-in lasts (the session can be revoked any time before). */
  CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(7 * 24),
  /**
   * Trust X-Forwarded-For from a reverse proxy in front of the server (console sign-in throttling
   * by client address). Off: the server overwrites it with the connection's address.
   */
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /**
   * Who may frame the players under /embed/ (CSP frame-ancestors sources, space-separated, e.g.
   * "https://app.example.com https://*.example.org"). Default `*`: any partner site, as the run
   * contract allows. Every other page may not be framed at all.
   */
  EMBED_FRAME_ANCESTORS: z
    .string()
    .regex(/^[A-Za-z0-9*:/.[\]' -]+$/, "space-separated CSP sources")
    .default("*"),
  /** Where Next's build is (next.config.ts distDir; tests build into their own): the prerendered pages' script hashes, the pages' route templates for the metrics. */
  NEXT_DIST_DIR: z.string().min(1).default(".next"),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  SMTP_URL: z.string().optional(),
  /** Sender address for notification emails when SMTP_URL is set. */
  SMTP_FROM: z.string().min(3).default("Forma <no-reply@forma.local>"),
  /** Web Push: the VAPID `sub` claim (mailto: or https: URL) push services may use to reach the operator; default from SMTP_FROM. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "mailto: address or https: URL").optional(),
  /** FCM HTTP v1 for partner apps: the Firebase service-account key (its JSON text, or the path of the file). */
  FCM_SERVICE_ACCOUNT_JSON: z.string().min(2).optional(),
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  /** The FCM API origin (tests point it at a local fake). */
  FCM_BASE_URL: z.string().url().default("https://fcm.googleapis.com"),
  /** Inngest runs the jobs when any of these is set (the SDK reads them itself too); else pg-boss. */
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_BASE_URL: z.string().url().optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  /** Verifies Inngest's calls to /api/inngest (and the previous key during a rotation). */
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY_FALLBACK: z.string().min(1).optional(),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Adapter newly connected social accounts post through ("sandbox" records posts instead of publishing). */
  SOCIAL_ADAPTER: z.string().min(1).default("sandbox"),
  /**
   * Platform apps for connecting social accounts through OAuth (README, "Social platforms"). A
   * platform without its pair keeps its Connect button explaining what to configure.
   */
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Sends every platform call to `<this>/<host>/<path>` instead (tests' local fakes, a recording proxy). */
  SOCIAL_PLATFORM_BASE_URL: z.string().url().optional(),
  /** While a platform processes a video: milliseconds between status checks, and checks per attempt before retrying later. */
  SOCIAL_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  SOCIAL_POLLS_PER_ATTEMPT: z.coerce.number().int().min(1).max(200).default(20),
  /** YouTube's resumable upload chunk (a multiple of 256 KiB, as YouTube requires). */
  SOCIAL_UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(262_144)
    .refine((n) => n % 262_144 === 0, "a multiple of 262144 (256 KiB)")
    .default(8 * 1_048_576),
  /** ffmpeg binary for media jobs; defaults to the one from @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Where an ffmpeg of the system is looked for when FFMPEG_PATH is unset (server/media/ffmpeg.ts). */
  PATH: z.string().default(""),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Largest accepted JSON body in bytes. */
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_000_000),
  /**
   * Deliver webhooks to private, loopback and link-local addresses (SSRF protection off). For local
   * development and tests with a receiver on this machine; never on a service reachable by others.
   */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /** Key for the webhook signing secrets at rest (AES-256-GCM). Generated per installation when unset. */
  WEBHOOK_SECRETS_KEY: z.string().min(32).optional(),
  /** Origins allowed to call the API from a browser: `*` (default) or comma-separated origins. */
  CORS_ALLOW_ORIGINS: z.string().min(1).optional(),
  /** Seconds to wait for a database connection before a request fails with 503. */
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
  /** Server-side limit for one SQL statement of the API's pool (0 disables it); over it the request is a 503. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** `1`: check responses against their declared schemas in production too (always on elsewhere). */
  FORMA_VALIDATE_RESPONSES: z.enum(["0", "1"]).default("0"),
  /** `1`: send API traffic through Next instead of the custom server's direct dispatcher. */
  FORMA_API_VIA_NEXT: z.enum(["0", "1"]).default("0"),
  /** Bearer token that opens GET /metrics to other machines (loopback is always allowed; unset: loopback only). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Share of requests (0 to 1) that get an access-log line at `info`; server errors (5xx) always do. */
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(1),
  /**
   * Seconds between SIGTERM and closing the listener, while GET /ready answers 503 so a load
   * balancer stops sending new requests (requests keep being served meanwhile).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /**
   * OpenTelemetry (standard variables; tracing stays off, and its SDK unloaded, unless one of the
   * first three asks for it). The head sample follows OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG
   * (server/observability/head-sampler.ts); the exporter reads its other OTEL_* settings itself.
   */
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** `http/protobuf` (the default, as the OpenTelemetry specification asks) or `http/json`; the TRACES one wins. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.string().optional(),
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /** Node's own; read to tell whether AsyncLocalStorage runs on AsyncContextFrame (tracing's cost, docs/operations.md). */
  NODE_OPTIONS: z.string().optional(),
  OTEL_TRACES_SAMPLER: z.string().optional(),
  OTEL_TRACES_SAMPLER_ARG: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) cached = EnvSchema.parse(process.env);
  return cached;
}

/** For tests that change process.env. */
export function resetEnvCache(): void {
  cached = undefined;
}

let base: { of: Env; url: string } | null = null;

export function publicBaseUrl(): string {
  const e = env();
  if (base?.of !== e) base = { of: e, url: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "") };
  return base.url;
}

/**
 * Settings that libraries read from process.env themselves, derived from this schema's: NextAuth
 * v4 takes its own address (callback and redirect URLs) only from NEXTAUTH_URL, so it is set from
 * PUBLIC_BASE_URL (the one address setting) and not configured on its own. Called once at start
 * (server.ts), before Next handles a request.
 */
export function applyDerivedEnv(): void {
  process.env.NEXTAUTH_URL = `${publicBaseUrl()}/api/auth`;
}

export const API_VERSION = "1.0.0";
