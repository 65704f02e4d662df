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
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  SMTP_URL: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Largest accepted JSON body in bytes. */
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_000_000),
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

export function publicBaseUrl(): string {
  const e = env();
  return (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}

export const API_VERSION = "1.0.0";
