import { performance } from "node:perf_hooks";
import { getMediaStorage } from "@/server/media/storage";
import { DROP_ASPECT_RATIOS } from "@/server/services/drops/presets";
import { renderCover, renderDropVideos } from "@/server/services/drops/render-media";
import { resolveDropSource } from "@/server/services/drops/resolve-source";
import type { BenchRequest, Scenario } from "../types";

/**
 * Issue #13: social drops.
 *
 * Export: the seeded ready drop (six variants) exported over and over with the bodies clients
 * send: empty (the drop's defaults), a channel preset, an explicit aspect ratio and length. Each
 * request reads the drop and its variants, checks both files exist in the media store, signs the
 * links and fits the copy to the preset.
 *
 * Render: the media work of a new drop with the default six variants (9:16, 1:1, 16:9 x 15 s and
 * 30 s) cut from the seeded HIIT Burn workout's clips, plus the three covers: one ffmpeg run
 * (each clip decoded once, three reels encoded, cut by stream copy into both lengths) and three
 * next/og renders. Timed in
 * the bench process, three runs, so the server's own job worker does not race it.
 */
const RENDER_RUNS = 3;

async function seededDropId(baseUrl: string, organizationId: string, apiKey: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/orgs/${organizationId}/drops?aspectRatio=16:9`, { headers: { "x-api-key": apiKey } });
  if (res.status !== 200) throw new Error(`drops list answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: { id: string }[] };
  if (!body.data[0]) throw new Error("the seed has no ready drop with a 16:9 variant");
  return body.data[0].id;
}

export const scenarios: Scenario[] = [
  {
    name: "POST /v1/orgs/{org}/drops/{dropId}/export (bundle from stored files)",
    issue: "#13",
    target: "p95 < 30 ms",
    passes: (r) => r.p95 < 30,
    connections: 10,
    prepare: async (ctx) => {
      const dropId = await seededDropId(ctx.baseUrl, ctx.seed.organizationId, ctx.seed.apiKey);
      const path = `/v1/orgs/${ctx.seed.organizationId}/drops/${dropId}/export`;
      const headers = { "x-api-key": ctx.seed.apiKey, "content-type": "application/json" };
      const bodies = [
        {},
        { channelPreset: "tiktok" },
        { channelPreset: "yt_longform" },
        { aspectRatio: "1:1", duration: 30 },
        { channelPreset: "ig_stories", duration: 30 },
      ];
      const requests: BenchRequest[] = bodies.map((b) => ({ method: "POST", path, headers, body: JSON.stringify(b) }));
      const check = await fetch(`${ctx.baseUrl}${path}`, { method: "POST", headers, body: "{}" });
      if (check.status !== 200) throw new Error(`export answered ${check.status}: ${await check.text()}`);
      return requests;
    },
  },
  {
    name: "render a drop's six variants and three covers (HIIT Burn clips, 3 aspects x 15/30 s)",
    issue: "#13",
    target: "-",
    connections: 1,
    prepare: async () => [],
    measure: async (ctx) => {
      const workoutId = await hiitWorkoutId(ctx.baseUrl, ctx.seed.organizationId, ctx.seed.apiKey);
      if (!workoutId) throw new Error("no drop of the HIIT Burn workout in the seed");
      const facts = await resolveDropSource(ctx.db, ctx.seed.organizationId, "workout", workoutId);
      const storage = getMediaStorage();
      const times: number[] = [];
      for (let run = 0; run < RENDER_RUNS; run++) {
        const started = performance.now();
        for (const aspectRatio of DROP_ASPECT_RATIOS) {
          await renderCover({
            aspectRatio,
            text: { title: "HIIT Burn", primaryLine: "HIIT Burn", secondaryLine: "7 exercises · 24 min" },
            thumbnailKey: facts.thumbnailKey,
            key: `bench/drops/${run}/cover-${aspectRatio.replace(":", "x")}.jpg`,
            storage,
          });
        }
        await renderDropVideos({
          clips: facts.clips,
          aspects: DROP_ASPECT_RATIOS.map((aspectRatio) => ({
            aspectRatio,
            durations: [15, 30],
            keyFor: (d: number) => `bench/drops/${run}/${aspectRatio.replace(":", "x")}_${d * 1000}.mp4`,
          })),
          storage,
        });
        times.push(performance.now() - started);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      return { rps: 0, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: 0, connections: 1 };
    },
  },
];

/** The seeded HIIT Burn workout, found through its seeded drop. */
async function hiitWorkoutId(baseUrl: string, organizationId: string, apiKey: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/v1/orgs/${organizationId}/drops?sourceType=workout`, { headers: { "x-api-key": apiKey } });
  const body = (await res.json()) as { data: { sourceId: string; sourceName: string }[] };
  return body.data.find((d) => d.sourceName === "HIIT Burn")?.sourceId ?? null;
}
