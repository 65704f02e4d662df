import { inngestFunction } from "@/server/jobs/inngest-functions";
import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { idempotencyKeys, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { createTestOrg } from "@/test/harness";
import { RETENTION_DAYS } from "./deliveries";

const pruneFunction = inngestFunction("prune-integration-data");

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** An event with one delivery and one attempt, created `age` ms ago. */
async function loggedEvent(organizationId: string, endpointId: string, age: number) {
  const eventId = newId();
  const deliveryId = newId();
  const at = ago(age);
  // One transaction: a prune run by another test file on the shared database must not delete the
  // old event between its rows' inserts (a foreign-key failure seen in CI).
  await getDb().transaction(async (tx) => {
    await tx.insert(webhookEvents).values({ id: eventId, organizationId, type: "webhook.test", body: "{}", createdAt: at });
    await tx
      .insert(webhookDeliveries)
      .values({ id: deliveryId, organizationId, endpointId, eventId, eventType: "webhook.test", status: "failed", attempts: 1, retryUntil: new Date(at.getTime() + DAY), createdAt: at });
    await tx.insert(webhookAttempts).values({ deliveryId, attempt: 1, startedAt: at, statusCode: 500, latencyMs: 12 });
  });
  return { eventId, deliveryId };
}

describe("prune-integration-data (hourly job)", () => {
  it("deletes expired Idempotency-Key records and webhook logs past their 30 days, and keeps live ones", async () => {
    const org = await createTestOrg();
    const [endpoint] = await getDb()
      .insert(webhookEndpoints)
      .values({ organizationId: org.organizationId, url: "https://partner.example.com/hooks", eventTypes: ["webhook.test"], secret: "sealed" })
      .returning({ id: webhookEndpoints.id });
    const old = await loggedEvent(org.organizationId, endpoint!.id, (RETENTION_DAYS + 1) * DAY);
    const recent = await loggedEvent(org.organizationId, endpoint!.id, (RETENTION_DAYS - 1) * DAY);

    const scope = `key:${org.keyId}`;
    const record = (key: string, expiresAt: Date, status: "running" | "done" = "done") => ({
      scope,
      key,
      fingerprint: "f".repeat(64),
      status,
      lockToken: newId(),
      responseStatus: status === "done" ? 201 : null,
      createdAt: new Date(expiresAt.getTime() - DAY),
      expiresAt,
    });
    await getDb()
      .insert(idempotencyKeys)
      .values([
        record("expired", ago(60_000)),
        record("expired-running", ago(1000), "running"),
        record("live", new Date(Date.now() + 3600_000)),
        record("live-running", new Date(Date.now() + DAY), "running"),
      ]);

    const { result, ctx } = await new InngestTestEngine({ function: pruneFunction }).execute();
    expect(ctx.step.run).toHaveBeenCalledWith("prune", expect.any(Function));
    expect(result).toMatchObject({ idempotencyKeys: expect.any(Number), webhookEvents: expect.any(Number) });
    const counts = result as { idempotencyKeys: number; webhookEvents: number };
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(2);
    expect(counts.webhookEvents).toBeGreaterThanOrEqual(1);

    const keys = await getDb().select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    expect(keys.map((k) => k.key).sort()).toEqual(["live", "live-running"]);
    const events = await getDb().select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.organizationId, org.organizationId));
    expect(events.map((e) => e.id)).toEqual([recent.eventId]);
    // Deliveries and attempts go with their event.
    const deliveries = await getDb().select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, org.organizationId));
    expect(deliveries.map((d) => d.id)).toEqual([recent.deliveryId]);
    const attempts = await getDb().select({ deliveryId: webhookAttempts.deliveryId }).from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, [old.deliveryId, recent.deliveryId]));
    expect(attempts.map((a) => a.deliveryId)).toEqual([recent.deliveryId]);
    // The endpoint itself is configuration, not log: it stays.
    expect(await getDb().select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id))).toHaveLength(1);
  });
});
