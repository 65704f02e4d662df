import { describe, expect, it } from "vitest";
import { createTestOrg, useTestApp } from "@/test/harness";
import { addMembers } from "@/test/support/members";
import { getDb } from "@/db/client";
import { createFormaClient, newIdempotencyKey } from "./client";

const app = useTestApp();

describe("the typed client (openapi-fetch over the generated types)", () => {
  it("calls /v1 with typed paths, parameters and bodies, and reads typed answers and errors", async () => {
    const org = await createTestOrg();
    const forma = createFormaClient({ baseUrl: app.baseUrl, apiKey: org.key });
    const organizationId = org.organizationId;

    const created = await forma.POST("/v1/orgs/{organizationId}/webhooks", {
      params: { path: { organizationId }, header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { url: "https://hooks.example.com/forma", eventTypes: ["workout.session.completed", "drop.ready"] },
    });
    expect(created.response.status).toBe(201);
    const endpoint = created.data!.data;
    expect(endpoint.secret.startsWith("whsec_")).toBe(true);
    expect(endpoint.eventTypes).toEqual(["workout.session.completed", "drop.ready"]);

    const list = await forma.GET("/v1/orgs/{organizationId}/webhooks", { params: { path: { organizationId }, query: { limit: 10 } } });
    expect(list.data?.links.total).toBe(1);
    expect(list.data?.data[0]?.id).toBe(endpoint.id);

    const missing = await forma.GET("/v1/orgs/{organizationId}/webhooks/{webhookId}", { params: { path: { organizationId, webhookId: "0".repeat(24) } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe("NotFound");

    const [m] = await addMembers(getDb(), organizationId, 1);
    const key = newIdempotencyKey();
    const log = () =>
      forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log", {
        params: { path: { organizationId, endUserId: m!.id }, header: { "Idempotency-Key": key } },
        body: { caloriesKcal: 300 },
      });
    const first = await log();
    const again = await log();
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.data?.data.id).toBe(first.data?.data.id);

    const usage = await forma.GET("/v1/orgs/{organizationId}/usage", { params: { path: { organizationId } } });
    expect(usage.data?.data.plan.hourlyCap).toBe(10_000_000);
    expect(usage.data?.data.last24Hours.byOperation.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(["WebhooksApi_createWebhook", "UsageApi_getUsage"]),
    );
  });
});
