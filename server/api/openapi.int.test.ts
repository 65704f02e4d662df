import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { call, useTestApp } from "@/test/harness";
import { ALL_OPERATIONS } from "./operations";

useTestApp();

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document generated from the declarations", async () => {
    const res = await call("/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["AccessToken", "X-Api-Key"]);
    for (const op of ALL_OPERATIONS) {
      const entry = doc.paths[op.path]?.[op.method];
      expect(entry, op.operationId).toBeDefined();
      expect(entry.operationId).toBe(op.operationId);
      expect(entry.operationId).toMatch(/^[A-Z][A-Za-z]+_[a-z][A-Za-z]+$/);
      expect(Object.keys(entry.responses)).toContain(String(op.success.status));
      if (op.auth.length) expect(Object.keys(entry.responses)).toEqual(expect.arrayContaining(["401", "429"]));
      if (op.deprecated) expect(entry.deprecated).toBe(true);
    }
  });

  it("serves /docs and /llms.txt without a key", async () => {
    const llms = await call("/llms.txt");
    expect(llms.status).toBe(200);
    expect(llms.text).toContain("GET /v1/workouts/metadata");
    expect((await call("/health")).status).toBe(200);
  });
});
