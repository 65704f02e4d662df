import { z } from "zod";
import { createDocument } from "zod-openapi";
import { API_VERSION, env, publicBaseUrl } from "@/server/env";
import { CORS_EXPOSE_HEADERS } from "./cors";
import { ERROR_CODES } from "@/server/core/errors";
import { BAD_TEXT_MESSAGE } from "./input";
import { type OperationDef, idempotencyMode } from "./operation";
import { ALL_OPERATIONS } from "./operations";
import { referenceExtensions, referenceSections, webhookPaths } from "./reference-sections";
import { ErrorEnvelope } from "@/server/contracts/schemas";
import { TAG_DESCRIPTIONS } from "./tags";

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request or validation failure (`ValidationError` with `target` and `details[]`). Text that is not UTF-8, or holds NUL or unpaired surrogates, anywhere in the path, query or body is a `ValidationError` with a `FormatError` detail.",
  401: "Missing, malformed or unknown credentials, or a content-only key.",
  403: "The key is not authorized for this organization or resource.",
  404: "Not found.",
  405: "Method not allowed on this path.",
  409: "Conflict with the resource's state.",
  410: "Gone: the resource existed but can no longer be used.",
  413: "The body is too large.",
  415: "The body is not application/json.",
  422: "The change cannot be applied.",
  429: "Rate limit exceeded; honour Retry-After, then X-RateLimit-Reset.",
  500: "Internal failure; the message carries a request id.",
  503: "The service cannot reach its database (stopped, restarting or overloaded); retry after `Retry-After` seconds. Nothing was written.",
};

/** Response headers, declared once and referenced from every response that carries them. */
const HEADERS = {
  "X-Request-Id": {
    description:
      "The request's id: the client's `X-Request-Id` when it is 8 to 64 characters of `[A-Za-z0-9_.-]`, else one generated. Quote it when reporting a problem.",
    required: true,
    schema: { type: "string", maxLength: 64, pattern: "^[\\w.-]{8,64}$" },
  },
  "X-RateLimit-Limit": {
    description:
      "Weighted units allowed in the binding window (hourly or daily, whichever has fewer left). Sent once the request was charged: on every answer except 401 and some 403s for foreign access tokens.",
    schema: { type: "integer", format: "int64", minimum: 1, maximum: 1_000_000_000 },
  },
  "X-RateLimit-Remaining": {
    description: "Units left in the binding window after this request.",
    schema: { type: "integer", format: "int64", minimum: 0, maximum: 1_000_000_000 },
  },
  "X-RateLimit-Reset": {
    description: "Unix time (seconds) when the binding window resets.",
    schema: { type: "integer", format: "int64", minimum: 0, maximum: 99_999_999_999 },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying (429: until enough units are back; 503: while the database is unavailable).",
    required: true,
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 86_400 },
  },
  "Access-Control-Allow-Origin": {
    description:
      "CORS: `*` by default (credentials are headers, never cookies, so any origin may call); with `CORS_ALLOW_ORIGINS` set, the caller's origin when it is listed, else absent. Preflight `OPTIONS` requests on every path answer 204 with the path's methods, `Access-Control-Allow-Headers: Authorization, Content-Type, X-Api-Key, X-Request-Id, Idempotency-Key` and `Access-Control-Max-Age: 600`.",
    schema: { type: "string", maxLength: 2048, pattern: "^(\\*|https?://[^\\s]+)$" },
  },
  "Access-Control-Expose-Headers": {
    description: "CORS: the response headers a browser script may read.",
    schema: { type: "string", const: CORS_EXPOSE_HEADERS },
  },
} as const;

type HeaderName = keyof typeof HEADERS;
const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const refs = (names: HeaderName[]) => Object.fromEntries(names.map((n) => [n, ref(n)]));

const BASE_HEADERS: HeaderName[] = ["X-Request-Id", "Access-Control-Allow-Origin", "Access-Control-Expose-Headers"];
const RATE_HEADERS: HeaderName[] = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

/** The headers the kernel sends with `status` for `op` (see server/routes/api-route.ts: what is charged when). */
function headersFor(op: OperationDef, status: number) {
  const names = [...BASE_HEADERS];
  const charged = op.auth.length > 0 && status !== 401;
  if (charged) names.push(...RATE_HEADERS);
  if (status === 429 || status === 503) names.push("Retry-After");
  return refs(names);
}

/** Writes accept Idempotency-Key (the kernel applies it to every keyed POST, PUT, PATCH and DELETE). */
const isIdempotentWrite = (op: OperationDef) => op.method !== "get" && op.auth.length > 0;

const IdempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7E]+$/)
  .optional()
  .meta({
    param: { id: "IdempotencyKey" },
    description:
      "Makes a retried write safe: 1 to 255 printable ASCII characters (a UUID is a good choice), unique per intended write. " +
      "The first response is kept for 24 hours per API key (per member for Bearer-only calls); a repeat with the same key, method, path and body " +
      "answers that response with `Idempotent-Replayed: true`, runs nothing and costs no rate-limit units. The same key with another request is 422 " +
      "IdempotencyKeyReused; a repeat while the first still runs is 409 IdempotencyKeyInProgress with Retry-After. 5xx and 429 answers are not kept. " +
      "Each write says which guarantee it gives (`x-idempotency`): exactly-once (the write and the kept response commit together: a crash leaves nothing, and the retry runs, or the kept response) " +
      "or at-least-once (the write commits before the response is kept: if the service dies in between, repeats get 409 for up to 10 minutes, then run the write again; " +
      "likewise at once when storing the response fails or an error follows the commit). Pair the key with the operation's own natural key (e.g. externalId) where a duplicate would hurt.",
    example: "2f1d5c1e-8a4b-4c3e-9f65-0b7c4f7e2a10",
  });

/** The per-operation sentence on what an Idempotency-Key guarantees (docs/integrations.md lists them all). */
const IDEMPOTENCY_GUARANTEE = {
  transaction:
    "Idempotency-Key: exactly once. The write, the key's record and the kept response commit in one transaction: after a crash a retry with the key runs the write (nothing was committed) or gets the kept response.",
  lease:
    "Idempotency-Key: at least once, with replay. The write commits before the response is kept; if the service dies in between, repeats get 409 until the 10-minute lease passes, then run the write again.",
} as const;

const REPLAYED_HEADER = {
  "Idempotent-Replayed": {
    description: "`true` when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string" as const, enum: ["true"] },
  },
};

const IDEMPOTENCY_ERROR_TEXT: Record<number, string> = {
  409: "Conflict with the resource's state, or IdempotencyKeyInProgress (the first request with this Idempotency-Key is still running; honour Retry-After).",
  422: "The change cannot be applied, or IdempotencyKeyReused (the Idempotency-Key was used for another request).",
};

/** Statuses every operation can answer with, besides the ones it declares. */
function errorStatuses(op: OperationDef): number[] {
  const set = new Set<number>(op.errors ?? []);
  if (isIdempotentWrite(op)) for (const s of [400, 409, 422]) set.add(s);
  if (op.auth.length) for (const s of [401, 429]) set.add(s);
  if (op.params || op.query || op.body) set.add(400);
  if (op.body) for (const s of [413, 415]) set.add(s);
  set.add(500);
  set.add(503);
  return [...set].sort();
}

