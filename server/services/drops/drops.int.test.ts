import { readFile } from "node:fs/promises";
import { WebhookReceiver, announced, deliverDue, subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import { type DropAspectRatio, dropVariants, drops, exerciseGroups, videoAssets, workouts } from "@/db/schema";
import { renderSocialDropJob } from "@/server/jobs/definitions/social";
import { probeMedia } from "@/server/media/ffmpeg";
import { getMediaStorage } from "@/server/media/storage";
import { consoleCall, createConsoleTrainer } from "@/test/support/console";
import { fuzzed } from "@/test/support/hostile-media";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { expectPresetCompliantVariant, inlineIo, jpegSize, mediaFile, pointClipAt } from "@/test/support/social";
import { CHANNEL_PRESET_SPECS, COVER_SIZE, DROP_RENDER_RETRIES, PLATFORM_VIDEO_SIZE, charCount, composePostText } from "./presets";
import { renderDropJob } from "./render-drop";
import { recordJobEvents } from "@/test/support/job-events";

/** Job events recorded instead of sent: these tests run the render job inline, so no worker may race them. */
const sent = recordJobEvents();

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const db = () => getDb();
const base = () => `/v1/orgs/${org.organizationId}/drops`;
let hiit: string;
let stretch: string;
let processing: string;

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
  const rows = await db().select().from(drops).where(eq(drops.organizationId, org.organizationId));
  hiit = rows.find((r) => r.title.startsWith("HIIT Burn"))!.id;
  stretch = rows.find((r) => r.title.startsWith("Die beste"))!.id;
  processing = rows.find((r) => r.status === "processing")!.id;
});

/** The demo clips are 320x180: variants stay at or below the source (never upscaled): 9:16 shows it whole on a blurred fill, 1:1 and 16:9 crop it. */
const DEMO_SIZE: Record<DropAspectRatio, { width: number; height: number }> = {
  "9:16": { width: 306, height: 544 },
  "1:1": { width: 180, height: 180 },
  "16:9": { width: 320, height: 180 },
};

// The full-size render (1080p sources) and pg-boss's real retry backoff (a minute of waiting) are in
// drops-render.slow.int.test.ts, which CI runs (the "slow" project).

const SIX = ["9:16_15000", "9:16_30000", "1:1_15000", "1:1_30000", "16:9_15000", "16:9_30000"];

