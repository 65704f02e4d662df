import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { type SocialPlatform, socialAccounts, socialPublishAttempts, socialPublishAutomations, socialPublishDeliveries } from "@/db/schema";
import { metrics } from "@/server/observability/metrics";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, expectError, useTestApp } from "@/test/harness";
import { type ConsoleTrainer, consoleCall, createConsoleTrainer } from "@/test/support/console";
import { graphError, startPlatformFakes, tiktokError } from "@/test/support/platform-fakes";
import { dailyFarFromNow, inlineIo } from "@/test/support/social";
import { announced, subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { runSocialPublishTick } from "./publish";

/**
 * The four platform adapters and the OAuth connect flow, against local fakes of the platforms'
 * documented endpoints (test/support/platform-fakes): connect through the console routes, refresh,
 * publish, retry after a 5xx or a rate limit (resuming, never posting twice), slow processing,
 * permanent failure on rejected media, a grant revoked mid-schedule, disconnect with revocation.
 */
useTestApp();

const db = () => getDb();
let fake: Awaited<ReturnType<typeof startPlatformFakes>>;

beforeAll(async () => {
  fake = await startPlatformFakes();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.processingPolls = 0;
  fake.rejectMedia = false;
  fake.failures.length = 0;
  fake.nthHooks.length = 0;
  fake.instagramQuotaUsed = undefined;
  fake.tiktokScopes.value = "user.info.basic,user.info.profile,video.publish,video.upload";
});

const WEEKLY = dailyFarFromNow();

interface Studio extends TestLibraryOrg {
  owner: ConsoleTrainer;
}

async function studio(): Promise<Studio> {
  const o = await createLibraryOrg();
  return { ...o, owner: await createConsoleTrainer(o.organizationId, "owner") };
}

/** The trainer's browser through the platform's consent screen: start, the fake's consent (302 back), the console's callback (303 to the Social page). */
async function connectThroughOAuth(s: Studio, platform: SocialPlatform, who: ConsoleTrainer = s.owner): Promise<URL> {
  const started = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/${platform}/connect`, { method: "POST" });
  expect(started.status, started.text).toBe(200);
  const authorize = new URL(started.body.data.authorizeUrl);
  expect(authorize.origin).toBe(fake.baseUrl);
  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status, await consent.clone().text()).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/console/social/oauth/${platform}/callback`);
  const back = await fetch(`${app.baseUrl}${callback.pathname}${callback.search}`, { redirect: "manual", headers: { cookie: who.cookie } });
  expect(back.status).toBe(303);
  return new URL(back.headers.get("location")!);
}

