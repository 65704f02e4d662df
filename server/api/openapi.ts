import { createDocument } from "zod-openapi";
import { API_VERSION, env, publicBaseUrl } from "@/server/env";
import { ERROR_CODES } from "./errors";
import type { OperationDef } from "./operation";
import { ALL_OPERATIONS } from "./operations";
import { ErrorEnvelope } from "./schemas";

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request or validation failure (`ValidationError` with `target` and `details[]`).",
  401: "Missing, malformed or unknown credentials, or a content-only key.",
  403: "The key is not authorized for this organization or resource.",
  404: "Not found.",
  405: "Method not allowed on this path.",
  409: "Conflict with the resource's state.",
  413: "The body is too large.",
  415: "The body is not application/json.",
  422: "The change cannot be applied.",
  429: "Rate limit exceeded; honour Retry-After, then X-RateLimit-Reset.",
  500: "Internal failure; the message carries a request id.",
};

const RATE_HEADERS = {
  "X-RateLimit-Limit": { description: "Weighted units allowed in the binding window.", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Units left in the binding window.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the binding window resets.", schema: { type: "integer" as const } },
};

/** Statuses every operation can answer with, besides the ones it declares. */
function errorStatuses(op: OperationDef): number[] {
  const set = new Set<number>(op.errors ?? []);
  if (op.auth.length) for (const s of [401, 429]) set.add(s);
  if (op.params || op.query || op.body) set.add(400);
  if (op.body) for (const s of [413, 415]) set.add(s);
  set.add(500);
  return [...set].sort();
}

function operationObject(op: OperationDef) {
  const security = op.auth.map((s) => ({ [s]: [] }));
  const responses: Record<string, unknown> = {};
  const { status, description, schema, contentType = "application/json" } = op.success;
  responses[String(status)] = {
    description,
    ...(op.auth.length ? { headers: RATE_HEADERS } : {}),
    ...(status === 204 ? {} : { content: { [contentType]: { schema: schema ?? { type: "string" } } } }),
  };
  for (const s of errorStatuses(op)) {
    responses[String(s)] = { description: ERROR_TEXT[s] ?? "Error.", content: { "application/json": { schema: ErrorEnvelope } } };
  }
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Rate-limit weight: ${op.weight}x.`].filter(Boolean).join("\n\n"),
    ...(op.deprecated ? { deprecated: true } : {}),
    security: op.auth.length ? security : [],
    requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
    ...(op.body
      ? { requestBody: { required: Boolean(op.bodyRequired), content: { "application/json": { schema: op.body } } } }
      : {}),
    responses,
    "x-rate-limit-weight": op.weight,
  };
}

function servers() {
  const list = [{ url: publicBaseUrl(), description: env().NODE_ENV === "production" ? "This deployment" : "Local" }];
  for (const pair of (env().OPENAPI_SERVERS ?? "").split(",").filter(Boolean)) {
    const [name, url] = pair.split("=");
    if (name && url) list.push({ url, description: name });
  }
  return list;
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
  const doc = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Forma API",
      version: API_VERSION,
      description:
        "Fitness content and personalization API. Every request sends `X-Api-Key`; member-scoped routes also accept `Authorization: Bearer <access token>`. " +
        `Errors use one envelope with stable codes: ${Object.keys(ERROR_CODES).join(", ")}. Validation failures are 400 ValidationError with details codes ConstraintError (unknown keys), TypeError, RangeError, FormatError and EnumError.`,
    },
    servers: servers(),
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        "X-Api-Key": { type: "apiKey", in: "header", name: "X-Api-Key", description: "Organization API key." },
        AccessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Member access token; wins over attribution fields." },
      },
    },
    paths: paths as never,
  }) as unknown as Record<string, unknown>;
  if (operations === ALL_OPERATIONS) cached = doc;
  return doc;
}
