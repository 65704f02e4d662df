import { describe, expect, it } from "vitest";
import { type JsonSchema, operationsOf, resolveRef, typesOf, walkRequests } from "@/test/support/openapi-walk";
import { buildOpenApiDocument } from "./openapi";
import { ALL_OPERATIONS } from "./operations";
import { TAG_DESCRIPTIONS } from "./tags";

/** What the document promises about input bounds, headers and metadata, checked for every operation (new ones included). */
const doc = buildOpenApiDocument() as JsonSchema;

describe("OpenAPI document", () => {
  it("bounds every request string (maxLength, enum or const), array (maxItems) and integer (minimum and maximum)", () => {
    const unbounded: string[] = [];
    walkRequests(doc, (s, where) => {
      const types = typesOf(s);
      if (types.includes("string") && s.maxLength === undefined && !s.enum && s.const === undefined) unbounded.push(`${where}: string without maxLength`);
      if (types.includes("string") && !(s.pattern || s.format || s.enum || s.const !== undefined)) unbounded.push(`${where}: string without pattern, format or enum`);
      if (types.includes("array") && s.maxItems === undefined) unbounded.push(`${where}: array without maxItems`);
      if (types.includes("integer") && (s.minimum === undefined || s.maximum === undefined)) unbounded.push(`${where}: integer without minimum and maximum`);
    });
    expect(unbounded).toEqual([]);
  });

  it("describes every tag and names a license and a contact", () => {
    const tags = doc.tags as { name: string; description: string }[];
    expect(tags.length).toBeGreaterThan(0);
    for (const op of ALL_OPERATIONS) expect(TAG_DESCRIPTIONS[op.tag], `tag "${op.tag}" of ${op.operationId} needs a description in server/api/tags.ts`).toBeTruthy();
    for (const t of tags) expect(t.description.length).toBeGreaterThan(20);
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact.url).toMatch(/^https?:\/\//);
  });

  it("documents X-Request-Id and CORS on every response, X-RateLimit-* where the kernel charges, Retry-After on 429 and 503", () => {
    for (const { path, method, op } of operationsOf(doc)) {
      const keyed = (op.security ?? []).length > 0;
      expect(Object.keys(op.responses), `${method} ${path}`).toContain("503");
      for (const [status, response] of Object.entries(op.responses as Record<string, JsonSchema>)) {
        const where = `${method.toUpperCase()} ${path} ${status}`;
        const headers = Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k, resolveRef(doc, v as JsonSchema)]));
        expect(headers["X-Request-Id"]?.required, where).toBe(true);
        expect(headers["Access-Control-Allow-Origin"], where).toBeDefined();
        if (keyed && status !== "401") expect(Object.keys(headers), where).toEqual(expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]));
        if (status === "401") expect(headers["X-RateLimit-Limit"], where).toBeUndefined();
        if (status === "429" || status === "503") expect(headers["Retry-After"]?.required, where).toBe(true);
      }
    }
  });

  it("states cross-field rules in the schema: at least one of several fields, and lists that exclude each other", () => {
    const body = (path: string, method: string) => resolveRef(doc, doc.paths[path][method].requestBody.content["application/json"].schema);
    expect(body("/v1/workouts/{workoutId}/sessions/{sessionId}", "patch").anyOf).toEqual([{ required: ["progressSeconds"] }, { required: ["workoutSegmentId"] }, { required: ["quality"] }]);
    expect(body("/v1/workouts/{workoutId}/feedback", "post").anyOf).toEqual([{ required: ["ratingId"] }, { required: ["difficultyId"] }, { required: ["comment"] }]);
    expect(body("/v1/orgs/{organizationId}/workouts/generate", "post").not).toMatchObject({ required: ["includeExerciseCollections", "excludeExerciseCollections"] });
  });
});