describe("GET /v1/orgs/{organizationId}/drops", () => {
  it("lists only ready drops, with the list item fields and an explanation", async () => {
    const res = await call(base(), { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.links).toEqual({ total: 2 });
    expect(res.body.data.map((d: { id: string }) => d.id).sort()).toEqual([hiit, stretch].sort());
    const item = res.body.data.find((d: { id: string }) => d.id === hiit);
    expect(item).toEqual({
      id: hiit,
      organizationId: org.organizationId,
      sourceType: "workout",
      sourceId: org.library.workoutIdByKey.get("hiit-burn"),
      sourceName: "HIIT Burn",
      title: "HIIT Burn: 4 rounds, zero equipment",
      sourceThumbnailUrl: expect.stringMatching(/\/media\/public\/seed\/thumbs\/.+\.jpg$/),
      sourceTypeLabel: "Workout",
      locale: "en-US",
      channelPreset: "ig_reels",
      channelPresetLabel: "Instagram Reels",
      availableVariants: SIX,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body.data.find((d: { id: string }) => d.id === stretch).availableVariants).toEqual(["9:16_15000", "9:16_30000"]);
    expect(res.body.explanation).toContain("2 ready drops");
    expect(res.body.explanation).toContain("not listed");
  });

  it("filters by aspect ratio, duration, source and title, and explains the filters", async () => {
    const ids = async (qs: string) => {
      const res = await call(`${base()}?${qs}`, { key: org.key });
      expect(res.status, res.text).toBe(200);
      return { ids: res.body.data.map((d: { id: string }) => d.id).sort(), explanation: res.body.explanation as string };
    };
    expect((await ids("aspectRatio=16:9")).ids).toEqual([hiit]);
    expect((await ids("aspectRatio=9%3A16&duration=30")).ids).toEqual([hiit, stretch].sort());
    expect((await ids("aspectRatio=1:1&duration=60")).ids).toEqual([]);
    expect((await ids("duration=15")).ids).toEqual([hiit, stretch].sort());
    expect((await ids("sourceType=exercise")).ids).toEqual([stretch]);
    expect((await ids(`sourceId=${org.library.workoutIdByKey.get("hiit-burn")}`)).ids).toEqual([hiit]);
    const burn = await ids("q=burn");
    expect(burn.ids).toEqual([hiit]);
    expect(burn.explanation).toContain('titles containing "burn"');
    expect((await ids("q=DEHN")).ids).toEqual([stretch]);
    expect((await ids("q=100%25")).ids).toEqual([]);
  });

  it("sorts by +/- updatedAt and createdAt and pages with links.next", async () => {
    await db()
      .update(drops)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(drops.id, stretch));
    const asc = await call(`${base()}?sort=%2BcreatedAt`, { key: org.key });
    expect(asc.body.data.map((d: { id: string }) => d.id)).toEqual([stretch, hiit]);
    const plain = await call(`${base()}?sort=+createdAt`, { key: org.key });
    expect(plain.body.data.map((d: { id: string }) => d.id)).toEqual([stretch, hiit]);
    const desc = await call(`${base()}?sort=-createdAt`, { key: org.key });
    expect(desc.body.data.map((d: { id: string }) => d.id)).toEqual([hiit, stretch]);
    expect(desc.body.explanation).toContain("by creation, newest first");
    const page = await call(`${base()}?limit=1&sort=-updatedAt`, { key: org.key });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.links.total).toBe(2);
    const next = await call(page.body.links.next, { key: org.key });
    expect(next.body.data).toHaveLength(1);
    expect(next.body.links.next).toBeUndefined();
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
  });

  it("rejects invalid queries with 400 ValidationError", async () => {
    for (const qs of [
      "q=ab",
      "q=%20ab%20",
      "limit=51",
      "limit=0",
      "offset=-1",
      "sort=name",
      "sort=*updatedAt",
      "aspectRatio=4:5",
      "duration=45",
      "sourceType=plan",
      "sourceId=xyz",
      "page=2",
    ]) {
      const err = expectError(await call(`${base()}?${qs}`, { key: org.key }), 400, "ValidationError");
      expect(err.target).toBe("ListDropsQuery");
    }
  });

  it("is key-only (a member Bearer token is 401) and passes the shared auth cases", async () => {
    await expectAuthMatrix(org, base());
    expectError(await call(base(), { token: org.accessToken }), 401, "Unauthorized");
    expect((await call(base(), { key: org.key, token: org.accessToken })).status).toBe(200);
    expectError(await call("/v1/orgs/0123456789abcdef01234567/drops", { key: org.key }), 404, "NotFound");
  });
});

