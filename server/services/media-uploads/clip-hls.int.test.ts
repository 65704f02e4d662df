
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videoAssets, videoHlsPackages } from "@/db/schema";
import { getMediaStorage } from "@/server/media/storage";
import { clearPlaylistCache } from "@/server/services/content/get-playlist";
import { masterKey, storedHlsKeys } from "@/server/services/exports/export-hls";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { fetchBytes, urisOf } from "@/test/support/hls";
import { recordJobEvents } from "@/test/support/job-events";
import { LONG_CLIP_SECONDS, clipHlsPrefix, packageClipHls, sweepLongClips } from "./clip-hls";

/**
 * Long clips as HLS: the demo library's 60 s class video (seed/video/class-flow.mp4) is long, its
 * 4 s exercise demos are short. Packaging runs here as the job runs it (packageClipHls); the
 * package is then read back the way a player reads it, through the playlist's signed `hlsUrl`.
 */
useTestApp();
const sent = recordJobEvents();

const db = () => getDb();
let lib: TestLibraryOrg;
let classClip: { id: string; videoKey: string; durationSeconds: number };
let shortClip: { id: string; videoKey: string; durationSeconds: number };

const clipOf = async (videoKey: string) => {
  const [row] = await db()
    .select({ id: videoAssets.id, videoKey: videoAssets.videoKey, durationSeconds: videoAssets.durationSeconds })
    .from(videoAssets)
    .where(and(eq(videoAssets.organizationId, lib.organizationId), eq(videoAssets.videoKey, videoKey)))
    .limit(1);
  if (!row) throw new Error(`no clip ${videoKey}`);
  return row;
};

const get = fetchBytes;

type Video = { url: string; hlsUrl?: string };
/** Every video object of a playlist, with the segment kind it belongs to. */
function videosOf(playlist: { data: Record<string, Record<string, unknown>>[] }): { kind: string; video: Video }[] {
  return playlist.data.flatMap((entry) => {
    const [kind, seg] = Object.entries(entry)[0]!;
    const out: { kind: string; video: Video }[] = [];
    const push = (v: unknown) => v && typeof v === "object" && "url" in v && out.push({ kind, video: v as Video });
    push(seg.video);
    push((seg.intro as { video?: unknown } | undefined)?.video);
    push((seg.main as { video?: unknown } | undefined)?.video);
    return out;
  });
}

beforeAll(async () => {
  lib = await createLibraryOrg();
  classClip = await clipOf("seed/video/class-flow.mp4");
  shortClip = await clipOf("seed/clips/squat.mp4");
  // Start from no package at all (another run of this suite may have left one in the data dir).
  const storage = getMediaStorage();
  const info = await storage.stat(classClip.videoKey);
  for (const key of await storedHlsKeys(storage, clipHlsPrefix(classClip.videoKey, info!))) await storage.delete(key);
  await db().delete(videoHlsPackages).where(sql`${videoHlsPackages.videoKey} in (${classClip.videoKey}, ${shortClip.videoKey})`);
  clearPlaylistCache();
});

