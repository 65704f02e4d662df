import { expect, test } from "../csp";
import { createFormaClient, newIdempotencyKey } from "../../lib/api/client";
import { demoWorkspace } from "../demo";

/** /v1 calls through the typed client (lib/api/client.ts) against the real server. */
test("idempotent writes, webhooks and usage through the typed client", async ({ baseURL }) => {
  const demo = demoWorkspace();
  const forma = createFormaClient({ baseUrl: baseURL!, apiKey: demo.apiKey });
  const organizationId = demo.organizationId;

  const key = newIdempotencyKey();
  const log = () =>
    forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log", {
      params: { path: { organizationId, endUserId: demo.endUser.id }, header: { "Idempotency-Key": key } },
      body: { caloriesKcal: 250 },
    });
  const first = await log();
  expect(first.response.status).toBe(201);
  const again = await log();
  expect(again.response.headers.get("idempotent-replayed")).toBe("true");
  expect(again.data?.data.id).toBe(first.data?.data.id);

  // The production server refuses private receivers; a public-looking URL is accepted.
  const refused = await forma.POST("/v1/orgs/{organizationId}/webhooks", {
    params: { path: { organizationId } },
    body: { url: "http://127.0.0.1:9/hooks", eventTypes: ["workout.session.completed"] },
  });
  expect(refused.response.status).toBe(400);
  const created = await forma.POST("/v1/orgs/{organizationId}/webhooks", {
    params: { path: { organizationId } },
    body: { url: "https://hooks.example.com/forma", eventTypes: ["workout.session.completed"] },
  });
  expect(created.response.status).toBe(201);
  const webhookId = created.data!.data.id;
  const deleted = await forma.DELETE("/v1/orgs/{organizationId}/webhooks/{webhookId}", { params: { path: { organizationId, webhookId } } });
  expect(deleted.response.status).toBe(204);

  // One instance reads its own usage exactly; behind a load balancer (deploy/smoke.sh) the other
  // instance's requests show up within its tally's flush interval (5 s, server/services/usage/usage-tally.ts).
  await expect
    .poll(
      async () => {
        const usage = await forma.GET("/v1/orgs/{organizationId}/usage", { params: { path: { organizationId } } });
        expect(usage.response.status).toBe(200);
        return usage.data?.data.last24Hours.byOperation.map((o) => o.operationId);
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toEqual(expect.arrayContaining(["NutritionApi_logNutrition", "WebhooksApi_createWebhook", "WebhooksApi_deleteWebhook", "UsageApi_getUsage"]));
});