async function accounts(s: Studio) {
  const res = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts`);
  expect(res.status).toBe(200);
  return res.body.data as {
    platform: SocialPlatform;
    connected: boolean;
    accountName: string | null;
    sandbox: boolean;
    needsReconnect: boolean;
    problem: string | null;
    signInAvailable: boolean;
    missingConfiguration: string[];
  }[];
}

/** An active automation of the platforms, due a minute ago. */
async function dueAutomation(s: Studio, platforms: SocialPlatform[], body: Record<string, unknown> = {}) {
  const created = await call(`/v1/orgs/${s.organizationId}/social-publish`, {
    key: s.key,
    body: { name: "Daily", platforms, sourceMode: "random_ready", schedule: WEEKLY, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const active = await call(`/v1/orgs/${s.organizationId}/social-publish/${created.body.data.id}`, { key: s.key, method: "PATCH", body: { status: "active" } });
  expect(active.status, active.text).toBe(200);
  await makeDue(created.body.data.id);
  return created.body.data.id as string;
}

let dueShift = 0;
/** Makes the automation due a minute ago (each call ten minutes further back: a due time is posted once). */
async function makeDue(automationId: string, agoMs = 60_000 + 600_000 * (dueShift++ % 30)) {
  await db()
    .update(socialPublishAutomations)
    .set({ nextRunAt: new Date(Math.floor((Date.now() - agoMs) / 1000) * 1000) })
    .where(eq(socialPublishAutomations.id, automationId));
}

const deliveriesOf = (automationId: string) => db().select().from(socialPublishDeliveries).where(eq(socialPublishDeliveries.automationId, automationId));

/** Makes the automation's pending deliveries due now (skipping the backoff) and runs a tick. */
async function retryNow(automationId: string) {
  await db()
    .update(socialPublishDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(socialPublishDeliveries.automationId, automationId));
  return runSocialPublishTick(inlineIo());
}

const postsOf = (platform: string) => fake.posts.filter((p) => p.platform === platform);

describe("connecting accounts through the platforms' OAuth", () => {
  it("connects each platform from the console: state bound to the session, PKCE where supported, tokens sealed at rest", async () => {
    const s = await studio();
    for (const platform of ["instagram", "facebook", "youtube", "tiktok"] as const) {
      const back = await connectThroughOAuth(s, platform);
      expect(back.pathname).toBe("/console/social");
      expect(back.searchParams.get("connected"), back.search).toBe(platform);
    }
    const cards = await accounts(s);
    expect(cards.map((c) => [c.platform, c.connected, c.sandbox, c.accountName])).toEqual([
      ["instagram", true, false, "@forma_studio"],
      ["tiktok", true, false, "@formastudio"],
      ["youtube", true, false, "@formastudio"],
      ["facebook", true, false, "Forma Studio"],
    ]);
    // Google and TikTok got a code_challenge at consent and checked the verifier at the token exchange (the fakes refuse otherwise).
    expect(fake.requestsTo("accounts.google.com").at(-1)!.query.get("code_challenge_method")).toBe("S256");
    expect(fake.requestsTo("oauth2.googleapis.com", "/token").at(-1)!.fields.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fake.requestsTo("www.tiktok.com").at(-1)!.query.get("code_challenge")).toBeTruthy();
    // Tokens are sealed: the row holds neither the access nor the refresh token.
    const rows = await db().select().from(socialAccounts).where(eq(socialAccounts.organizationId, s.organizationId));
    for (const row of rows) {
      expect(row.tokens).toMatch(/^v1\./);
      for (const g of fake.grants.values()) {
        expect(row.tokens).not.toContain(g.accessToken);
        if (g.refreshToken) expect(row.tokens).not.toContain(g.refreshToken);
      }
      expect(row.adapter).toBe(row.platform);
    }
    // The public API sees them connected.
    const api = await call(`/v1/orgs/${s.organizationId}/social-publish/connected-platforms`, { key: s.key });
    expect(api.body.data.every((p: { connected: boolean }) => p.connected)).toBe(true);
  });

  it("refuses a callback from another session, a forged or foreign state, a denied consent, and non-owners", async () => {
    const s = await studio();
    const other = await createConsoleTrainer(s.organizationId, "owner");
    const stolen = await connectThroughOAuth(s, "youtube", other);
    expect(stolen.searchParams.get("connectFailed")).toBe("youtube");
    expect(stolen.searchParams.get("reason")).toMatch(/another console session/);

    const started = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/tiktok/connect`, { method: "POST" });
    const state = new URL(started.body.data.authorizeUrl).searchParams.get("state")!;
    const forged = `${state.split(".")[0]}.${"A".repeat(43)}`;
    const cb = (q: string, who = s.owner) =>
      fetch(`${app.baseUrl}/api/console/social/oauth/tiktok/callback?${q}`, { redirect: "manual", headers: { cookie: who.cookie } });
    expect(new URL((await cb(`code=x&state=${forged}`)).headers.get("location")!).searchParams.get("reason")).toMatch(/not one this console started/);
    expect(new URL((await cb(`code=x&state=${encodeURIComponent(state)}`)).headers.get("location")!).searchParams.get("reason")).toMatch(
      /TikTok did not connect/,
    );
    const denied = new URL((await cb(`error=access_denied&error_description=The+user+denied&state=${encodeURIComponent(state)}`)).headers.get("location")!);
    expect(denied.searchParams.get("reason")).toBe("TikTok did not connect the account: The user denied.");
    // The youtube state is not accepted for tiktok.
    const yt = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/youtube/connect`, { method: "POST" });
    const ytState = new URL(yt.body.data.authorizeUrl).searchParams.get("state")!;
    expect(new URL((await cb(`code=x&state=${encodeURIComponent(ytState)}`)).headers.get("location")!).searchParams.get("reason")).toMatch(/another platform/);
    const noSession = await fetch(`${app.baseUrl}/api/console/social/oauth/tiktok/callback?code=x&state=${encodeURIComponent(state)}`, { redirect: "manual" });
    expect(noSession.headers.get("location")).toMatch(/\/console\/sign-in$/);

    const trainer = await createConsoleTrainer(s.organizationId, "trainer");
    expectError(await consoleCall(trainer, `/api/console/orgs/${s.organizationId}/social/accounts/tiktok/connect`, { method: "POST" }), 403, "Forbidden");
    expectError(
      await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/myspace/connect`, { method: "POST" }),
      400,
      "ValidationError",
    );
    expect((await accounts(s)).every((a) => !a.connected)).toBe(true);
  });

  it("without an app configured, Connect explains what to set, and the sandbox still connects", async () => {
    const s = await studio();
    const saved = process.env.TIKTOK_CLIENT_SECRET;
    delete process.env.TIKTOK_CLIENT_SECRET;
    (await import("@/server/env")).resetEnvCache();
    try {
      const card = (await accounts(s)).find((a) => a.platform === "tiktok")!;
      expect(card).toMatchObject({ signInAvailable: false, missingConfiguration: ["TIKTOK_CLIENT_SECRET"] });
      const refused = expectError(
        await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/tiktok/connect`, { method: "POST" }),
        400,
        "BadRequest",
      );
      expect(refused.message).toBe('TikTok sign-in is not set up on this installation: set TIKTOK_CLIENT_SECRET (README, "Social platforms").');
      const sandbox = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts`, { body: { platform: "tiktok" } });
      expect(sandbox.status).toBe(201);
      expect(sandbox.body.data.find((a: { platform: string }) => a.platform === "tiktok")).toMatchObject({ connected: true, sandbox: true });
    } finally {
      process.env.TIKTOK_CLIENT_SECRET = saved;
      (await import("@/server/env")).resetEnvCache();
    }
  });

  it("disconnecting revokes the grant where the platform offers it", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "youtube");
    await connectThroughOAuth(s, "facebook");
    const revokes = fake.requestsTo("oauth2.googleapis.com", "/revoke").length;
    expect((await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/youtube`, { method: "DELETE" })).status).toBe(204);
    expect(fake.requestsTo("oauth2.googleapis.com", "/revoke")).toHaveLength(revokes + 1);
    expect(fake.requestsTo("oauth2.googleapis.com", "/revoke").at(-1)!.fields.token).toMatch(/^yo-rt-/);
    expect((await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/accounts/facebook`, { method: "DELETE" })).status).toBe(204);
    expect(fake.requestsTo("graph.facebook.com", "/me/permissions").at(-1)!.method).toBe("DELETE");
    expect((await accounts(s)).filter((a) => a.connected)).toEqual([]);
  });
});

