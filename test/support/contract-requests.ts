import { expect } from "vitest";
import type { TestLibraryOrg } from "@/test/fixtures";
import { call } from "@/test/harness";
import { type DocOperation, type JsonSchema, operationsOf } from "./openapi-walk";
import { sampleValue } from "./schema-sample";

/**
 * Test support: requests built from /openapi.json alone, for every operation it declares (so
 * operations added later are covered without touching the tests), with realistic ids of a seeded
 * organization where the document's schema allows them.
 */
export interface DocRequest {
  operation: DocOperation;
  /** Path parameter values, query values (all strings) and the JSON body, if the operation takes one. */
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** Values by parameter or property name (`name[]` for array items) from a seeded organization. */
export async function knownValues(org: TestLibraryOrg): Promise<Record<string, unknown>> {
  const workoutId = org.library.workoutIds[0]!;
  const session = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: org.key, body: { endUserId: org.library.endUsers[0]!.id } });
  expect(session.status, session.text).toBe(201);
  const options = await call("/v1/workouts/feedback/options", { key: org.key });
  const metadata = await call("/v1/workouts/metadata", { key: org.key });
  const groups = await call(`/v1/orgs/${org.organizationId}/groups`, { key: org.key });
  const generated = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: {} });
  const categoryId = metadata.body.data.categories[0]?.id;
  return {
    organizationId: org.organizationId,
    workoutId,
    "workoutIds[]": workoutId,
    planId: org.library.planIds[0],
    "planIds[]": org.library.planIds[0],
    endUserId: org.library.endUsers[0]!.id,
    sessionId: session.body.data.id,
    workoutSessionId: session.body.data.id,
    videoAssetId: org.library.videoAssetIds[0],
    groupId: groups.body.data?.[0]?.id,
    generationId: generated.body?.inspection?.generationId,
    ratingId: options.body.data.rating[0]?.id,
    difficultyId: options.body.data.difficulty[0]?.id,
    categoryId,
    "categoryIds[]": categoryId,
    locale: "de-DE",
    dataType: "steps",
    externalId: "day-2020-01-01",
  };
}

/** A request for `operation` that the document says is valid: `minimal` (required parts only) or `full` (every property). */
export function docRequest(doc: JsonSchema, operation: DocOperation, known: Record<string, unknown>, mode: "minimal" | "full"): DocRequest {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of operation.op.parameters ?? []) {
    if (p.in === "path") params[p.name] = String(sampleValue(doc, p.schema, { mode, known }, p.name));
    else if (p.in === "query" && (p.required || mode === "full")) query[p.name] = String(sampleValue(doc, p.schema, { mode, known }, p.name));
  }
  const bodySchema = operation.op.requestBody?.content?.["application/json"]?.schema;
  const body = bodySchema ? sampleValue(doc, bodySchema, { mode, known }) : undefined;
  return { operation, params, query, body };
}

/** The URL of a request: path parameters percent-encoded (or given raw, already encoded, in `rawParams`), then the query. */
export function urlOf(req: DocRequest, rawParams: Record<string, string> = {}, rawQuery: string[] = []): string {
  const path = req.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => rawParams[name] ?? encodeURIComponent(req.params[name] ?? ""));
  const parts = [...Object.entries(req.query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), ...rawQuery];
  return parts.length ? `${path}?${parts.join("&")}` : path;
}

export async function send(req: DocRequest, key: string, opts: { rawParams?: Record<string, string>; rawQuery?: string[]; rawBody?: string } = {}) {
  const method = req.operation.method.toUpperCase();
  const url = urlOf(req, opts.rawParams, opts.rawQuery);
  if (method === "GET" || method === "DELETE") return call(url, { key, method });
  if (opts.rawBody !== undefined) return call(url, { key, method, rawBody: opts.rawBody, headers: { "content-type": "application/json" } });
  return call(url, { key, method, body: req.body ?? {} });
}

export { operationsOf };
