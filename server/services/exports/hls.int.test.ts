import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { createExportWorkout } from "@/test/support/exports";
import { fetchBytes as get, urisOf } from "@/test/support/hls";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { loadExportPlan } from "./export-plan";
import { exportHlsPrefix, storedHlsKeys } from "./export-hls";
import { renderExportLocale } from "./render-export";

useTestApp();

const db = () => getDb();
let lib: TestLibraryOrg;

beforeAll(async () => {
  lib = await createLibraryOrg();
});

const hlsUrl = (id: string, locale?: string) => call(`/v1/workouts/${id}/export/video/hls_url${locale ? `?locale=${locale}` : ""}`, { key: lib.key });

describe("GET /v1/workouts/{workoutId}/export/video/hls_url", () => {
  let workoutId: string;
  let seconds: number;

  beforeAll(async () => {
    workoutId = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      trainerLocale: "en-US",
      segments: [{ kind: "intro" }, { kind: "exercise", exercise: "squat", workSeconds: 9 }, { kind: "break", seconds: 3 }, { kind: "exercise", exercise: "lunge", workSeconds: 7 }],
    });
  });

  it("is 404 while the video export is not rendered", async () => {
    expectError(await hlsUrl(workoutId), 404, "NotFound");
    expectError(await hlsUrl(workoutId, "en-US"), 404, "NotFound");
  });

  it("answers one signed master URL over three video renditions and an audio rendition, every URI inside signed and served", async () => {
    const outcome = await loadExportPlan(db(), workoutId);
    if (!("plan" in outcome)) throw new Error("no plan");
    seconds = outcome.plan.seconds;
    await renderExportLocale(db(), outcome.plan, "en-US");
    const res = await hlsUrl(workoutId, "en-US");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toMatch(/\/media\/exports\/[0-9a-f]{24}\/en-US-video-[0-9a-f]{24}-hls\/master\.m3u8\?exp=\d+&sig=/);
    const exp = new URL(res.text).searchParams.get("exp");
    expect(Number(exp) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    const master = await get(res.text);
    expect(master.status).toBe(200);
    expect(master.type).toBe("application/vnd.apple.mpegurl");
    const text = master.body.toString("utf8");
    expect(text.startsWith("#EXTM3U")).toBe(true);
    const variants = [...text.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));
    expect(variants.length).toBeGreaterThanOrEqual(3);
    const heights = variants.map((v) => Number(/RESOLUTION=\d+x(\d+)/.exec(v.attrs)![1]));
    expect(new Set(heights).size).toBe(variants.length);
    for (const v of variants) expect(v.attrs).toMatch(/BANDWIDTH=\d+.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2".*AUDIO="aud"/);
    expect(text).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud"[^\n]*URI="[^"]+"/);

    // Every URI in every playlist is signed with the master's expiry and resolves.
    const playlists = urisOf(text);
    expect(playlists).toHaveLength(variants.length + 1);
    const segmentCounts: number[] = [];
    const durations: string[] = [];
    for (const uri of playlists) {
      expect(new URL(uri).searchParams.get("exp")).toBe(exp);
      const playlist = await get(uri);
      expect(playlist.status).toBe(200);
      expect(playlist.type).toBe("application/vnd.apple.mpegurl");
      const body = playlist.body.toString("utf8");
      expect(body).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
      expect(body).toContain("#EXT-X-ENDLIST");
      const inside = urisOf(body);
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(body)?.[1];
      expect(init).toBeDefined();
      for (const u of inside) {
        expect(new URL(u).searchParams.get("exp")).toBe(exp);
        const part = await get(u);
        expect(part.status, u).toBe(200);
        expect(part.body.length).toBeGreaterThan(0);
        if (u === init) expect(part.body.subarray(4, 8).toString("latin1")).toBe("ftyp");
        else expect(part.type).toBe("video/iso.segment");
      }
      const extinf = [...body.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      const total = extinf.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - seconds)).toBeLessThan(1);
      if (!uri.includes("/audio/")) {
        segmentCounts.push(extinf.length);
        durations.push(extinf.map((d) => d.toFixed(2)).join(","));
      }
    }
    // Keyframes at the same frames in every rendition: the same segment boundaries.
    expect(new Set(segmentCounts).size).toBe(1);
    expect(new Set(durations).size).toBe(1);

    // A segment URL with another signature is refused.
    const anySegment = urisOf((await get(playlists[0]!)).body.toString("utf8")).at(-1)!;
    const forged = new URL(anySegment);
    forged.searchParams.set("sig", "A".repeat(43));
    expectError(await call(forged.toString()), 403, "Forbidden");
  }, 180_000);

  it("follows stream_url's locale rule and the key checks", async () => {
    expect((await hlsUrl(workoutId)).text.split("?")[0]).toBe((await hlsUrl(workoutId, "en-US")).text.split("?")[0]);
    expectError(await hlsUrl(workoutId, "de-DE"), 404, "NotFound");
    expectError(await hlsUrl(workoutId, "xx-YY"), 404, "NotFound");
    expectError(await hlsUrl("0123456789abcdef01234567"), 404, "NotFound");
    expectError(await call(`/v1/workouts/${workoutId}/export/video/hls_url`, { key: (await createTestOrg()).key }), 403, "Forbidden");
    await expectAuthMatrix(lib, `/v1/workouts/${workoutId}/export/video/hls_url`);
  });

  it("answers an embed token of this workout (its player's playback=export), refuses one of another workout or revoked", async () => {
    const mint = async (id: string) => {
      const body = { workoutId: id, ttlSeconds: 600, allowedOrigins: ["https://partner.example.com"] };
      const res = await call(`/v1/orgs/${lib.organizationId}/embed-tokens`, { key: lib.key, body });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: string; token: string };
    };
    const own = await mint(workoutId);
    const exportPaths = ["export/video/hls_url", "export/video/stream_url", "export/captions/stream_url", "export/audio/stream_url"];
    for (const p of exportPaths) {
      const res = await call(`/v1/workouts/${workoutId}/${p}?locale=en-US`, { token: own.token });
      expect(res.status, `${p}: ${res.text}`).toBe(200);
      const byKey = await call(`/v1/workouts/${workoutId}/${p}?locale=en-US`, { key: lib.key });
      expect(res.text.split("?")[0]).toBe(byKey.text.split("?")[0]);
    }
    expect((await get((await call(`/v1/workouts/${workoutId}/export/video/hls_url`, { token: own.token })).text)).status).toBe(200);
    // A token minted for another workout does not reach this workout's exports.
    const other = await mint(lib.library.workoutIds[0]!);
    for (const p of exportPaths) expectError(await call(`/v1/workouts/${workoutId}/${p}?locale=en-US`, { token: other.token }), 403, "Forbidden");
    // Revoked: 401 with the reason, as on the playlist.
    expect((await call(`/v1/orgs/${lib.organizationId}/embed-tokens/${own.id}`, { key: lib.key, method: "DELETE" })).status).toBe(204);
    const revoked = expectError(await call(`/v1/workouts/${workoutId}/export/video/hls_url`, { token: own.token }), 401, "Unauthorized");
    expect(revoked.message).toMatch(/revoked/);
    // Another Bearer value (not an embed token) is not accepted here: key or embed token only.
    expectError(await call(`/v1/workouts/${workoutId}/export/video/hls_url`, { token: "not-a-jwt" }), 401, "Unauthorized");
  });

  it("copies the package with an equal export, and is 404 for an export without one", async () => {
    const storage: MediaStorage = getMediaStorage();
    const copy = await createExportWorkout(db(), {
      organizationId: lib.organizationId,
      exerciseIdByKey: lib.library.exerciseIdByKey,
      trainerLocale: "en-US",
      segments: [{ kind: "intro" }, { kind: "exercise", exercise: "squat", workSeconds: 9 }, { kind: "break", seconds: 3 }, { kind: "exercise", exercise: "lunge", workSeconds: 7 }],
    });
    const outcome = await loadExportPlan(db(), copy);
    if (!("plan" in outcome)) throw new Error("no plan");
    expect(await renderExportLocale(db(), outcome.plan, "en-US")).toMatchObject({ video: "reused" });
    const res = await hlsUrl(copy, "en-US");
    expect(res.status).toBe(200);
    expect((await get(res.text)).status).toBe(200);
    const videoKey = decodeURIComponent(new URL((await call(`/v1/workouts/${copy}/export/video/stream_url`, { key: lib.key })).text).pathname.replace(/^\/media\//, ""));
    const keys = await storedHlsKeys(storage, exportHlsPrefix(videoKey));
    expect(keys.length).toBeGreaterThan(8);
    // Without its package (an export from before HLS), hls_url says so.
    await storage.delete(keys[0]!);
    const missing = expectError(await hlsUrl(copy, "en-US"), 404, "NotFound");
    expect(missing.message).toMatch(/HLS/);
  }, 120_000);
});