describe("publishing through the platform adapters", () => {
  it("posts a drop to all four platforms with caption and cover, and stores each post's id and public URL", async () => {
    const s = await studio();
    await subscribeToAllEvents(s);
    for (const p of ["instagram", "facebook", "youtube", "tiktok"] as const) await connectThroughOAuth(s, p);
    const before = fake.posts.length;
    const id = await dueAutomation(s, ["instagram", "tiktok", "youtube", "facebook"]);
    const result = await runSocialPublishTick(inlineIo());
    expect(result.published).toBe(4);
    const ds = await deliveriesOf(id);
    const by = Object.fromEntries(ds.map((d) => [d.platform, d]));
    expect(by.instagram).toMatchObject({ status: "published", externalPostUrl: expect.stringMatching(/^https:\/\/www\.instagram\.com\/reel\/C[0-9a-f]+\/$/) });
    expect(by.facebook).toMatchObject({ status: "published", externalPostUrl: `https://www.facebook.com/reel/${by.facebook!.externalPostId}` });
    expect(by.youtube).toMatchObject({ status: "published", externalPostUrl: `https://www.youtube.com/shorts/${by.youtube!.externalPostId}` });
    expect(by.tiktok).toMatchObject({ status: "published", externalPostUrl: `https://www.tiktok.com/@formastudio/video/${by.tiktok!.externalPostId}` });
    const posts = fake.posts.slice(before);
    expect(posts.map((p) => p.platform).sort()).toEqual(["facebook", "instagram", "tiktok", "youtube"]);
    // The platforms pulled the real MP4 from Forma's signed link (Instagram also the cover); YouTube got the file in 256 KiB chunks and the cover as thumbnail.
    for (const p of posts) expect(p.videoBytes).toBeGreaterThan(10_000);
    expect(posts.find((p) => p.platform === "instagram")!.coverBytes).toBeGreaterThan(1000);
    expect(posts.find((p) => p.platform === "youtube")!.coverBytes).toBeGreaterThan(1000);
    const chunks = fake.requestsTo("www.googleapis.com", "/upload/youtube/v3/videos").filter((r) => r.method === "PUT");
    expect(chunks.length).toBeGreaterThanOrEqual(1);
    for (const c of chunks.slice(0, -1)) expect(c.body.length).toBe(256 * 1024);
    // The caption is the post text.
    for (const p of posts.filter((p) => p.platform !== "youtube")) expect(p.caption.length).toBeGreaterThan(20);
    const ig = fake.requestsTo("graph.instagram.com", /\/media$/).at(-1)!;
    expect(ig.fields).toMatchObject({ media_type: "REELS", share_to_feed: "true" });
    expect(ig.fields.video_url).toContain(`${app.baseUrl}/media/`);
    const history = await consoleCall(s.owner, `/api/console/orgs/${s.organizationId}/social/automations/${id}/history`);
    expect(history.body.data.deliveries.map((d: { externalPostUrl: string }) => d.externalPostUrl).every(Boolean)).toBe(true);
    const published = await announced(s.organizationId, "social.post.published");
    expect(published.map((e) => e.postUrl).sort()).toEqual(ds.map((d) => d.externalPostUrl).sort());
    const text = await metrics().registry.getSingleMetricAsString("forma_social_publish_attempts_total");
    expect(text).toMatch(/forma_social_publish_attempts_total\{platform="youtube",outcome="published"\} [1-9]/);
  });

  it("retries after a 5xx and resumes where it stopped: one container, one post (Instagram)", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "instagram");
    const id = await dueAutomation(s, ["instagram"]);
    const containers = fake.requestsTo("graph.instagram.com", /\/media$/).length;
    const before = postsOf("instagram").length;
    fake.failNext(
      "graph.instagram.com",
      "/media_publish",
      graphError(2, "An unexpected error has occurred. Please retry your request later.", { status: 500 }),
    );
    const first = await runSocialPublishTick(inlineIo());
    expect(first.retry).toBe(1);
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: "pending", platformState: { containerId: expect.any(String) } });
    expect(d!.lastError).toMatch(/Instagram answered 500 \(error 2\)/);
    const second = await retryNow(id);
    expect(second.published).toBe(1);
    [d] = await deliveriesOf(id);
    expect(d!.status).toBe("published");
    expect(fake.requestsTo("graph.instagram.com", /\/media$/).length).toBe(containers + 1);
    expect(postsOf("instagram").length).toBe(before + 1);
    const attempts = await db().select().from(socialPublishAttempts).where(eq(socialPublishAttempts.deliveryId, d!.id));
    expect(attempts.map((a) => [a.outcome, a.willRetry, a.adapter])).toEqual([
      ["failed", true, "instagram"],
      ["published", false, "instagram"],
    ]);
  });

  it("maps rate limits to a retry (Instagram error 4, TikTok rate_limit_exceeded), never a final failure", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "instagram");
    await connectThroughOAuth(s, "tiktok");
    const id = await dueAutomation(s, ["instagram", "tiktok"]);
    fake.failNext("graph.instagram.com", /\/media$/, graphError(4, "(#4) Application request limit reached", { status: 400 }));
    fake.failNext("open.tiktokapis.com", "/post/publish/creator_info/query/", tiktokError(429, "rate_limit_exceeded", "API rate limit exceeded"));
    expect((await runSocialPublishTick(inlineIo())).retry).toBe(2);
    expect((await deliveriesOf(id)).map((d) => d.status)).toEqual(["pending", "pending"]);
    expect((await retryNow(id)).published).toBe(2);
  });

  it("waits when Instagram's 24-hour publishing limit is used up, without making a container", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "instagram");
    const id = await dueAutomation(s, ["instagram"]);
    const containers = fake.requestsTo("graph.instagram.com", /\/media$/).length;
    fake.instagramQuotaUsed = 100;
    expect((await runSocialPublishTick(inlineIo())).retry).toBe(1);
    const [d] = await deliveriesOf(id);
    expect(d!.lastError).toBe("Instagram's publishing limit is reached (100 of 100 posts in 24 hours); the next attempt tries again.");
    expect(fake.requestsTo("graph.instagram.com", /\/media$/).length).toBe(containers);
    fake.instagramQuotaUsed = undefined;
    expect((await retryNow(id)).published).toBe(1);
  });

  it("keeps polling slow processing on the next attempt instead of uploading again (TikTok, Facebook)", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "tiktok");
    await connectThroughOAuth(s, "facebook");
    const id = await dueAutomation(s, ["tiktok", "facebook"]);
    fake.processingPolls = 4; // more than SOCIAL_POLLS_PER_ATTEMPT (3)
    const inits = fake.requestsTo("open.tiktokapis.com", "/video/init/").length;
    const starts = fake.requestsTo("graph.facebook.com", "/video_reels").length;
    const first = await runSocialPublishTick(inlineIo());
    expect(first.retry).toBe(2);
    for (const d of await deliveriesOf(id)) expect(d.lastError).toMatch(/still processing/);
    expect((await retryNow(id)).published).toBe(2);
    expect(fake.requestsTo("open.tiktokapis.com", "/video/init/").length).toBe(inits + 1);
    expect(fake.requestsTo("graph.facebook.com", "/video_reels").length).toBe(starts + 2); // start and finish, once each
  });

  it("resumes YouTube's resumable upload after a 5xx on a chunk: asks the session how far it got, sends the rest", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "youtube");
    const id = await dueAutomation(s, ["youtube"]);
    const sessions = fake.requestsTo("www.googleapis.com", "/upload/youtube/v3/videos").filter((r) => r.method === "POST").length;
    const hook = fake.failOnNth("www.googleapis.com", "PUT", "/upload/youtube/v3/videos", 1, {
      status: 503,
      json: { error: { code: 503, message: "Backend Error", errors: [{ reason: "backendError", domain: "global" }] } },
    });
    expect((await runSocialPublishTick(inlineIo())).retry).toBe(1);
    expect(hook.hit).toBe(true);
    const [d] = await deliveriesOf(id);
    expect(d!.platformState).toMatchObject({ uploadUrl: expect.stringContaining("upload_id=") });
    const r2 = await retryNow(id);
    expect(r2.published, JSON.stringify([r2, await deliveriesOf(id)])).toBe(1);
    const posts = fake.requestsTo("www.googleapis.com", "/upload/youtube/v3/videos");
    expect(posts.filter((r) => r.method === "POST").length).toBe(sessions + 1);
    // The retry asked the session what it had (nothing: the first chunk failed) and sent the file from there, in 256 KiB chunks.
    expect(posts.some((r) => r.method === "PUT" && /^bytes \*\/\d+$/.test(String(r.headers["content-range"])))).toBe(true);
    expect(postsOf("youtube").at(-1)!.videoBytes).toBeGreaterThan(10_000);
  });

  it("fails permanently when the platform rejects the media, and announces it", async () => {
    const s = await studio();
    await subscribeToAllEvents(s);
    await connectThroughOAuth(s, "instagram");
    await connectThroughOAuth(s, "youtube");
    const id = await dueAutomation(s, ["instagram", "youtube"]);
    fake.rejectMedia = true;
    const result = await runSocialPublishTick(inlineIo());
    expect(result.failed, JSON.stringify([result, await deliveriesOf(id)])).toBe(2);
    const by = Object.fromEntries((await deliveriesOf(id)).map((d) => [d.platform, d]));
    expect(by.instagram).toMatchObject({ status: "failed", attempts: 1 });
    expect(by.instagram!.lastError).toMatch(/Instagram could not process the video: Error: Unsupported format.*2207026/);
    expect(by.youtube!.lastError).toMatch(/YouTube answered 400 \(invalidVideoFile\)/);
    const failed = await announced(s.organizationId, "social.post.failed");
    expect(failed).toHaveLength(2);
    // Rejected media is not a grant problem: the accounts stay connected.
    expect((await accounts(s)).filter((a) => a.needsReconnect)).toEqual([]);
  });

  it("a grant revoked mid-schedule: the post fails, the card asks for a reconnect, a webhook says so, later runs skip until reconnected", async () => {
    const s = await studio();
    await subscribeToAllEvents(s);
    await connectThroughOAuth(s, "tiktok");
    const id = await dueAutomation(s, ["tiktok"]);
    expect((await runSocialPublishTick(inlineIo())).published).toBe(1);
    fake.revokeAll("tiktok");
    await makeDue(id);
    const r2 = await runSocialPublishTick(inlineIo());
    expect(r2.failed, JSON.stringify([r2, await deliveriesOf(id)])).toBe(1);
    const card = (await accounts(s)).find((a) => a.platform === "tiktok")!;
    expect(card).toMatchObject({ connected: true, needsReconnect: true });
    expect(card.problem).toMatch(/TikTok answered 401 \(access_token_invalid\)/);
    const events = await announced(s.organizationId, "social.account.reconnect_required");
    expect(events).toEqual([expect.objectContaining({ platform: "tiktok", accountId: "tt-open-id-1", accountName: "@formastudio" })]);
    await makeDue(id);
    expect((await runSocialPublishTick(inlineIo())).skipped).toBe(1);
    const skipped = (await deliveriesOf(id)).find((d) => d.status === "skipped")!;
    expect(skipped.lastError).toMatch(/must be reconnected/);
    // Reconnecting clears it.
    await connectThroughOAuth(s, "tiktok");
    expect((await accounts(s)).find((a) => a.platform === "tiktok")).toMatchObject({ needsReconnect: false, problem: null });
    await makeDue(id);
    expect((await runSocialPublishTick(inlineIo())).published).toBe(1);
  });

  it("refreshes an expiring token before posting (YouTube), and Instagram's long-lived token in the sweep", async () => {
    const s = await studio();
    await connectThroughOAuth(s, "youtube");
    await connectThroughOAuth(s, "instagram");
    const [yt] = await db()
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.organizationId, s.organizationId))
      .then((r) => r.filter((a) => a.platform === "youtube"));
    // Instagram's 60-day token has 3 days left (the sweep's window is 7), YouTube's hour one minute.
    await db()
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + 3 * 24 * 3600_000) })
      .where(eq(socialAccounts.organizationId, s.organizationId));
    await db()
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(socialAccounts.id, yt!.id));
    const refreshes = fake.requestsTo("oauth2.googleapis.com", "/token").filter((r) => r.fields.grant_type === "refresh_token").length;
    const igRefreshes = fake.requestsTo("graph.instagram.com", "/refresh_access_token").length;
    await dueAutomation(s, ["youtube"]);
    expect((await runSocialPublishTick(inlineIo())).published).toBe(1);
    expect(fake.requestsTo("oauth2.googleapis.com", "/token").filter((r) => r.fields.grant_type === "refresh_token").length).toBe(refreshes + 1);
    expect(fake.requestsTo("graph.instagram.com", "/refresh_access_token").length).toBe(igRefreshes + 1);
    const rows = await db().select().from(socialAccounts).where(eq(socialAccounts.organizationId, s.organizationId));
    for (const r of rows) expect(r.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it("TikTok without the direct-post scope sends the video to the creator's inbox", async () => {
    const s = await studio();
    fake.tiktokScopes.value = "user.info.basic,user.info.profile,video.upload";
    await connectThroughOAuth(s, "tiktok");
    const id = await dueAutomation(s, ["tiktok"]);
    const inbox = fake.requestsTo("open.tiktokapis.com", "/inbox/video/init/").length;
    expect((await runSocialPublishTick(inlineIo())).published).toBe(1);
    expect(fake.requestsTo("open.tiktokapis.com", "/inbox/video/init/").length).toBe(inbox + 1);
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: "published", externalPostUrl: null, externalPostId: expect.stringMatching(/^v_pub_url~/) });
  });
});