describe("GET /v1/orgs/{organizationId}/drops/{dropId}", () => {
  it("answers variants with signed previews and covers, copy packs per locale and channel presets", async () => {
    const res = await call(`${base()}/${hiit}`, { key: org.key });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: hiit, status: "ready", failureReason: null, ctaUrl: "https://forma.example.com/w/hiit-burn", availableVariants: SIX });
    expect(d.defaults).toEqual({ channelPreset: "ig_reels", aspectRatio: "9:16", duration: 15, variant: "9:16_15000" });
    expect(d.variants.map((v: { name: string }) => v.name)).toEqual(SIX);
    for (const v of d.variants) {
      const aspect = v.aspectRatio as DropAspectRatio;
      expect(v).toMatchObject({
        status: "ready",
        error: null,
        ...DEMO_SIZE[aspect],
        platformWidth: PLATFORM_VIDEO_SIZE[aspect].width,
        platformHeight: PLATFORM_VIDEO_SIZE[aspect].height,
        limitedBySource: true,
        attempts: 0,
        cover: COVER_SIZE[aspect],
      });
      expect(v.file).toMatchObject({
        ...DEMO_SIZE[aspect],
        limitedBySource: true,
        frameRate: 30,
        videoCodec: "h264",
        videoProfile: "High",
        audioSampleRate: 48_000,
      });
      expect(v.previewUrl).toMatch(/\/media\/seed\/drops\/.+\.mp4\?exp=\d+&sig=/);
      expect(v.coverUrl).toMatch(/\/media\/seed\/drops\/.+cover-.+\.jpg\?exp=\d+&sig=/);
    }
    const preview = await fetch(d.variants[0].previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("video/mp4");
    // The seed's variants are real renders of the workout's clips (made at seed time by the job's code).
    for (const v of d.variants) {
      const key = new URL(v.previewUrl).pathname.replace(/^\/media\//, "");
      const aspect = v.aspectRatio as DropAspectRatio;
      const { probe, bytes } = await expectPresetCompliantVariant(await mediaFile(key), aspect, { ...DEMO_SIZE[aspect], seconds: v.duration });
      expect(v.file).toMatchObject({ bytes, durationSeconds: Math.round(probe.durationSeconds * 100) / 100 });
      const cover = await readFile(await mediaFile(new URL(v.coverUrl).pathname.replace(/^\/media\//, "")));
      expect(jpegSize(cover)).toEqual(COVER_SIZE[v.aspectRatio as DropAspectRatio]);
    }
    expect(d.copyPacks.map((c: { locale: string }) => c.locale)).toEqual(["en-US", "de-DE", "es-ES", "fr-FR"]);
    expect(d.copyPacks[0]).toMatchObject({ writer: "editor", writtenIn: "en-US", copyPack: { hook: "No gym? No excuses." } });
    expect(d.copyPacks[1]).toMatchObject({ writer: "template", writtenIn: "de-DE" });
    expect(d.copyPacks[1].copyPack.caption).toContain("HIIT-Fatburner");
    expect(d.channelPresets.map((p: { id: string }) => p.id)).toEqual([
      "ig_reels",
      "ig_stories",
      "ig_carousel",
      "tiktok",
      "yt_shorts",
      "fb_reels",
      "yt_longform",
    ]);
    expect(d.channelPresets.find((p: { id: string }) => p.id === "ig_stories")).toEqual({
      id: "ig_stories",
      label: "Instagram Stories",
      platform: "instagram",
      aspectRatios: ["9:16"],
      maxDuration: 60,
      captionMaxLength: 200,
      hashtagMax: 10,
      hookMaxLength: 80,
      available: true,
    });
    const stretchDetail = (await call(`${base()}/${stretch}`, { key: org.key })).body.data;
    const available = Object.fromEntries(stretchDetail.channelPresets.map((p: { id: string; available: boolean }) => [p.id, p.available]));
    expect(available).toMatchObject({ ig_reels: true, tiktok: true, ig_carousel: false, yt_longform: false });
  });

  it("answers processing drops too (so clients can poll), without media URLs", async () => {
    const d = (await call(`${base()}/${processing}`, { key: org.key })).body.data;
    expect(d).toMatchObject({ status: "processing", availableVariants: [], copyPacks: [] });
    expect(d.variants).toEqual([expect.objectContaining({ name: "9:16_60000", status: "processing", previewUrl: null, coverUrl: null })]);
  });

  it("is 404 for unknown drops and drops of other workspaces, 400 for a non-hex id", async () => {
    expectError(await call(`${base()}/0123456789abcdef01234567`, { key: org.key }), 404, "NotFound");
    const foreign = (await db().select().from(drops).where(eq(drops.organizationId, other.organizationId)))[0]!;
    expectError(await call(`${base()}/${foreign.id}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${base()}/not-a-drop`, { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `${base()}/${hiit}`);
    expectError(await call(`${base()}/${hiit}`, { token: org.accessToken }), 401, "Unauthorized");
  });
});

describe("POST /v1/orgs/{organizationId}/drops/{dropId}/export", () => {
  const exportOf = (dropId: string, body?: unknown, qs = "") => call(`${base()}/${dropId}/export${qs}`, { key: org.key, method: "POST", body });

  it("exports the drop's defaults for an empty body: signed links of existing files, ctaUrl and the fitted copy", async () => {
    for (const body of [undefined, {}]) {
      const res = await exportOf(hiit, body);
      expect(res.status, res.text).toBe(200);
      const b = res.body.data;
      expect(b).toMatchObject({
        dropId: hiit,
        variant: "9:16_15000",
        channelPreset: "ig_reels",
        aspectRatio: "9:16",
        duration: 15,
        locale: "en-US",
        ctaUrl: "https://forma.example.com/w/hiit-burn",
      });
      expect(b.copyPack).toEqual({
        hook: "No gym? No excuses.",
        caption: expect.stringContaining("Four rounds"),
        hashtags: ["hiit", "homeworkout", "noequipment", "cardio", "formafit"],
        cta: "Try the full workout free",
        posterTagline: { primaryLine: "HIIT Burn", secondaryLine: "4 rounds. No equipment." },
      });
      const exp = Number(new URL(b.videoDownloadLink).searchParams.get("exp"));
      expect(exp * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect(Math.abs(new Date(b.expiresAt).getTime() - exp * 1000)).toBeLessThan(2000);
      const video = await fetch(b.videoDownloadLink);
      expect(video.status).toBe(200);
      expect(video.headers.get("content-type")).toBe("video/mp4");
      const cover = await fetch(b.coverLink);
      expect(cover.headers.get("content-type")).toBe("image/jpeg");
      expect(jpegSize(Buffer.from(await cover.arrayBuffer()))).toEqual(COVER_SIZE["9:16"]);
      // The bundle states the file's resolution, length and size, and the cover's size.
      expect(b.video).toMatchObject({ width: 306, height: 544, limitedBySource: true, bytes: Number(video.headers.get("content-length")), frameRate: 30 });
      expect(Math.abs(b.video.durationSeconds - 15)).toBeLessThanOrEqual(0.2);
      expect(b.cover).toEqual({ width: 1080, height: 1920 });
    }
  });

  it("picks the aspect and length from the preset, or exactly what is asked", async () => {
    const longform = (await exportOf(hiit, { channelPreset: "yt_longform" })).body.data;
    expect(longform).toMatchObject({ channelPreset: "yt_longform", aspectRatio: "16:9", duration: 15, variant: "16:9_15000" });
    const square = (await exportOf(hiit, { aspectRatio: "1:1", duration: 30 })).body.data;
    expect(square).toMatchObject({ channelPreset: "ig_reels", variant: "1:1_30000" });
    const stories = (await exportOf(hiit, { channelPreset: "ig_stories", duration: 30 })).body.data;
    expect(stories.variant).toBe("9:16_30000");
    expect(charCount(composePostText(stories.copyPack))).toBeLessThanOrEqual(CHANNEL_PRESET_SPECS.ig_stories.captionMaxLength);
    expect(stories.copyPack.hashtags.length).toBeLessThanOrEqual(10);
    const noCta = (await exportOf(stretch, {})).body.data;
    expect(noCta).toMatchObject({ variant: "9:16_15000", channelPreset: "tiktok", locale: "de-DE" });
    expect(noCta).not.toHaveProperty("ctaUrl");
    expect(noCta.copyPack.hook).toBe("Eine Übung für Hüfte, Beine und Rücken.");
  });

  it("answers the copy of another rendered locale, and 404 for locales without copy", async () => {
    const de = (await exportOf(hiit, {}, "?locale=de-DE")).body.data;
    expect(de.locale).toBe("de-DE");
    expect(de.copyPack.cta).toBe("Jetzt das ganze Training starten");
    expect((await exportOf(hiit, {}, "?locale=fr-fr")).body.data.locale).toBe("fr-FR");
    expectError(await exportOf(hiit, {}, "?locale=it-IT"), 404, "NotFound");
    expectError(await exportOf(hiit, {}, "?locale=xx-XX"), 404, "NotFound");
  });

  it("is 400 for a variant the drop does not have or the preset does not take", async () => {
    expect(expectError(await exportOf(hiit, { duration: 60 }), 400, "BadRequest").target).toBe("duration");
    expect(expectError(await exportOf(stretch, { aspectRatio: "16:9" }), 400, "BadRequest").message).toContain("9:16_15000, 9:16_30000");
    expectError(await exportOf(stretch, { channelPreset: "yt_longform" }), 400, "BadRequest");
    expect(expectError(await exportOf(hiit, { channelPreset: "ig_reels", aspectRatio: "16:9" }), 400, "BadRequest").target).toBe("aspectRatio");
    expectError(await exportOf(hiit, { channelPreset: "snapchat" }), 400, "ValidationError");
    expectError(await exportOf(hiit, { duration: 20 }), 400, "ValidationError");
    expectError(await exportOf(hiit, { locale: "de-DE" }), 400, "ValidationError");
  });

  it("is 404 for unknown, foreign and unready drops, and when the variant's files are gone", async () => {
    expectError(await exportOf(processing, {}), 404, "NotFound");
    const [row] = await db()
      .select()
      .from(dropVariants)
      .where(and(eq(dropVariants.dropId, stretch), eq(dropVariants.durationSeconds, 30)));
    await db().update(dropVariants).set({ assetKey: "drops/missing/file_30000.mp4" }).where(eq(dropVariants.id, row!.id));
    try {
      expect(expectError(await exportOf(stretch, { duration: 30 }), 404, "NotFound").message).toContain("missing");
    } finally {
      await db().update(dropVariants).set({ assetKey: row!.assetKey }).where(eq(dropVariants.id, row!.id));
    }
    expectError(await exportOf("0123456789abcdef01234567", {}), 404, "NotFound");
    const foreign = (await db().select().from(drops).where(eq(drops.organizationId, other.organizationId)))[0]!;
    expectError(await exportOf(foreign.id, {}), 404, "NotFound");
    await expectAuthMatrix(org, `${base()}/${hiit}/export`, { method: "POST", body: {} });
    expectError(await call(`${base()}/${hiit}/export`, { method: "POST", body: {}, token: org.accessToken }), 401, "Unauthorized");
  });
});

describe("POST /v1/orgs/{organizationId}/drops and the render job", () => {
  const create = async (body: unknown) => {
    const res = await call(base(), { key: org.key, body });
    // The operation asks for the render job (run inline by these tests).
    if (res.status === 202) expect(sent).toContainEqual({ name: "social/drop.requested", data: { dropId: res.body.data.id } });
    return res;
  };

  it("makes a drop from an exercise clip: 202 processing, then six real variants, covers and copy", async () => {
    const clipId = org.library.videoAssetIds[0]!;
    await subscribeToAllEvents(org);
    const res = await create({ sourceType: "exercise", sourceId: clipId, locales: ["de-DE", "fr-FR", "es-ES"], ctaUrl: "https://example.com/try" });
    expect(res.status, res.text).toBe(202);
    const d = res.body.data;
    expect(d.title).toBe(d.sourceName);
    expect(d).toMatchObject({
      status: "processing",
      sourceType: "exercise",
      locale: "en-US",
      channelPreset: "ig_reels",
      availableVariants: [],
      copyPacks: [],
    });
    expect(d.defaults).toEqual({ channelPreset: "ig_reels", aspectRatio: "9:16", duration: 15, variant: "9:16_15000" });
    expect(d.variants.map((v: { name: string; status: string }) => `${v.name}:${v.status}`)).toEqual(SIX.map((n) => `${n}:processing`));
    expect((await call(`${base()}?sourceId=${clipId}`, { key: org.key })).body.data.map((x: { id: string }) => x.id)).not.toContain(d.id);

    const io = inlineIo();
    const result = await renderDropJob(io, d.id);
    expect(result).toEqual({ status: "ready", ready: 6, failed: 0 });
    expect(io.steps).toEqual(["copy", "render", "finish"]);

    const ready = (await call(`${base()}/${d.id}`, { key: org.key })).body.data;
    expect(ready.status).toBe("ready");
    expect(ready.availableVariants).toEqual(SIX);
    const heard = (await announced(org.organizationId, "drop.ready")).filter((e) => e.dropId === d.id);
    expect(heard).toEqual([
      { dropId: d.id, title: d.title, sourceType: "exercise", sourceId: clipId, channelPreset: "ig_reels", availableVariants: expect.any(Array) },
    ]);
    expect([...(heard[0]!.availableVariants as string[])].sort()).toEqual([...SIX].sort());
    expect(ready.copyPacks.map((c: { locale: string; writer: string }) => `${c.locale}:${c.writer}`)).toEqual([
      "en-US:template",
      "de-DE:template",
      "es-ES:template",
      "fr-FR:template",
    ]);
    const variants = await db().select().from(dropVariants).where(eq(dropVariants.dropId, d.id));
    expect(variants).toHaveLength(6);
    for (const v of variants) {
      await expectPresetCompliantVariant(await mediaFile(v.assetKey!), v.aspectRatio, { ...DEMO_SIZE[v.aspectRatio], seconds: v.durationSeconds });
      expect(v.media).toMatchObject({ ...DEMO_SIZE[v.aspectRatio], limitedBySource: true });
      const cover = await readFile(await mediaFile(v.coverKey!));
      const size = jpegSize(cover);
      expect(size).toEqual(COVER_SIZE[v.aspectRatio]);
      const [w, h] = v.aspectRatio.split(":").map(Number);
      expect(size.width / size.height).toBeCloseTo(w! / h!, 2);
    }
    const listed = (await call(`${base()}?sourceId=${clipId}`, { key: org.key })).body.data.map((x: { id: string }) => x.id);
    expect(listed).toContain(d.id);
    const bundle = (await call(`${base()}/${d.id}/export`, { key: org.key, method: "POST", body: { channelPreset: "fb_reels" } })).body.data;
    expect(bundle).toMatchObject({ variant: "9:16_15000", ctaUrl: "https://example.com/try" });
    expect((await fetch(bundle.videoDownloadLink)).status).toBe(200);

    // A replayed run (Inngest retry) redoes nothing.
    expect(await renderDropJob(inlineIo(), d.id)).toEqual({ status: "skipped", ready: 0, failed: 0 });
  }, 300_000);

  it("makes drops from a workout, an exercise collection and a workout collection; Hebrew copy is Hebrew, covers stay offline", async () => {
    const [group] = await db().select().from(exerciseGroups).where(eq(exerciseGroups.organizationId, org.organizationId)).limit(1);
    const sources = [
      { sourceType: "workout", sourceId: org.library.workoutIdByKey.get("hiit-burn")!, locale: "fr-FR" },
      { sourceType: "exerciseCollection", sourceId: group!.id, locale: "he-IL", title: "אימון בוקר" },
      { sourceType: "workoutCollection", sourceId: org.library.planIds[0]!, locale: "es-ES", channelPreset: "yt_shorts" },
    ];
    for (const s of sources) {
      const res = await create({ ...s, aspectRatios: ["1:1"], durations: [15] });
      expect(res.status, res.text).toBe(202);
      expect(res.body.data.defaults.variant).toBe("1:1_15000");
      expect(await renderDropJob(inlineIo(), res.body.data.id)).toMatchObject({ status: "ready", ready: 1 });
      const d = (await call(`${base()}/${res.body.data.id}`, { key: org.key })).body.data;
      expect(d.sourceType).toBe(s.sourceType);
      expect(d.availableVariants).toEqual(["1:1_15000"]);
      const pack = d.copyPacks[0];
      expect(pack.locale).toBe(s.locale);
      expect(pack.writtenIn).toBe(s.locale);
      if (s.locale === "he-IL") expect(pack.copyPack.caption).toMatch(/[\u05D0-\u05EA]/u);
      const v = d.variants[0];
      const cover = Buffer.from(await (await fetch(v.coverUrl)).arrayBuffer());
      expect(jpegSize(cover)).toEqual(COVER_SIZE["1:1"]);
      const probe = await probeMedia(await mediaFile(new URL(v.previewUrl).pathname.replace(/^\/media\//, "")));
      expect(probe.video).toMatchObject({ width: 180, height: 180, fps: 30 });
      expect(Math.abs(probe.durationSeconds - 15)).toBeLessThanOrEqual(0.2);
    }
  }, 300_000);

  it("records a failed drop when its source disappears before rendering; failed drops are not listed", async () => {
    const workoutId = org.library.workoutIdByKey.get("kettlebell-power")!;
    const res = await create({ sourceType: "workout", sourceId: workoutId, aspectRatios: ["9:16"], durations: [15] });
    expect(res.status).toBe(202);
    await db().update(workouts).set({ deletedAt: new Date() }).where(eq(workouts.id, workoutId));
    try {
      expect(await renderDropJob(inlineIo(), res.body.data.id)).toMatchObject({ status: "failed" });
      const d = (await call(`${base()}/${res.body.data.id}`, { key: org.key })).body.data;
      expect(d.status).toBe("failed");
      expect(d.failureReason).toContain("No workout with this id");
      expectError(await call(`${base()}/${d.id}/export`, { key: org.key, method: "POST", body: {} }), 404, "NotFound");
    } finally {
      await db().update(workouts).set({ deletedAt: null }).where(eq(workouts.id, workoutId));
    }
  });

  it("retries a failed render with the job's retries, then marks the drop failed with the reason, announces drop.failed and shows it in the console", async () => {
    // A clip whose stored file is damaged: ffmpeg cannot read it, on every attempt.
    const key = `tests/drops/${org.organizationId}/broken-${Date.now()}.mp4`;
    const good = await readFile(
      await mediaFile((await db().select({ k: videoAssets.videoKey }).from(videoAssets).where(eq(videoAssets.id, org.library.videoAssetIds[2]!)))[0]!.k),
    );
    await getMediaStorage().put(key, fuzzed(good.subarray(0, 600), 200, 7, 0), "video/mp4");
    const clipId = org.library.videoAssetIds[2]!;
    await pointClipAt(clipId, key);
    const receiver = await new WebhookReceiver().start();
    onTestFinished(() => receiver.stop());
    const hook = await call(`/v1/orgs/${org.organizationId}/webhooks`, { key: org.key, body: { url: receiver.url, eventTypes: ["drop.failed"] } });
    expect(hook.status, hook.text).toBe(201);
    onTestFinished(async () => {
      await call(`/v1/orgs/${org.organizationId}/webhooks/${hook.body.data.id}`, { key: org.key, method: "DELETE" });
    });
    const res = await create({ sourceType: "exercise", sourceId: clipId, aspectRatios: ["9:16", "1:1"], durations: [15, 30] });
    expect(res.status, res.text).toBe(202);
    const id = res.body.data.id;
    // The render job's definition gives a failed run DROP_RENDER_RETRIES more runs, with backoff.
    expect(renderSocialDropJob.retries).toBe(DROP_RENDER_RETRIES);
    expect(DROP_RENDER_RETRIES + 1).toBe(3);
    for (const attempt of [1, 2]) {
      // A failed attempt with attempts left throws, so the job system runs the job again after its backoff.
      await expect(renderDropJob(inlineIo(), id)).rejects.toThrow(/failed to render, to be retried/);
      const d = (await call(`${base()}/${id}`, { key: org.key })).body.data;
      expect(d.status).toBe("processing");
      for (const v of d.variants)
        expect(v).toMatchObject({ status: "processing", attempts: attempt, error: expect.stringMatching(/ffmpeg|media file/), previewUrl: null });
    }
    // The last attempt marks the variants and the drop failed.
    expect(await renderDropJob(inlineIo(), id)).toEqual({ status: "failed", ready: 0, failed: 4 });
    const d = (await call(`${base()}/${id}`, { key: org.key })).body.data;
    expect(d.status).toBe("failed");
    expect(d.failureReason).toMatch(/^No variant could be rendered after 3 attempt\(s\): /);
    for (const v of d.variants) expect(v).toMatchObject({ status: "failed", attempts: 3, file: null });
    expect((await call(base(), { key: org.key })).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
    expectError(await call(`${base()}/${id}/export`, { key: org.key, method: "POST", body: {} }), 404, "NotFound");
    // A replay of a finished job does nothing.
    expect(await renderDropJob(inlineIo(), id)).toMatchObject({ status: "skipped" });

    await deliverDue(org.organizationId);
    const [got] = await receiver.waitFor(1);
    expect(got!.payload).toMatchObject({
      type: "drop.failed",
      organizationId: org.organizationId,
      data: { dropId: id, sourceType: "exercise", sourceId: clipId, channelPreset: "ig_reels", failureReason: d.failureReason, failedAt: expect.any(String) },
    });
    expect([...got!.payload.data.failedVariants].sort()).toEqual(["1:1_15000", "1:1_30000", "9:16_15000", "9:16_30000"]);

    const trainer = await createConsoleTrainer(org.organizationId);
    const failures = await consoleCall(trainer, `/api/console/orgs/${org.organizationId}/social/drop-failures`);
    expect(failures.status, failures.text).toBe(200);
    expect(failures.body.data.find((x: { id: string }) => x.id === id)).toMatchObject({
      title: d.title,
      failureReason: d.failureReason,
      variants: expect.arrayContaining([{ name: "9:16_15000", attempts: 3, error: expect.any(String) }]),
    });
    expect((await consoleCall(null, `/api/console/orgs/${org.organizationId}/social/drop-failures`)).status).toBe(401);
    const stranger = await createConsoleTrainer(other.organizationId);
    expect((await consoleCall(stranger, `/api/console/orgs/${org.organizationId}/social/drop-failures`)).status).toBe(403);
  }, 120_000);

  it("is 400 for unknown or foreign sources and invalid bodies", async () => {
    expect(expectError(await create({ sourceType: "workout", sourceId: "0123456789abcdef01234567" }), 400, "BadRequest").target).toBe("sourceId");
    expectError(await create({ sourceType: "workout", sourceId: other.library.workoutIds[0] }), 400, "BadRequest");
    expectError(await create({ sourceType: "exercise", sourceId: org.library.workoutIds[0] }), 400, "BadRequest");
    for (const body of [
      {},
      { sourceType: "plan", sourceId: org.library.planIds[0] },
      { sourceType: "workout", sourceId: org.library.workoutIds[0], durations: [45] },
      { sourceType: "workout", sourceId: org.library.workoutIds[0], aspectRatios: ["9:16", "9:16"] },
      { sourceType: "workout", sourceId: org.library.workoutIds[0], locale: "xx-XX" },
      { sourceType: "workout", sourceId: org.library.workoutIds[0], ctaUrl: "javascript:alert(1)" },
      { sourceType: "workout", sourceId: org.library.workoutIds[0], status: "ready" },
    ]) {
      expectError(await create(body), 400, "ValidationError");
    }
    expectError(await call(base(), { key: org.key, method: "POST" }), 400, "ValidationError");
    await expectAuthMatrix(org, base(), { method: "POST", body: { sourceType: "workout", sourceId: org.library.workoutIds[0] } });
  });
});