describe("long clips as HLS", () => {
  it("the demo library has one long clip (the class video) and short exercise demos", () => {
    expect(classClip.durationSeconds).toBeGreaterThanOrEqual(LONG_CLIP_SECONDS);
    expect(shortClip.durationSeconds).toBeLessThan(LONG_CLIP_SECONDS);
  });

  it("the sweep asks packaging of the long clip's file, never of a short one", async () => {
    sent.length = 0;
    await sweepLongClips(db());
    const asked = sent.filter((e) => e.name === "media/clip.package").map((e) => (e.data as { videoAssetId: string }).videoAssetId);
    const keys = await db()
      .select({ videoKey: videoAssets.videoKey, seconds: videoAssets.durationSeconds })
      .from(videoAssets)
      .where(sql`${videoAssets.id} = any(${`{${asked.join(",")}}`}::text[])`);
    expect(keys.map((k) => k.videoKey)).toContain(classClip.videoKey);
    expect(keys.every((k) => k.seconds >= LONG_CLIP_SECONDS)).toBe(true);
    // One request per file, however many workspaces show it.
    expect(new Set(keys.map((k) => k.videoKey)).size).toBe(keys.length);
  });

  it("leaves a short clip progressive", async () => {
    expect(await packageClipHls(db(), shortClip.id)).toBe("short");
    expect(await db().select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, shortClip.videoKey))).toHaveLength(0);
  });

  it("packages a long clip: a signed master over three video renditions and the clip's sound, every URI signed and served", async () => {
    expect(await packageClipHls(db(), classClip.id)).toBe("packaged");
    const [row] = await db().select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, classClip.videoKey));
    expect(row).toMatchObject({ status: "ready", masterKey: expect.stringMatching(/^seed\/video\/class-flow-hls-[0-9a-f]{12}\/master\.m3u8$/) });
    // Current: nothing is rendered again.
    expect(await packageClipHls(db(), classClip.id)).toBe("current");

    // The playlist: hlsUrl on the long clip's video objects only, url unchanged on every one.
    const workouts = lib.library.workoutIds;
    let found: { kind: string; video: Video }[] = [];
    for (const id of workouts) {
      const res = await call(`/v1/workouts/${id}/playlist`, { key: lib.key });
      expect(res.status).toBe(200);
      const videos = videosOf(res.body);
      if (videos.some((v) => v.kind === "class")) {
        found = videos;
        break;
      }
    }
    expect(found.length).toBeGreaterThan(0);
    const withHls = found.filter((v) => v.video.hlsUrl);
    expect(withHls.length).toBeGreaterThan(0);
    expect(withHls.every((v) => v.kind === "class")).toBe(true);
    for (const v of found) expect(v.video.url).toMatch(/\.mp4\?exp=\d+&sig=/);
    expect(found.filter((v) => v.kind === "exercise").every((v) => v.video.hlsUrl === undefined)).toBe(true);
    const hlsUrl = withHls[0]!.video.hlsUrl!;
    expect(hlsUrl).toMatch(/\/media\/seed\/video\/class-flow-hls-[0-9a-f]{12}\/master\.m3u8\?exp=\d+&sig=/);
    const exp = new URL(hlsUrl).searchParams.get("exp");

    const master = await get(hlsUrl);
    expect(master.status).toBe(200);
    expect(master.type).toBe("application/vnd.apple.mpegurl");
    const text = master.body.toString("utf8");
    const variants = [...text.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));
    expect(variants.length).toBeGreaterThanOrEqual(3);
    const heights = variants.map((v) => Number(/RESOLUTION=\d+x(\d+)/.exec(v.attrs)![1]));
    expect(new Set(heights).size).toBe(variants.length);
    expect(Math.max(...heights)).toBe(180); // the clip's own size is the top rendition
    for (const v of variants) expect(v.attrs).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2".*AUDIO="aud"/);
    expect(text).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud"[^\n]*URI="[^"]+"/);

    const playlists = urisOf(text);
    expect(playlists).toHaveLength(variants.length + 1);
    const counts: number[] = [];
    for (const uri of playlists) {
      expect(new URL(uri).searchParams.get("exp")).toBe(exp);
      const playlist = await get(uri);
      expect(playlist.status).toBe(200);
      expect(playlist.type).toBe("application/vnd.apple.mpegurl");
      const body = playlist.body.toString("utf8");
      expect(body).toContain("#EXT-X-ENDLIST");
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(body)?.[1];
      expect(init).toBeDefined();
      const parts = urisOf(body);
      for (const u of parts) {
        expect(new URL(u).searchParams.get("exp")).toBe(exp);
        const part = await get(u);
        expect(part.status, u).toBe(200);
        if (u === init) {
          expect(part.type).toBe("video/mp4");
          expect(part.body.subarray(4, 8).toString("latin1")).toBe("ftyp");
        } else expect(part.type).toBe("video/iso.segment");
      }
      const seconds = [...body.matchAll(/#EXTINF:([\d.]+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      expect(Math.abs(seconds - classClip.durationSeconds)).toBeLessThan(0.5);
      if (!uri.includes("/audio/")) counts.push(parts.length);
    }
    // The same segment boundaries in every rendition (keyframes aligned).
    expect(new Set(counts).size).toBe(1);

    // Another signature is refused, on a segment and on the master.
    const segment = urisOf((await get(playlists[1]!)).body.toString("utf8")).at(-1)!;
    for (const u of [segment, hlsUrl]) {
      const forged = new URL(u);
      forged.searchParams.set("sig", "A".repeat(43));
      expectError(await call(forged.toString()), 403, "Forbidden");
    }
  }, 180_000);

  it("a failed package leaves the clip progressive; a package found stored is recorded without rendering", async () => {
    const storage = getMediaStorage();
    const master = masterKey(clipHlsPrefix(classClip.videoKey, (await storage.stat(classClip.videoKey))!));
    // A stored package with no row (the worker stopped between storing and recording): recorded as it is.
    await db().delete(videoHlsPackages).where(eq(videoHlsPackages.videoKey, classClip.videoKey));
    expect(await packageClipHls(db(), classClip.id)).toBe("packaged");
    expect(await storage.exists(master)).toBe(true);

    // A file that cannot be packaged (not a video): recorded as failed, thrown for the job's retry,
    // then given up; the playlist keeps the clip progressive.
    const broken = `workspace/${lib.organizationId}/clips/broken-long.mp4`;
    await storage.put(broken, Buffer.from("not a video at all"), "video/mp4");
    const [asset] = await db()
      .insert(videoAssets)
      .values({ organizationId: lib.organizationId, kind: "class", name: { "en-US": "Broken long class" }, videoKey: broken, durationSeconds: 90 })
      .returning({ id: videoAssets.id });
    await expect(packageClipHls(db(), asset!.id)).rejects.toThrow();
    await expect(packageClipHls(db(), asset!.id)).rejects.toThrow();
    expect(await packageClipHls(db(), asset!.id)).toBe("failed");
    const [row] = await db().select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, broken));
    expect(row).toMatchObject({ status: "failed", masterKey: null, attempts: 3 });
    expect(row!.lastError).toBeTruthy();
    // Given up: the sweep does not ask again.
    sent.length = 0;
    await sweepLongClips(db(), new Date(Date.now() + 24 * 3600_000));
    expect(sent.some((e) => (e.data as { videoAssetId?: string }).videoAssetId === asset!.id)).toBe(false);
  }, 120_000);
});
