import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { drops, socialAccounts, socialPublishAutomations } from "@/db/schema";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { connectSandboxAccounts } from "@/test/support/social";
import { connectSocialAccount, disconnectSocialAccount } from "./accounts";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const db = () => getDb();
const base = () => `/v1/orgs/${org.organizationId}/social-publish`;
let readyDropIds: string[];
let processingDropId: string;

const WEEKLY = { type: "weekly", timeZone: "Europe/Berlin", days: ["mon", "wed", "fri"], times: ["09:00", "18:30"] };

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  const rows = await db().select().from(drops).where(eq(drops.organizationId, org.organizationId));
  readyDropIds = rows.filter((r) => r.status === "ready").map((r) => r.id);
  processingDropId = rows.find((r) => r.status === "processing")!.id;
});

async function createAutomation(body: Record<string, unknown> = {}) {
  const res = await call(base(), {
    key: org.key,
    body: { name: "Weekday reels", platforms: ["instagram", "tiktok"], sourceMode: "random_ready", schedule: WEEKLY, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const patch = (id: string, body: unknown) => call(`${base()}/${id}`, { key: org.key, method: "PATCH", body });
const rowOf = async (id: string) => (await db().select().from(socialPublishAutomations).where(eq(socialPublishAutomations.id, id)))[0]!;

describe("GET /social-publish/connected-platforms", () => {
  it("reports the four platforms; the seed connects none; the console's connect and disconnect show up", async () => {
    const res = await call(`${base()}/connected-platforms`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      ["instagram", "tiktok", "youtube", "facebook"].map((platform) => ({ platform, connected: false, accountId: null, accountName: null, connectedAt: null })),
    );
    const fresh = await createLibraryOrg();
    await connectSocialAccount(db(), fresh.organizationId, { platform: "youtube", accountId: "UC123", accountName: "Studio TV" });
    const after = (await call(`/v1/orgs/${fresh.organizationId}/social-publish/connected-platforms`, { key: fresh.key })).body.data;
    expect(after[2]).toEqual({ platform: "youtube", connected: true, accountId: "UC123", accountName: "Studio TV", connectedAt: expect.any(String) });
    expect(after.filter((p: { connected: boolean }) => p.connected)).toHaveLength(1);
    await connectSocialAccount(db(), fresh.organizationId, { platform: "youtube", accountId: "UC999" });
    expect((await call(`/v1/orgs/${fresh.organizationId}/social-publish/connected-platforms`, { key: fresh.key })).body.data[2].accountId).toBe("UC999");
    expect(await disconnectSocialAccount(db(), fresh.organizationId, "youtube")).toBe(true);
    expect((await call(`/v1/orgs/${fresh.organizationId}/social-publish/connected-platforms`, { key: fresh.key })).body.data[2].connected).toBe(false);
    await expectAuthMatrix(org, `${base()}/connected-platforms`);
    expectError(await call(`${base()}/connected-platforms`, { token: org.accessToken }), 401, "Unauthorized");
  });
});

describe("POST /social-publish", () => {
  it("creates a draft with defaults filled in (201)", async () => {
    const a = await createAutomation({ captionOverrides: { tiktok: { hashtags: ["#FitTok"] } } });
    expect(a).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      organizationId: org.organizationId,
      name: "Weekday reels",
      status: "draft",
      sourceMode: "random_ready",
      platforms: ["instagram", "tiktok"],
      channelPresets: { instagram: "ig_reels", tiktok: "tiktok" },
      dropIds: [],
      schedule: WEEKLY,
      captionOverrides: { tiktok: { hashtags: ["#FitTok"] } },
      locale: "en-US",
      nextRunAt: null,
      lastRunAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const cron = await createAutomation({
      schedule: { type: "cron", expression: "0 7 * * 1-5" },
      platforms: ["youtube"],
      channelPresets: { youtube: "yt_longform" },
    });
    expect(cron.schedule).toEqual({ type: "cron", timeZone: "UTC", expression: "0 7 * * 1-5" });
    expect(cron.channelPresets).toEqual({ youtube: "yt_longform" });
    const fixed = await createAutomation({ sourceMode: "manual_fixed", dropIds: [readyDropIds[0], processingDropId] });
    expect(fixed.dropIds).toEqual([readyDropIds[0], processingDropId]);
  });

  it("is 400 for invalid bodies and for drop ids that are not drops of this workspace", async () => {
    const good = { name: "x", platforms: ["instagram"], sourceMode: "random_ready", schedule: WEEKLY };
    for (const body of [
      {},
      { ...good, name: "" },
      { ...good, platforms: [] },
      { ...good, platforms: ["instagram", "instagram"] },
      { ...good, platforms: ["myspace"] },
      { ...good, sourceMode: "sometimes" },
      { ...good, status: "active" },
      { ...good, schedule: { ...WEEKLY, timeZone: "Mars/Olympus" } },
      { ...good, schedule: { ...WEEKLY, times: ["25:00"] } },
      { ...good, schedule: { ...WEEKLY, days: ["someday"] } },
      { ...good, schedule: { ...WEEKLY, times: ["09:00", "09:10"] } },
      { ...good, schedule: { type: "cron", expression: "* * * * *" } },
      { ...good, schedule: { type: "cron", expression: "0 9 * *" } },
      { ...good, schedule: { type: "cron", expression: "99 9 * * *" } },
      { ...good, schedule: { type: "hourly" } },
      { ...good, channelPresets: { instagram: "tiktok" } },
      { ...good, locale: "xx-XX" },
    ]) {
      const err = expectError(await call(base(), { key: org.key, body }), 400, "ValidationError");
      expect(err.target, JSON.stringify(body)).toBe("CreateAutomationBody");
    }
    // Fields that contradict each other (stated in the document with if/then/else and in words) are
    // a BadRequest naming each one, and nothing is created.
    const before = (await call(`${base()}?limit=50`, { key: org.key })).body.links.total;
    for (const [body, target] of [
      [{ ...good, channelPresets: { tiktok: "tiktok" } }, "channelPresets.tiktok"],
      [{ ...good, captionOverrides: { facebook: { caption: "hi" } } }, "captionOverrides.facebook"],
      [{ ...good, sourceMode: "manual_fixed" }, "dropIds"],
      [{ ...good, dropIds: [readyDropIds[0]] }, "dropIds"],
    ] as const) {
      const err = expectError(await call(base(), { key: org.key, body }), 400, "BadRequest");
      expect(err.details?.map((d) => d.target), JSON.stringify(body)).toEqual([target]);
    }
    expect((await call(`${base()}?limit=50`, { key: org.key })).body.links.total).toBe(before);
    const foreignDrop = (await db().select().from(drops).where(eq(drops.organizationId, other.organizationId)))[0]!.id;
    const err = expectError(
      await call(base(), { key: org.key, body: { ...good, sourceMode: "manual_fixed", dropIds: [readyDropIds[0], foreignDrop] } }),
      400,
      "BadRequest",
    );
    expect(err.details).toEqual([{ code: "UnknownDrop", message: expect.any(String), target: "dropIds.1" }]);
    await expectAuthMatrix(org, base(), { method: "POST", body: good });
    expectError(await call(base(), { token: org.accessToken, body: good }), 401, "Unauthorized");
  });
});

describe("GET /social-publish", () => {
  it("lists with status, sourceMode, search and sort filters", async () => {
    const studio = await createLibraryOrg();
    const url = `/v1/orgs/${studio.organizationId}/social-publish`;
    const make = async (name: string, sourceMode: string, extra: Record<string, unknown> = {}) => {
      const res = await call(url, { key: studio.key, body: { name, platforms: ["facebook"], sourceMode, schedule: WEEKLY, ...extra } });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const a = await make("Morning Mobility", "ai_pick");
    const b = await make("Evening HIIT 100%", "ai_insights");
    const c = await make("Weekend_Specials", "random_ready");
    await connectSandboxAccounts(db(), studio.organizationId, ["facebook"]);
    expect((await call(`${url}/${b}`, { key: studio.key, method: "PATCH", body: { status: "active" } })).status).toBe(200);
    const ids = async (qs: string) => {
      const res = await call(`${url}?${qs}`, { key: studio.key });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((x: { id: string }) => x.id);
    };
    expect(await ids("")).toEqual([b, c, a]);
    expect(await ids("sortBy=createdAt&sortOrder=ascend")).toEqual([a, b, c]);
    expect(await ids("sortBy=createdAt")).toEqual([c, b, a]);
    expect(await ids("status=active")).toEqual([b]);
    expect(await ids("status=draft&sortBy=createdAt&sortOrder=ascend")).toEqual([a, c]);
    expect(await ids("sourceMode=ai_pick")).toEqual([a]);
    expect(await ids("search=MOBILITY")).toEqual([a]);
    expect(await ids("search=100%25")).toEqual([b]);
    expect(await ids("search=_")).toEqual([c]);
    expect(await ids("search=")).toHaveLength(3);
    expect(await ids(`search=${"x".repeat(200)}`)).toEqual([]);
    const page = await call(`${url}?limit=2`, { key: studio.key });
    expect(page.body.links.total).toBe(3);
    expect((await call(page.body.links.next, { key: studio.key })).body.data.map((x: { id: string }) => x.id)).toEqual([a]);
    for (const qs of [`search=${"x".repeat(201)}`, "limit=51", "status=paused", "sourceMode=x", "sortBy=name", "sortOrder=asc", "q=x"]) {
      expectError(await call(`${url}?${qs}`, { key: studio.key }), 400, "ValidationError");
    }
    await expectAuthMatrix(studio, url);
    expectError(await call(url, { token: studio.accessToken }), 401, "Unauthorized");
  });
});

describe("GET, PATCH and DELETE /social-publish/{taskId}", () => {
  it("reads one automation; 404 for unknown and foreign ones", async () => {
    const a = await createAutomation();
    expect((await call(`${base()}/${a.id}`, { key: org.key })).body.data).toEqual(a);
    expectError(await call(`${base()}/0123456789abcdef01234567`, { key: org.key }), 404, "NotFound");
    const foreign = (
      await call(`/v1/orgs/${other.organizationId}/social-publish`, {
        key: other.key,
        body: { name: "theirs", platforms: ["tiktok"], sourceMode: "random_ready", schedule: WEEKLY },
      })
    ).body.data;
    expectError(await call(`${base()}/${foreign.id}`, { key: org.key }), 404, "NotFound");
    expectError(await patch(foreign.id, { name: "mine" }), 404, "NotFound");
    expectError(await call(`${base()}/${foreign.id}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expectError(await call(`${base()}/not-hex`, { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `${base()}/${a.id}`);
    await expectAuthMatrix(org, `${base()}/${a.id}`, { method: "PATCH", body: { name: "x" } });
    await expectAuthMatrix(org, `${base()}/${a.id}`, { method: "DELETE" });
    expectError(await call(`${base()}/${a.id}`, { token: org.accessToken }), 401, "Unauthorized");
  });

  it("activation needs a connected account for every target platform: 422 naming the missing ones, nothing changes", async () => {
    const studio = await createLibraryOrg();
    const url = `/v1/orgs/${studio.organizationId}/social-publish`;
    const a = (
      await call(url, {
        key: studio.key,
        body: { name: "All four", platforms: ["instagram", "tiktok", "youtube", "facebook"], sourceMode: "ai_pick", schedule: WEEKLY },
      })
    ).body.data;
    const before = await rowOf(a.id);
    const res = await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "active", name: "Renamed too" } });
    const err = expectError(res, 422, "UnprocessableEntity");
    expect(err.details).toEqual(
      ["instagram", "tiktok", "youtube", "facebook"].map((p) => ({
        code: "PlatformNotConnected",
        message: `No ${p} account is connected to this workspace.`,
        target: `platforms.${p}`,
      })),
    );
    expect(err.message).toContain("instagram, tiktok, youtube, facebook");
    expect(await rowOf(a.id)).toEqual(before);

    await connectSandboxAccounts(db(), studio.organizationId, ["instagram", "youtube"]);
    const partly = expectError(await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "active" } }), 422, "UnprocessableEntity");
    expect(partly.details!.map((d) => d.target)).toEqual(["platforms.tiktok", "platforms.facebook"]);
    expect(await rowOf(a.id)).toEqual(before);

    // Narrowing the targets to the connected platforms in the same PATCH makes it valid.
    const active = await call(`${url}/${a.id}`, {
      key: studio.key,
      method: "PATCH",
      body: { status: "active", platforms: ["instagram", "youtube"], channelPresets: { youtube: "yt_longform" } },
    });
    expect(active.status, active.text).toBe(200);
    expect(active.body.data).toMatchObject({
      status: "active",
      platforms: ["instagram", "youtube"],
      channelPresets: { instagram: "ig_reels", youtube: "yt_longform" },
    });
    const next = new Date(active.body.data.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", weekday: "short", hour: "2-digit", minute: "2-digit", hour12: false }).format(
      next,
    );
    expect(["Mon", "Wed", "Fri"].some((d) => local.startsWith(d))).toBe(true);
    expect(local.endsWith("09:00") || local.endsWith("18:30")).toBe(true);

    // While active, adding an unconnected platform is rejected and changes nothing.
    const activeRow = await rowOf(a.id);
    const add = expectError(
      await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { platforms: ["instagram", "youtube", "tiktok"] } }),
      422,
      "UnprocessableEntity",
    );
    expect(add.details!.map((d) => d.target)).toEqual(["platforms.tiktok"]);
    expect(await rowOf(a.id)).toEqual(activeRow);

    // Draft pauses: the next run is cleared; active again schedules again.
    const paused = (await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "draft" } })).body.data;
    expect(paused).toMatchObject({ status: "draft", nextRunAt: null });
    expect((await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "active" } })).body.data.nextRunAt).toEqual(expect.any(String));

    // A platform disconnected later blocks the next activation again.
    await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "draft" } });
    await db().delete(socialAccounts).where(eq(socialAccounts.organizationId, studio.organizationId));
    expectError(await call(`${url}/${a.id}`, { key: studio.key, method: "PATCH", body: { status: "active" } }), 422, "UnprocessableEntity");
  });

  it("checks a PATCH as a whole: 422 for changes that cannot apply, 400 for malformed bodies; the row stays as it was", async () => {
    await connectSandboxAccounts(db(), org.organizationId, ["instagram", "tiktok", "youtube", "facebook"]);
    const a = await createAutomation();
    const before = await rowOf(a.id);
    const cases: [unknown, string][] = [
      [{ sourceMode: "manual_fixed" }, "DropIdsRequired"],
      [{ sourceMode: "manual_fixed", dropIds: ["0123456789abcdef01234567"] }, "UnknownDrop"],
      [{ dropIds: [readyDropIds[0]] }, "DropIdsNotAllowed"],
      [{ channelPresets: { youtube: "yt_shorts" } }, "NotATargetPlatform"],
      [{ captionOverrides: { facebook: { cta: "Join" } } }, "NotATargetPlatform"],
      [{ status: "active", sourceMode: "manual_fixed", dropIds: [processingDropId] }, "DropNotReady"],
    ];
    for (const [body, code] of cases) {
      const err = expectError(await patch(a.id, body), 422, "UnprocessableEntity");
      expect(
        err.details!.map((d) => d.code),
        JSON.stringify(body),
      ).toContain(code);
      expect(await rowOf(a.id)).toEqual(before);
    }
    for (const body of [
      { status: "paused" },
      { name: "" },
      { platforms: ["myspace"] },
      { nextRunAt: "2030-01-01T00:00:00Z" },
      { schedule: { type: "cron", expression: "*/5 * * * *" } },
      { channelPresets: { tiktok: "yt_shorts" } },
    ]) {
      expect(expectError(await patch(a.id, body), 400, "ValidationError").target).toBe("UpdateAutomationBody");
      expect(await rowOf(a.id)).toEqual(before);
    }
    expectError(
      await call(`${base()}/${a.id}`, { key: org.key, method: "PATCH", rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "BadRequest",
    );
    expect(await rowOf(a.id)).toEqual(before);

    const changed = await patch(a.id, {
      name: "Fixed rotation",
      sourceMode: "manual_fixed",
      dropIds: readyDropIds,
      captionOverrides: { instagram: { cta: "Link in bio" } },
      schedule: { type: "cron", timeZone: "America/New_York", expression: "30 7 * * *" },
      locale: "de-DE",
      status: "active",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: "Fixed rotation",
      sourceMode: "manual_fixed",
      dropIds: readyDropIds,
      locale: "de-DE",
      status: "active",
      captionOverrides: { instagram: { cta: "Link in bio" } },
    });
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hour12: false }).format(
        new Date(changed.body.data.nextRunAt),
      ),
    ).toBe("07:30");
    // Leaving manual_fixed clears its drops; dropping a platform drops its overrides.
    const random = (await patch(a.id, { sourceMode: "random_ready", platforms: ["tiktok"] })).body.data;
    expect(random).toMatchObject({
      sourceMode: "random_ready",
      dropIds: [],
      platforms: ["tiktok"],
      captionOverrides: {},
      channelPresets: { tiktok: "tiktok" },
    });
  });

  it("deletes softly: 204, then 404 everywhere and never listed", async () => {
    const a = await createAutomation({ name: "Short-lived" });
    const res = await call(`${base()}/${a.id}`, { key: org.key, method: "DELETE" });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectError(await call(`${base()}/${a.id}`, { key: org.key }), 404, "NotFound");
    expectError(await patch(a.id, { name: "back" }), 404, "NotFound");
    expectError(await call(`${base()}/${a.id}`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    expect((await call(`${base()}?search=Short-lived`, { key: org.key })).body.data).toEqual([]);
    const row = await rowOf(a.id);
    expect(row.deletedAt).toBeInstanceOf(Date);
  });
});

describe("the contract", () => {
  it("documents social drops and social publish as key-only (no Bearer), with 202 for a new drop and 422 for PATCH", async () => {
    const doc = (await call("/openapi.json")).body;
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { tags: string[]; security: unknown[]; responses: Record<string, unknown> }>>,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, ...op })));
    const social = ops.filter((o) => o.tags.includes("Social drops") || o.tags.includes("Social publish"));
    expect(social.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      [
        "GET /v1/orgs/{organizationId}/drops",
        "POST /v1/orgs/{organizationId}/drops",
        "GET /v1/orgs/{organizationId}/drops/{dropId}",
        "POST /v1/orgs/{organizationId}/drops/{dropId}/export",
        "GET /v1/orgs/{organizationId}/social-publish",
        "POST /v1/orgs/{organizationId}/social-publish",
        "GET /v1/orgs/{organizationId}/social-publish/connected-platforms",
        "GET /v1/orgs/{organizationId}/social-publish/{taskId}",
        "PATCH /v1/orgs/{organizationId}/social-publish/{taskId}",
        "DELETE /v1/orgs/{organizationId}/social-publish/{taskId}",
      ].sort(),
    );
    for (const o of social) expect(o.security, `${o.method} ${o.path}`).toEqual([{ "X-Api-Key": [] }]);
    expect(Object.keys(doc.paths["/v1/orgs/{organizationId}/drops"].post.responses)).toContain("202");
    expect(Object.keys(doc.paths["/v1/orgs/{organizationId}/social-publish/{taskId}"].patch.responses)).toEqual(expect.arrayContaining(["400", "404", "422"]));
    const llms = (await call("/llms.txt")).text;
    expect(llms).toContain("POST /v1/orgs/{organizationId}/drops/{dropId}/export");
    expect(llms).toContain("Social drops and social publish accept only X-Api-Key");
  });
});
