import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

/**
 * The typed Forma client: openapi-fetch over the types that openapi-typescript generates from
 * /openapi.json (lib/api/schema.d.ts, `npm run api:types`). Paths, parameters, bodies and answers
 * are checked by the compiler, so a drift between the document and a caller breaks the build.
 *
 *   const forma = createFormaClient({ baseUrl: "http://localhost:3000", apiKey });
 *   const { data, error, response } = await forma.GET("/v1/orgs/{organizationId}/workouts", {
 *     params: { path: { organizationId }, query: { limit: 5 } },
 *   });
 *   await forma.POST("/v1/orgs/{organizationId}/webhooks", {
 *     params: { path: { organizationId }, header: { "Idempotency-Key": newIdempotencyKey() } },
 *     body: { url, eventTypes: ["workout.session.completed"] },
 *   });
 */
export type FormaClient = Client<paths>;
export type FormaSchemas = components["schemas"];
export type { components, operations, paths };

export interface FormaClientOptions {
  /** The service's base URL, e.g. http://localhost:3000 (no trailing /v1). */
  baseUrl: string;
  /** Sent as X-Api-Key on every request. */
  apiKey?: string;
  /** A member access token, sent as `Authorization: Bearer` (member routes). */
  accessToken?: string;
  /** Another fetch (tests, proxies). */
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
}

export function createFormaClient(opts: FormaClientOptions): FormaClient {
  return createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/$/, ""),
    fetch: opts.fetch,
    headers: {
      ...opts.headers,
      ...(opts.apiKey ? { "X-Api-Key": opts.apiKey } : {}),
      ...(opts.accessToken ? { Authorization: `Bearer ${opts.accessToken}` } : {}),
    },
  });
}

/** A fresh Idempotency-Key: reuse it when retrying the same write, never for another one. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