function operationObject(op: OperationDef) {
  const security = op.auth.map((s) => ({ [s]: [] }));
  const responses: Record<string, unknown> = {};
  const { status, description, schema, contentType = "application/json" } = op.success;
  responses[String(status)] = {
    description,
    headers: { ...headersFor(op, status), ...(isIdempotentWrite(op) ? REPLAYED_HEADER : {}) },
    ...(status === 204 ? {} : { content: { [contentType]: { schema: schema ?? { type: "string", maxLength: 4096 } } } }),
  };
  for (const alt of op.alternativeSuccess ?? []) {
    responses[String(alt.status)] = {
      description: alt.description,
      headers: headersFor(op, alt.status),
      content: { [alt.contentType]: { schema: { type: "string" } } },
    };
  }
  for (const s of errorStatuses(op)) {
    const text = (isIdempotentWrite(op) ? IDEMPOTENCY_ERROR_TEXT[s] : undefined) ?? ERROR_TEXT[s] ?? "Error.";
    responses[String(s)] = { description: text, headers: headersFor(op, s), content: { "application/json": { schema: ErrorEnvelope } } };
  }
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Rate-limit weight: ${op.weight}x.`, isIdempotentWrite(op) ? IDEMPOTENCY_GUARANTEE[idempotencyMode(op)!] : null]
      .filter(Boolean)
      .join("\n\n"),
    ...(op.deprecated ? { deprecated: true } : {}),
    security: op.auth.length ? security : [],
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(isIdempotentWrite(op) ? { header: z.object({ "Idempotency-Key": IdempotencyKeyHeader }) } : {}),
    },
    ...(op.body
      ? { requestBody: { required: Boolean(op.bodyRequired), content: { "application/json": { schema: op.body } } } }
      : {}),
    responses,
    "x-rate-limit-weight": op.weight,
    ...(isIdempotentWrite(op) ? { "x-idempotency": idempotencyMode(op) === "transaction" ? "exactly-once" : "at-least-once" } : {}),
  };
}

function servers() {
  const production = env().NODE_ENV === "production";
  const list = [{ url: publicBaseUrl(), description: production ? "This deployment (production)" : "Local development server", "x-internal": false }];
  for (const pair of (env().OPENAPI_SERVERS ?? "").split(",").filter(Boolean)) {
    const [name, url] = pair.split("=");
    if (name && url) list.push({ url, description: name, "x-internal": false });
  }
  return list;
}

const INT32 = 2_147_483_647;
const NO_NUL = "^[^\\u0000]*$";

/**
 * Completes every rendered schema with what the kernel enforces for all of them: integers get the
 * int32/int64 format their bounds imply, and request strings that no pattern, format, enum or const
 * describes get the kernel's own rule (no NUL; invalid UTF-8 and lone surrogates are refused too).
 */
function completeSchema({ jsonSchema, io }: { jsonSchema: Record<string, unknown>; io: "input" | "output" }): void {
  if (jsonSchema.type === "integer" && !jsonSchema.format) {
    const min = jsonSchema.minimum as number | undefined;
    const max = jsonSchema.maximum as number | undefined;
    jsonSchema.format = min !== undefined && max !== undefined && min >= -INT32 - 1 && max <= INT32 ? "int32" : "int64";
  }
  if (io === "input" && jsonSchema.type === "string" && !("pattern" in jsonSchema || "format" in jsonSchema || "enum" in jsonSchema || "const" in jsonSchema)) {
    jsonSchema.pattern = NO_NUL;
  }
}

let cached: Record<string, unknown> | null = null;

/** The OpenAPI 3.1 document, assembled from the same declarations the kernel enforces. */
export function buildOpenApiDocument(operations: OperationDef[] = ALL_OPERATIONS): Record<string, unknown> {
  if (cached && operations === ALL_OPERATIONS) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op);
  }
  const base = publicBaseUrl();
  const doc = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Forma API",
        version: API_VERSION,
        description:
          "Fitness content and personalization API. Every request sends `X-Api-Key`; member-scoped routes also accept `Authorization: Bearer <access token>`. " +
          `Errors use one envelope with stable codes: ${Object.keys(ERROR_CODES).join(", ")}. Validation failures are 400 ValidationError with details codes ConstraintError (unknown keys, and rules that span several fields), TypeError, RangeError, FormatError and EnumError. ` +
          `Path parameters, query keys and values and JSON strings ${BAD_TEXT_MESSAGE}. ` +
          "Every response carries `X-Request-Id` and the CORS headers; charged responses carry `X-RateLimit-*`. While the database is unavailable the API answers 503 `ServiceUnavailable` with `Retry-After`." +
          `\n\n${referenceSections()}`,
        contact: { name: "Forma API team", url: `${base}/docs` },
        license: { name: "Proprietary: use under the terms of your Forma agreement", url: `${base}/docs` },
      },
      servers: servers(),
      tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? "" })),
      components: {
        securitySchemes: {
          "X-Api-Key": { type: "apiKey", in: "header", name: "X-Api-Key", description: "Organization API key. Never sent in a URL." },
          AccessToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description:
              "Member access token; wins over attribution fields. Follows RFC8725 (JWT Best Current Practices): only HS256 is accepted (never `none`), and issuer, audience, type and expiry (one hour by default) are verified.",
          },
          EmbedToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description:
              "Embed token minted on the partner's server (`POST /v1/orgs/{organizationId}/embed-tokens`) and given to a player as `token=` in place of its API key. Accepted only by the operations that list it, and only for the workout it was minted for (or its plan's workouts): that workout's document, playlist, music and exports; sessions and feedback only when it names a member, and only for that member. 401 after expiry or revocation. Follows RFC8725 (JWT Best Current Practices) like AccessToken: only HS256 is accepted (never `none`), and issuer, audience `forma-embed`, type and expiry are verified, plus a revocation check.",
          },
        },
        headers: HEADERS as never,
      },
      paths: paths as never,
      webhooks: webhookPaths() as never,
      ...referenceExtensions(),
    },
    { override: completeSchema as never },
  ) as unknown as Record<string, unknown>;
  if (operations === ALL_OPERATIONS) cached = doc;
  return doc;
}
