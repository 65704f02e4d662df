import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { call, useTestApp } from "@/test/harness";
import { EMBED_OPERATIONS } from "@/server/services/embed/embed-token";
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
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["AccessToken", "EmbedToken", "X-Api-Key"]);
    // The operations that declare EmbedToken are exactly those an embed token's scope lets through.
    const embedDeclared = ALL_OPERATIONS.filter((op) => op.auth.includes("EmbedToken")).map((op) => op.operationId);
    expect(embedDeclared.sort()).toEqual(Object.keys(EMBED_OPERATIONS).sort());
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

describe("integrator additions in /openapi.json and /llms.txt", () => {
  it("documents Idempotency-Key on every keyed write and the replay header on its success", async () => {
    const doc = (await call("/openapi.json")).body;
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ in: "header", name: "Idempotency-Key" });
    expect(doc.components.parameters.IdempotencyKey.required ?? false).toBe(false);
    const writes = ALL_OPERATIONS.filter((op) => op.method !== "get" && op.auth.length > 0);
    expect(writes.length).toBeGreaterThan(20);
    for (const op of writes) {
      const entry = doc.paths[op.path][op.method];
      expect(entry.parameters, op.operationId).toEqual(expect.arrayContaining([{ $ref: "#/components/parameters/IdempotencyKey" }]));
      expect(Object.keys(entry.responses), op.operationId).toEqual(expect.arrayContaining(["409", "422"]));
      expect(entry.responses[String(op.success.status)].headers, op.operationId).toHaveProperty("Idempotent-Replayed");
    }
    for (const op of ALL_OPERATIONS.filter((o) => o.method === "get")) {
      expect(doc.paths[op.path].get.parameters ?? [], op.operationId).not.toEqual(expect.arrayContaining([{ $ref: "#/components/parameters/IdempotencyKey" }]));
    }
    expect(doc.info.description).toContain("IdempotencyKeyReused");
  });

  it("lists every webhook event type with its payload schema under `webhooks`", async () => {
    const doc = (await call("/openapi.json")).body;
    expect(Object.keys(doc.webhooks)).toEqual(
      expect.arrayContaining([
        "workout.published",
        "workout.export.ready",
        "workout.session.completed",
        "enduser.plan.started",
        "enduser.plan.ended",
        "autopilot.run.succeeded",
        "autopilot.run.failed",
        "drop.ready",
        "drop.failed",
        "social.post.published",
        "social.post.failed",
        "webhook.test",
      ]),
    );
    const completed = doc.webhooks["workout.session.completed"].post;
    expect(completed.parameters.map((p: { $ref: string }) => p.$ref)).toEqual([
      "#/components/parameters/WebhookId",
      "#/components/parameters/WebhookTimestamp",
      "#/components/parameters/WebhookSignature",
    ]);
    const schema = doc.components.schemas.WebhookEventWorkoutSessionCompleted;
    expect(schema.required).toEqual(expect.arrayContaining(["type", "timestamp", "organizationId", "data"]));
    expect(schema.properties.type).toMatchObject({ const: "workout.session.completed" });
    expect(doc["x-forma-cast-events"].namespace).toBe("/cast/pairing");
    expect(doc.info.description).toContain("## Embed messages");
    expect(doc.info.description).toContain("## Cast realtime events");
  });

  it("tells LLM agents about idempotent retries, webhooks and usage", async () => {
    const llms = (await call("/llms.txt")).text;
    expect(llms).toContain("Idempotency-Key");
    expect(llms).toContain("POST /v1/orgs/{organizationId}/webhooks (WebhooksApi_createWebhook");
    expect(llms).toContain("- workout.session.completed: ");
    expect(llms).toContain("GET /v1/orgs/{organizationId}/usage");
  });
});
