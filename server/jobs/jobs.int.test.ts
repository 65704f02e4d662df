import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { resetEnvCache } from "@/server/env";
import { notificationsOutbox } from "@/db/schema";
import { deliverNotifications } from "@/inngest/functions/deliver-notifications";
import { sweepNotificationsOutbox } from "@/inngest/functions/sweep-notifications-outbox";
import { functions } from "@/inngest";
import { MAX_DELIVERY_ATTEMPTS } from "@/server/services/members/deliver-notifications";
import {
  MemoryTransport,
  type NotificationTransport,
  PermanentDeliveryError,
  setNotificationTransport,
} from "@/server/services/members/notification-transport";
import { addMembers, outboxRowsFor } from "@/test/support/members";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { ALL_JOBS, sendJobEvent, startJobWorker, stopJobWorker } from ".";

useTestApp();

let org: TestLibraryOrg;
const db = () => getDb();

beforeAll(async () => {
  org = await createLibraryOrg();
});
afterEach(() => setNotificationTransport(null));

/** A new member with two workouts assigned through HTTP: returns the member and its outbox row ids. */
async function assignedMember() {
  const [m] = await addMembers(db(), org.organizationId, 1);
  const res = await call(`/v1/orgs/${org.organizationId}/endusers/${m!.id}/workouts/assign`, {
    key: org.key,
    body: { workoutIds: org.library.workoutIds.slice(0, 2) },
  });
  expect(res.status).toBe(200);
  const rows = await outboxRowsFor(db(), m!.id);
  expect(rows.map((r) => r.channel)).toEqual(["email", "push"]);
  return { member: m!, ids: rows.map((r) => r.id) };
}

const statusOf = async (ids: string[]) =>
  (await db().select().from(notificationsOutbox).where(inArray(notificationsOutbox.id, ids))).sort((a, b) => a.channel.localeCompare(b.channel));

describe("job definitions", () => {
  it("are defined once and served as one Inngest function each", () => {
    expect(ALL_JOBS.map((j) => j.id)).toEqual(
      expect.arrayContaining(["deliver-notifications", "sweep-notifications-outbox", "run-autopilot", "deliver-webhooks", "sweep-webhooks", "prune-integration-data", "sweep-cast-sessions", "render-social-drop", "sweep-social-drops", "publish-social-automations", "render-workout-exports", "render-pending-exports", "sweep-workout-exports", "roll-up-usage"]),
    );
    expect(functions.map((f) => f.id())).toEqual(ALL_JOBS.map((j) => j.id));
  });

  it("validate events against their declared schema before sending", async () => {
    await expect(sendJobEvent({ name: "notifications/outbox.enqueued", data: { outboxIds: [] } })).rejects.toThrow();
    await expect(sendJobEvent({ name: "notifications/outbox.enqueued", data: { outboxIds: ["not-an-id"] } })).rejects.toThrow();
  });

  it("keeps the Inngest endpoint closed while the local provider runs the jobs, and serves every function otherwise", async () => {
    expectError(await call("/api/inngest"), 404, "NotFound");
    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    try {
      const res = await call("/api/inngest");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ function_count: ALL_JOBS.length, mode: "dev" });
    } finally {
      delete process.env.INNGEST_DEV;
      resetEnvCache();
    }
  });
});

