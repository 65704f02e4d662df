import { inngestFunction } from "@/server/jobs/inngest-functions";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { announced, subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import {
  drops,
  dropVariants,
  healthDaySummaries,
  socialAccounts,
  socialPublications,
  socialPublishAttempts,
  socialPublishAutomations,
  socialPublishDeliveries,
  workoutSessions,
} from "@/db/schema";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { CHANNEL_PRESET_SPECS, charCount } from "@/server/services/drops/presets";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { mockJsonModel } from "@/test/support/ai-mocks/mock-model";
import { connectSandboxAccounts, dailyFarFromNow, inlineIo } from "@/test/support/social";
import { connectSocialAccount } from "./accounts";
import { PermanentPublishError, registerPlatformAdapter, unregisterPlatformAdapter } from "./adapters";
import { sandboxAdapter } from "./adapters/sandbox";
import { listSocialDeliveries, listSocialPublications } from "./history";
import { MAX_ATTEMPTS, planDueRuns, runSocialPublishTick } from "./publish";
import { recordJobEvents } from "@/test/support/job-events";

const publishSocialAutomations = inngestFunction("publish-social-automations");
const renderSocialDrop = inngestFunction("render-social-drop");
const sweepSocialDrops = inngestFunction("sweep-social-drops");

/** Job events recorded instead of sent: these tests run the jobs themselves, so no worker may race them. */
const sentJobs = recordJobEvents();

useTestApp();

const db = () => getDb();

/** Runs sweep-social-drops; step.sendEvent would go to an Inngest server, so the events it sends are recorded instead. */
async function runDropSweep() {
  const sent = vi.fn(async () => ({ ids: [] }));
  const sweep = await new InngestTestEngine({
    function: sweepSocialDrops,
    transformCtx: (raw) => {
      const ctx = mockCtx(raw);
      (ctx.step as { sendEvent: unknown }).sendEvent = sent;
      return ctx;
    },
  }).execute();
  return { sweep, sent };
}
let org: TestLibraryOrg;

const WEEKLY = dailyFarFromNow();

beforeAll(async () => {
  org = await createLibraryOrg();
});
afterEach(() => overrideLanguageModel(undefined));

/** A fresh library workspace and the ids of its two ready seed drops. */
async function studioOrg(): Promise<TestLibraryOrg & { hiit: string; stretch: string }> {
  const o = await createLibraryOrg();
  const rows = await db().select().from(drops).where(eq(drops.organizationId, o.organizationId));
  return { ...o, hiit: rows.find((r) => r.title.startsWith("HIIT"))!.id, stretch: rows.find((r) => r.title.startsWith("Die beste"))!.id };
}

/** A fresh library workspace with connected sandbox accounts and an active automation due a minute ago. */
async function dueAutomation(body: Record<string, unknown>, opts: { org?: TestLibraryOrg; connect?: boolean; dueAgoMs?: number } = {}) {
  const o = opts.org ?? org;
  const platforms = (body.platforms as ("instagram" | "tiktok" | "youtube" | "facebook")[]) ?? ["instagram", "tiktok"];
  if (opts.connect !== false) await connectSandboxAccounts(db(), o.organizationId, platforms);
  const created = await call(`/v1/orgs/${o.organizationId}/social-publish`, {
    key: o.key,
    body: { name: "Daily", platforms, sourceMode: "random_ready", schedule: WEEKLY, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const active = await call(`/v1/orgs/${o.organizationId}/social-publish/${created.body.data.id}`, { key: o.key, method: "PATCH", body: { status: "active" } });
  expect(active.status, active.text).toBe(200);
  const dueAt = new Date(Math.floor((Date.now() - (opts.dueAgoMs ?? 60_000)) / 1000) * 1000);
  await db().update(socialPublishAutomations).set({ nextRunAt: dueAt }).where(eq(socialPublishAutomations.id, created.body.data.id));
  return { id: created.body.data.id as string, dueAt };
}

const deliveriesOf = (automationId: string) =>
  db()
    .select()
    .from(socialPublishDeliveries)
    .where(eq(socialPublishDeliveries.automationId, automationId))
    .orderBy(asc(socialPublishDeliveries.dueAt), asc(socialPublishDeliveries.platform));
const publicationsOf = (automationId: string) => db().select().from(socialPublications).where(eq(socialPublications.automationId, automationId));
const attemptsOf = (deliveryId: string) =>
  db().select().from(socialPublishAttempts).where(eq(socialPublishAttempts.deliveryId, deliveryId)).orderBy(asc(socialPublishAttempts.createdAt));
const automationRow = async (id: string) => (await db().select().from(socialPublishAutomations).where(eq(socialPublishAutomations.id, id)))[0]!;
/** Makes every pending delivery of the automation due now (skips the backoff wait). */
const expireBackoff = (automationId: string) =>
  db()
    .update(socialPublishDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(socialPublishDeliveries.automationId, automationId));

describe("the publish scheduler", () => {
  it("two workers, one due time: one delivery and one publication per platform, with real media links", async () => {
    await subscribeToAllEvents(org);
    const { id, dueAt } = await dueAutomation({ captionOverrides: { tiktok: { hashtags: ["#FitTok", "homeworkout"], cta: "Follow for more" } } });
    const [a, b] = await Promise.all([runSocialPublishTick(inlineIo()), runSocialPublishTick(inlineIo())]);
    expect(a.planned + b.planned).toBeGreaterThanOrEqual(2);
    const deliveries = await deliveriesOf(id);
    expect(deliveries.map((d) => [d.platform, d.status, d.attempts, d.dueAt.getTime()])).toEqual([
      ["instagram", "published", 1, dueAt.getTime()],
      ["tiktok", "published", 1, dueAt.getTime()],
    ]);
    expect(deliveries[0]!.dropId).toBe(deliveries[1]!.dropId);
    expect(deliveries[0]!.pickReason).toMatch(/^random_ready/);
    const pubs = await publicationsOf(id);
    expect(pubs).toHaveLength(2);
    for (const p of pubs) {
      expect(p.variant).toBe("9:16_15000");
      expect(charCount(p.text)).toBeLessThanOrEqual(CHANNEL_PRESET_SPECS[p.channelPreset].captionMaxLength);
      const video = await fetch(p.videoUrl);
      expect(video.status).toBe(200);
      expect(video.headers.get("content-type")).toBe("video/mp4");
      expect((await fetch(p.coverUrl)).headers.get("content-type")).toBe("image/jpeg");
    }
    const tiktok = pubs.find((p) => p.platform === "tiktok")!;
    expect(tiktok.copyPack.hashtags).toEqual(["fittok", "homeworkout"]);
    expect(tiktok.text.endsWith("Follow for more\n\n#fittok #homeworkout")).toBe(true);
    expect(deliveries[0]!.externalPostId).toMatch(/^sandbox:[0-9a-f]{24}$/);
    for (const d of deliveries) expect((await attemptsOf(d.id)).map((x) => [x.outcome, x.adapter])).toEqual([["published", "sandbox"]]);

    const row = await automationRow(id);
    expect(row.lastRunAt?.getTime()).toBe(dueAt.getTime());
    expect(row.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(row.nextRunAt!.toISOString().slice(11)).toBe(`${WEEKLY.times[0]}:00.000Z`);

    // Later ticks find nothing due: still one publication per platform.
    await runSocialPublishTick(inlineIo());
    expect(await publicationsOf(id)).toHaveLength(2);
    const heard = (await announced(org.organizationId, "social.post.published")).filter((e) => e.automationId === id);
    expect(heard.map((e) => e.platform).sort()).toEqual(["instagram", "tiktok"]);
    for (const e of heard) expect(e).toMatchObject({ dropId: deliveries[0]!.dropId, postUrl: null, publishedAt: expect.any(String) });
  });

  it("retries a failed post with backoff, records every attempt, and posts once", async () => {
    let calls = 0;
    registerPlatformAdapter({
      name: "flaky",
      publish: async (tx, post) => {
        calls++;
        if (calls <= 2) throw new Error(`HTTP 503 from the platform (call ${calls})`);
        return sandboxAdapter.publish(tx, post);
      },
    });
    try {
      const studio = await studioOrg();
      await connectSocialAccount(db(), studio.organizationId, { platform: "facebook", accountId: "fb-1", adapter: "flaky" });
      const { id } = await dueAutomation({ platforms: ["facebook"] }, { org: studio, connect: false });
      const started = Date.now();
      await runSocialPublishTick(inlineIo());
      let [d] = await deliveriesOf(id);
      expect(d).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 503 from the platform (call 1)" });
      expect(d!.nextAttemptAt.getTime() - started).toBeGreaterThanOrEqual(59_000);
      await runSocialPublishTick(inlineIo());
      expect(calls).toBe(1); // not due yet

      await expireBackoff(id);
      const second = Date.now();
      await runSocialPublishTick(inlineIo());
      [d] = await deliveriesOf(id);
      expect(d).toMatchObject({ status: "pending", attempts: 2 });
      expect(d!.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(119_000);

      await expireBackoff(id);
      await runSocialPublishTick(inlineIo());
      [d] = await deliveriesOf(id);
      expect(d).toMatchObject({ status: "published", attempts: 3, lastError: null });
      expect((await attemptsOf(d!.id)).map((a) => [a.attempt, a.outcome, a.willRetry, a.adapter])).toEqual([
        [1, "failed", true, "flaky"],
        [2, "failed", true, "flaky"],
        [3, "published", false, "flaky"],
      ]);
      expect(await publicationsOf(id)).toHaveLength(1);

      // What the console shows: the recorded post and the delivery with its attempts.
      const shown = await listSocialPublications(db(), { organizationId: studio.organizationId, automationId: id, limit: 10, offset: 0 });
      expect(shown.total).toBe(1);
      expect(shown.items[0]).toMatchObject({ platform: "facebook", accountId: "fb-1", variant: "9:16_15000", videoUrl: expect.stringContaining("/media/") });
      const [history] = await listSocialDeliveries(db(), { organizationId: studio.organizationId, automationId: id, limit: 10 });
      expect(history!.attempts.map((a) => a.outcome)).toEqual(["failed", "failed", "published"]);
      expect(history!.attempts[0]!.reason).toBe("HTTP 503 from the platform (call 1)");
    } finally {
      unregisterPlatformAdapter("flaky");
    }
  });

  it("gives up on permanent errors at once and after the last attempt", async () => {
    registerPlatformAdapter({
      name: "rejecting",
      publish: async (_tx, post) => {
        if (post.platform === "youtube") throw new PermanentPublishError("The video was rejected: copyright");
        throw new Error("timeout");
      },
    });
    try {
      const studio = await studioOrg();
      await subscribeToAllEvents(studio);
      for (const platform of ["youtube", "facebook"] as const)
        await connectSocialAccount(db(), studio.organizationId, { platform, accountId: `${platform}-1`, adapter: "rejecting" });
      const { id } = await dueAutomation({ platforms: ["youtube", "facebook"] }, { org: studio, connect: false });
      await runSocialPublishTick(inlineIo());
      const [fb, yt] = await deliveriesOf(id);
      expect(yt).toMatchObject({ platform: "youtube", status: "failed", attempts: 1, lastError: "The video was rejected: copyright" });
      expect(fb).toMatchObject({ platform: "facebook", status: "pending", attempts: 1 });
      for (let i = 2; i <= MAX_ATTEMPTS; i++) {
        await expireBackoff(id);
        await runSocialPublishTick(inlineIo());
      }
      const [last] = await deliveriesOf(id);
      expect(last).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "timeout" });
      expect((await attemptsOf(last!.id)).map((a) => a.willRetry)).toEqual([true, true, true, true, false]);
      await expireBackoff(id);
      await runSocialPublishTick(inlineIo());
      expect((await deliveriesOf(id))[0]!.attempts).toBe(MAX_ATTEMPTS);
      expect(await publicationsOf(id)).toHaveLength(0);
      // Webhooks hear each final failure once, never a retry.
      const failed = await announced(studio.organizationId, "social.post.failed");
      expect(failed.map((e) => [e.platform, e.errorMessage])).toEqual([
        ["youtube", "The video was rejected: copyright"],
        ["facebook", "timeout"],
      ]);
      expect(await announced(studio.organizationId, "social.post.published")).toEqual([]);
    } finally {
      unregisterPlatformAdapter("rejecting");
    }
  });

  it("a worker that crashed after posting is replaced without a second post", async () => {
    const studio = await studioOrg();
    const { id } = await dueAutomation({ platforms: ["instagram"] }, { org: studio });
    await runSocialPublishTick(inlineIo());
    const [d] = await deliveriesOf(id);
    expect(d!.status).toBe("published");
    // As if the worker died after the adapter call: the row is still leased, the lease ran out.
    await db()
      .update(socialPublishDeliveries)
      .set({ status: "publishing", leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(socialPublishDeliveries.id, d!.id));
    await runSocialPublishTick(inlineIo());
    const [again] = await deliveriesOf(id);
    expect(again).toMatchObject({ status: "published", attempts: 2, externalPostId: d!.externalPostId });
    expect(await publicationsOf(id)).toHaveLength(1);
  });

  it("records skips: disconnected platform, paused automation, nothing ready, a missed due time", async () => {
    const studio = await studioOrg();
    const { id } = await dueAutomation({ platforms: ["instagram", "tiktok"] }, { org: studio });
    await db()
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.organizationId, studio.organizationId), eq(socialAccounts.platform, "tiktok")));
    await runSocialPublishTick(inlineIo());
    const [ig, tt] = await deliveriesOf(id);
    expect(ig!.status).toBe("published");
    expect(tt).toMatchObject({ status: "skipped", lastError: "No tiktok account is connected." });
    expect((await attemptsOf(tt!.id)).map((a) => [a.outcome, a.reason])).toEqual([["skipped", "No tiktok account is connected."]]);

    // A manual_fixed automation whose drops are no longer ready is skipped at planning.
    const fixed = await dueAutomation({ platforms: ["instagram"], sourceMode: "manual_fixed", dropIds: [studio.hiit] }, { org: studio });
    await db().update(drops).set({ status: "failed" }).where(eq(drops.organizationId, studio.organizationId));
    await runSocialPublishTick(inlineIo());
    const [skipped] = await deliveriesOf(fixed.id);
    expect(skipped).toMatchObject({ status: "skipped", dropId: null });
    expect(skipped!.lastError).toContain("None of the automation's fixed drops is ready");
    await db()
      .update(drops)
      .set({ status: "ready" })
      .where(inArray(drops.id, [studio.hiit, studio.stretch]));

    const late = await dueAutomation({ platforms: ["instagram"] }, { org: studio, dueAgoMs: 7 * 3600_000 });
    await runSocialPublishTick(inlineIo());
    const [missed] = await deliveriesOf(late.id);
    expect(missed).toMatchObject({ status: "skipped" });
    expect(missed!.lastError).toMatch(/^Missed/);
    expect((await automationRow(late.id)).nextRunAt!.getTime()).toBeGreaterThan(Date.now());

    const paused = await dueAutomation({ platforms: ["instagram"] }, { org: studio });
    // Planned, then paused before the post goes out.
    await planDueRuns(db(), new Date());
    await call(`/v1/orgs/${studio.organizationId}/social-publish/${paused.id}`, { key: studio.key, method: "PATCH", body: { status: "draft" } });
    await runSocialPublishTick(inlineIo());
    expect((await deliveriesOf(paused.id)).map((d) => [d.status, d.lastError])).toEqual([["skipped", "The automation was paused before the post went out."]]);
  });

  it("manual_fixed posts its drops in turn", async () => {
    const studio = await studioOrg();
    const ids = [studio.hiit, studio.stretch];
    const { id } = await dueAutomation({ platforms: ["instagram"], sourceMode: "manual_fixed", dropIds: ids }, { org: studio });
    await runSocialPublishTick(inlineIo());
    await db()
      .update(socialPublishAutomations)
      .set({ nextRunAt: new Date(Date.now() - 30_000) })
      .where(eq(socialPublishAutomations.id, id));
    await runSocialPublishTick(inlineIo());
    await db()
      .update(socialPublishAutomations)
      .set({ nextRunAt: new Date(Date.now() - 10_000) })
      .where(eq(socialPublishAutomations.id, id));
    await runSocialPublishTick(inlineIo());
    expect((await deliveriesOf(id)).map((d) => d.dropId)).toEqual([ids[0], ids[1], ids[0]]);
    expect((await deliveriesOf(id)).map((d) => d.pickReason)).toEqual([
      "manual_fixed: drop 1 of 2.",
      "manual_fixed: drop 2 of 2.",
      "manual_fixed: drop 1 of 2.",
    ]);
  });

  it("ai_pick ranks by engagement; ai_insights by what the members' data shows; a model may choose among the top", async () => {
    const studio = await studioOrg();
    const hiitWorkout = studio.library.workoutIdByKey.get("hiit-burn")!;
    await db()
      .insert(workoutSessions)
      .values(
        Array.from({ length: 6 }, () => ({
          workoutId: hiitWorkout,
          organizationId: studio.organizationId,
          status: "completed" as const,
          expectedDuration: 1200,
          duration: 1200,
          progress: 1,
          completedAt: new Date(),
        })),
      );
    const pick = await dueAutomation({ platforms: ["instagram"], sourceMode: "ai_pick" }, { org: studio });
    await runSocialPublishTick(inlineIo());
    const [picked] = await deliveriesOf(pick.id);
    expect(picked!.dropId).toBe(studio.hiit);
    expect(picked!.pickReason).toContain("ai_pick: highest score");
    expect(picked!.pickReason).toContain("6 completed sessions");

    const today = new Date().toISOString().slice(0, 10);
    await db()
      .insert(healthDaySummaries)
      .values(
        studio.library.endUsers.map((m) => ({
          endUserId: m.id,
          organizationId: studio.organizationId,
          localDate: today,
          values: { "sleep.asleepS": 5.5 * 3600 },
          sources: {},
          activities: [],
          entryCounts: {},
        })),
      );
    const insights = await dueAutomation({ platforms: ["instagram"], sourceMode: "ai_insights" }, { org: studio });
    await runSocialPublishTick(inlineIo());
    const [needed] = await deliveriesOf(insights.id);
    expect(needed!.dropId).toBe(studio.stretch);
    expect(needed!.pickReason).toContain("members sleep 5.5 h");

    const { model, prompts } = mockJsonModel((prompt) => ({
      dropId: [...prompt.matchAll(/^([0-9a-f]{24}) \|/gm)].map((m) => m[1])[1],
      reason: "Variety: the stretch has not been posted yet.",
    }));
    overrideLanguageModel(model);
    const withModel = await dueAutomation({ platforms: ["instagram"], sourceMode: "ai_pick" }, { org: studio });
    await runSocialPublishTick(inlineIo());
    const [modelPick] = await deliveriesOf(withModel.id);
    expect(prompts.some((p) => p.includes("Candidates (id | summary | deterministic score)"))).toBe(true);
    expect(modelPick!.dropId).toBe(studio.stretch);
    expect(modelPick!.pickReason).toBe("ai_pick (model): Variety: the stretch has not been posted yet.");
  });
});

describe("the social jobs under Inngest (in-process, @inngest/test)", () => {
  it("publish-social-automations plans and posts in steps", async () => {
    const studio = await studioOrg();
    const { id } = await dueAutomation({ platforms: ["instagram"] }, { org: studio });
    const { result, ctx } = await new InngestTestEngine({ function: publishSocialAutomations }).execute();
    expect(result).toMatchObject({ published: expect.any(Number) });
    expect((result as { published: number }).published).toBeGreaterThanOrEqual(1);
    expect(ctx.step.run).toHaveBeenCalledWith("plan", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("claim", expect.any(Function));
    const [d] = await deliveriesOf(id);
    expect(ctx.step.run).toHaveBeenCalledWith(`publish-${d!.id}`, expect.any(Function));
    expect(d!.status).toBe("published");
  });

  it("render-social-drop renders a requested drop; sweep-social-drops re-requests stuck ones", async () => {
    const created = await call(`/v1/orgs/${org.organizationId}/drops`, {
      key: org.key,
      body: { sourceType: "exercise", sourceId: org.library.videoAssetIds[1], aspectRatios: ["9:16"], durations: [15] },
    });
    expect(created.status).toBe(202);
    const dropId = created.body.data.id;
    expect(sentJobs).toContainEqual({ name: "social/drop.requested", data: { dropId } });
    await db()
      .update(drops)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(drops.id, dropId));
    const { sweep, sent } = await runDropSweep();
    expect((sweep.result as { requeued: number }).requeued).toBeGreaterThanOrEqual(1);
    expect(sent).toHaveBeenCalledWith(`render-${dropId}`, { name: "social/drop.requested", data: { dropId } });

    const { result, ctx } = await new InngestTestEngine({ function: renderSocialDrop }).execute({
      events: [{ name: "social/drop.requested", data: { dropId } }],
    });
    expect(result).toEqual({ status: "ready", ready: 1, failed: 0 });
    expect(ctx.step.run).toHaveBeenCalledWith("render", expect.any(Function));
    const [variant] = await db().select().from(dropVariants).where(eq(dropVariants.dropId, dropId));
    expect(variant).toMatchObject({ status: "ready", aspectRatio: "9:16", durationSeconds: 15 });
  });

  it("sweep-social-drops fails a drop still processing 6 hours after its request (drop.failed), and re-requests a younger stuck one", async () => {
    await subscribeToAllEvents(org);
    const request = async () => {
      const res = await call(`/v1/orgs/${org.organizationId}/drops`, {
        key: org.key,
        body: { sourceType: "exercise", sourceId: org.library.videoAssetIds[1], aspectRatios: ["9:16", "1:1"], durations: [15] },
      });
      expect(res.status, res.text).toBe(202);
      return res.body.data.id as string;
    };
    const overdue = await request();
    const young = await request();
    // Both untouched for 20 minutes (every render stopped before recording anything); one asked for 7 hours ago.
    const touched = new Date(Date.now() - 20 * 60_000);
    await db()
      .update(drops)
      .set({ createdAt: new Date(Date.now() - 7 * 3_600_000), updatedAt: touched })
      .where(eq(drops.id, overdue));
    await db()
      .update(drops)
      .set({ createdAt: new Date(Date.now() - 3_600_000), updatedAt: touched })
      .where(eq(drops.id, young));
    const { sweep, sent } = await runDropSweep();
    expect(sweep.result).toMatchObject({ failed: 1 });
    expect(sent).toHaveBeenCalledWith(`render-${young}`, { name: "social/drop.requested", data: { dropId: young } });
    expect(sent).not.toHaveBeenCalledWith(`render-${overdue}`, expect.anything());

    const reason = "Rendering did not finish within 6 hours of the request.";
    const d = (await call(`/v1/orgs/${org.organizationId}/drops/${overdue}`, { key: org.key })).body.data;
    expect(d).toMatchObject({ status: "failed", failureReason: reason });
    expect(d.variants).toHaveLength(2);
    for (const v of d.variants) expect(v).toMatchObject({ status: "failed", error: reason });
    expect((await announced(org.organizationId, "drop.failed")).filter((e) => e.dropId === overdue)).toEqual([
      expect.objectContaining({ dropId: overdue, failureReason: reason, failedVariants: expect.arrayContaining(["9:16_15000", "1:1_15000"]) }),
    ]);
    expect((await call(`/v1/orgs/${org.organizationId}/drops/${young}`, { key: org.key })).body.data.status).toBe("processing");
  });
});
