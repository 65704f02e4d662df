import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "@/db/client";
import { webhookDeliveries, webhookEvents, workouts } from "@/db/schema";
import { JOB_EVENTS_CHANNEL } from "@/server/jobs/commit-relay";
import { ContentChanges } from "@/server/services/content/content-changes";
import { publishWorkout } from "@/server/services/content/publish-content";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { useTestApp } from "@/test/harness";
import { subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

/**
 * The webhook outbox: an event and its deliveries are written in the transaction of the change they
 * announce, and the delivery job is woken only when that transaction commits. A change that rolls
 * back therefore leaves no event, no delivery and no wake-up.
 */
useTestApp();

let org: TestLibraryOrg;
/** Wake-ups of the delivery job heard on the commit relay's channel (as the job worker hears them). */
const heard: { name: string; data: { eventId?: string } }[] = [];
let unlisten: (() => Promise<void>) | null = null;

beforeAll(async () => {
  org = await createLibraryOrg();
  const meta = await getSql().listen(JOB_EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
  unlisten = () => meta.unlisten();
});
afterAll(async () => {
  await unlisten?.();
});

const eventsOf = (organizationId: string) => getDb().select().from(webhookEvents).where(eq(webhookEvents.organizationId, organizationId));
const deliveriesOf = (organizationId: string) => getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, organizationId));
const wakeUpsFor = (eventIds: (string | null)[]) => heard.filter((h) => h.name === "webhooks/deliveries.enqueued" && eventIds.includes(h.data.eventId ?? null));
/** NOTIFY is delivered asynchronously after the commit: give it a moment before judging. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("webhook outbox", () => {
  it("a transaction that throws after enqueueWebhookEvent leaves no event, no delivery and wakes no job; the same write committed does", async () => {
    await subscribeToAllEvents(org);
    const example = WEBHOOK_EVENT_TYPES["workout.session.completed"].example;
    let rolledBack: string | null = null;
    await expect(
      getDb().transaction(async (tx) => {
        const enqueued = await enqueueWebhookEvent(tx, { organizationId: org.organizationId, type: "workout.session.completed", data: example });
        rolledBack = enqueued.eventId;
        expect(enqueued.deliveryIds).toHaveLength(1);
        // Visible inside the transaction...
        expect(await tx.select().from(webhookEvents).where(eq(webhookEvents.id, enqueued.eventId!))).toHaveLength(1);
        throw new Error("the change failed after its emit");
      }),
    ).rejects.toThrow("the change failed after its emit");
    expect(rolledBack).toMatch(/^[0-9a-f]{24}$/);
    // ...gone with the rollback.
    expect(await eventsOf(org.organizationId)).toEqual([]);
    expect(await deliveriesOf(org.organizationId)).toEqual([]);

    const committed = await getDb().transaction((tx) => enqueueWebhookEvent(tx, { organizationId: org.organizationId, type: "workout.session.completed", data: example }));
    await settle();
    expect((await eventsOf(org.organizationId)).map((e) => e.id)).toEqual([committed.eventId]);
    expect((await deliveriesOf(org.organizationId)).map((d) => d.id)).toEqual(committed.deliveryIds);
    expect(wakeUpsFor([committed.eventId])).toHaveLength(1);
    expect(wakeUpsFor([rolledBack])).toEqual([]);
  });

  it("a real write that fails after announcing (publishing a workout, then an error) announces nothing", async () => {
    const o = await createLibraryOrg();
    await subscribeToAllEvents(o);
    const draft = o.library.workoutIdByKey.get("sprint-intervals-draft")!;
    await expect(
      getDb().transaction(async (tx) => {
        const changes = new ContentChanges();
        expect(await publishWorkout(tx, o.organizationId, draft, changes)).toBe("published");
        await changes.recordWebhooks(tx);
        expect((await tx.select().from(webhookEvents).where(eq(webhookEvents.organizationId, o.organizationId))).map((e) => e.type)).toEqual(["workout.published"]);
        throw new Error("a later step of the edit failed");
      }),
    ).rejects.toThrow("a later step of the edit failed");
    await settle();
    expect(await eventsOf(o.organizationId)).toEqual([]);
    expect(await deliveriesOf(o.organizationId)).toEqual([]);
    const [row] = await getDb().select({ status: workouts.status }).from(workouts).where(inArray(workouts.id, [draft]));
    expect(row!.status).toBe("draft");
  });
});