describe("deliver-notifications under Inngest (in-process, @inngest/test)", () => {
  it("delivers the rows of the event through the transport and marks them sent", async () => {
    const transport = new MemoryTransport();
    setNotificationTransport(transport);
    const { member, ids } = await assignedMember();
    const t = new InngestTestEngine({ function: deliverNotifications });
    const { result, ctx } = await t.execute({ events: [{ name: "notifications/outbox.enqueued", data: { outboxIds: ids } }] });
    expect(result).toEqual({ sent: 2, retry: 0, failed: 0, skipped: 0 });
    expect(ctx.step.run).toHaveBeenCalledWith("claim", expect.any(Function));
    const rows = await statusOf(ids);
    expect(rows.map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ["email", "sent", 1],
      ["push", "sent", 1],
    ]);
    expect(rows.every((r) => r.sentAt instanceof Date && r.lastError === null)).toBe(true);
    const email = transport.sent.find((n) => n.channel === "email")!;
    expect(email).toMatchObject({
      template: "library.workouts.assigned",
      to: { endUserId: member.id, email: member.email },
      subject: "Test Studio: 2 new workouts in your library",
    });
    expect(email.text).toContain("  - ");
    expect(transport.sent.find((n) => n.channel === "push")!.text.split(", ")).toHaveLength(2);

    // A repeated event finds nothing pending: no second delivery.
    const again = await new InngestTestEngine({ function: deliverNotifications }).execute({
      events: [{ name: "notifications/outbox.enqueued", data: { outboxIds: ids } }],
    });
    expect(again.result).toEqual({ sent: 0, retry: 0, failed: 0, skipped: 0 });
    expect(transport.sent).toHaveLength(2);
  });

  it("records a failed attempt for a later retry, and gives up on permanent failures", async () => {
    const flaky: NotificationTransport = {
      name: "flaky",
      send: async (n) => {
        if (n.channel === "email") throw new Error("SMTP 451 try later");
        throw new PermanentDeliveryError("no device registered");
      },
    };
    setNotificationTransport(flaky);
    const { ids } = await assignedMember();
    const { result } = await new InngestTestEngine({ function: deliverNotifications }).execute({
      events: [{ name: "notifications/outbox.enqueued", data: { outboxIds: ids } }],
    });
    expect(result).toEqual({ sent: 0, retry: 1, failed: 1, skipped: 0 });
    const [email, push] = await statusOf(ids);
    expect(email).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 451 try later" });
    expect(email!.availableAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(push).toMatchObject({ status: "failed", attempts: 1, lastError: "no device registered" });

    // The last allowed attempt that fails is final.
    await db()
      .update(notificationsOutbox)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1, availableAt: new Date(Date.now() - 1000) })
      .where(eq(notificationsOutbox.id, email!.id));
    const last = await new InngestTestEngine({ function: deliverNotifications }).execute({
      events: [{ name: "notifications/outbox.enqueued", data: { outboxIds: [email!.id] } }],
    });
    expect(last.result).toEqual({ sent: 0, retry: 0, failed: 1, skipped: 0 });
    expect((await statusOf([email!.id]))[0]).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it("sweeps due rows whose event was lost", async () => {
    const transport = new MemoryTransport();
    setNotificationTransport(transport);
    const { ids } = await assignedMember();
    for (let i = 0; i < 20; i++) {
      await new InngestTestEngine({ function: sweepNotificationsOutbox }).execute();
      if ((await statusOf(ids)).every((r) => r.status === "sent")) break;
    }
    expect((await statusOf(ids)).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(transport.sent.filter((n) => ids.includes(n.id))).toHaveLength(2);
  });
});

describe("the local provider (pg-boss)", () => {
  it("delivers assignment notifications right after the commit", async () => {
    const transport = new MemoryTransport();
    setNotificationTransport(transport);
    // Only the notification jobs: other test files' events (webhook deliveries, renders) stay theirs.
    await startJobWorker({ pollingIntervalSeconds: 0.5, schedule: false, jobs: ["deliver-notifications", "sweep-notifications-outbox"] });
    try {
      const { member, ids } = await assignedMember();
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !(await statusOf(ids)).every((r) => r.status === "sent")) await new Promise((r) => setTimeout(r, 200));
      expect((await statusOf(ids)).map((r) => r.status)).toEqual(["sent", "sent"]);
      expect(
        transport.sent
          .filter((n) => n.to.endUserId === member.id)
          .map((n) => n.channel)
          .sort(),
      ).toEqual(["email", "push"]);
    } finally {
      await stopJobWorker();
    }
  }, 60_000);
});
