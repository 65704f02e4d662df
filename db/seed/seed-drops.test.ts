import { describe, expect, it } from "vitest";
import { readSeedMediaManifest } from "@/server/media/import-seed-media";
import { DROPS } from "./data/drops";
import { readSeedDropMedia, seedDropCoverKey, seedDropVideoKey } from "./drops";

describe("the seed drops' committed renders", () => {
  it("are the current ones: every ready drop's variants and covers are in the demo media's manifest, and nothing else is", async () => {
    const manifest = await readSeedMediaManifest();
    const expected = DROPS.filter((d) => d.status === "ready").flatMap((d) =>
      d.aspectRatios.flatMap((a) => [...d.durations.map((s) => seedDropVideoKey(d, a, s)), seedDropCoverKey(d, a)]),
    );
    const committed = Object.keys(manifest).filter((rel) => rel.startsWith("drops/"));
    // A change to a seed drop, its render sizes or version makes new keys: run scripts/render-seed-drops.ts.
    expect(committed.sort()).toEqual(expected.map((k) => k.slice("seed/".length)).sort());
    for (const d of DROPS.filter((x) => x.status === "ready")) {
      for (const s of d.durations) expect(manifest[seedDropVideoKey(d, d.aspectRatios[0]!, s).slice(5)]?.durationSeconds).toBeCloseTo(s, 0);
    }
  });

  it("come with what was measured on each video (drop-variants.json), matching the committed files", async () => {
    const manifest = await readSeedMediaManifest();
    const media = await readSeedDropMedia();
    const videos = Object.keys(manifest).filter((rel) => rel.startsWith("drops/") && rel.endsWith(".mp4"));
    expect(Object.keys(media).sort()).toEqual(videos.sort());
    for (const rel of videos) {
      expect(media[rel]!.bytes, rel).toBe(manifest[rel]!.bytes);
      expect(media[rel]!.durationSeconds, rel).toBeCloseTo(manifest[rel]!.durationSeconds!, 1);
      expect(media[rel], rel).toMatchObject({
        fps: 30,
        videoCodec: "h264",
        videoProfile: "High",
        audioCodec: "aac",
        audioSampleRate: 48_000,
        audioChannels: 2,
      });
    }
  });
});
