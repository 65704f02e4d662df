import { existsSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { readMp4Tracks } from "@/server/media/mp4";
import { cachePath, pruneRenderCache } from "./cache";
import { chooseAudioFormat } from "./audio";
import { MIX, type PcmSource, duckGain, gatedLoudness, levelGain, mix, placeSounds } from "./mixdown";
import { chooseExportFormat, videoEncodeArgs } from "./format";
import { SNAP_FRAMES, type RenderSegment, buildTimeline, fill, totalFrames } from "./timeline";
import { formatAvcC } from "./video";

const MEDIA = path.resolve(import.meta.dirname, "../../../db/seed/media");

describe("timeline", () => {
  it("fills a window with whole loops and a prefix for the rest", () => {
    expect(fill(200, 75, "b").map((p) => [p.frames, p.whole])).toEqual([
      [75, true],
      [75, true],
      [50, false],
    ]);
    expect(fill(150, 75, "b").map((p) => p.frames)).toEqual([75, 75]);
    expect(fill(40, 75, "b")).toEqual([{ base: "b", frames: 40, whole: false }]);
  });

  it("snaps remainders of a frame or two instead of encoding them", () => {
    expect(fill(151, 75, "b").map((p) => p.frames)).toEqual([75, 75]);
    expect(fill(149, 75, "b").map((p) => p.frames)).toEqual([75, 75]);
    expect(fill(SNAP_FRAMES, 75, "b")).toEqual([]);
    expect(fill(0, 75, "b")).toEqual([]);
  });

  it("keeps every segment on its planned position, so rounding never adds up", () => {
    const segments: RenderSegment[] = Array.from({ length: 200 }, (_, i) => ({
      kind: i % 2 ? "break" : "exercise",
      seconds: i % 2 ? 7.3 : 12.13,
      visual: i % 2 ? { type: "still", key: null } : { type: "clip", key: "c.mp4" },
      sound: null,
    }));
    const timeline = buildTimeline(
      segments,
      new Map([
        ["clip:c.mp4", 75],
        ["still:black", 50],
      ]),
      25,
    );
    let planned = 0;
    for (const [i, s] of timeline.entries()) {
      expect(Math.abs(s.startFrame - Math.round(planned * 25))).toBeLessThanOrEqual(SNAP_FRAMES);
      planned += segments[i]!.seconds;
    }
    expect(Math.abs(totalFrames(timeline) - planned * 25)).toBeLessThanOrEqual(SNAP_FRAMES + 1);
    expect(() => buildTimeline(segments, new Map(), 25)).toThrow(/no frame count/);
  });
});

describe("export format", () => {
  it("follows the clips that fill most of the time, within 1080p and 30 fps", () => {
    expect(
      chooseExportFormat([
        { width: 320, height: 180, fps: 25, seconds: 600 },
        { width: 1920, height: 1080, fps: 29.97, seconds: 60 },
      ]),
    ).toEqual({ width: 320, height: 180, fps: 25 });
    expect(chooseExportFormat([{ width: 1920, height: 1080, fps: 29.97, seconds: 60 }])).toEqual({ width: 1920, height: 1080, fps: 30 });
    expect(chooseExportFormat([{ width: 3840, height: 2160, fps: 60, seconds: 60 }])).toEqual({ width: 1920, height: 1080, fps: 30 });
    expect(chooseExportFormat([])).toEqual({ width: 640, height: 360, fps: 25 });
  });

  it("picks the H.264 level and references for the picture size", () => {
    const args = (w: number, h: number) => videoEncodeArgs({ width: w, height: h, fps: 25 }).join(" ");
    expect(args(320, 180)).toContain("-level 3.0");
    expect(args(320, 180)).toContain("ref=5:");
    expect(args(1280, 720)).toContain("-level 3.1");
    expect(args(1920, 1080)).toContain("-level 4.0");
    expect(args(1920, 1080)).toContain("ref=4:");
  });

  describe("with ffmpeg", () => {
    beforeAll(() => {
      process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "forma-render-"));
      resetEnvCache();
    });

    it("prunes cache files by the age of their area", async () => {
      const old = (Date.now() - 2 * 3600_000) / 1000;
      const piece = await cachePath("pieces", "old-piece.mp4");
      const picture = await cachePath("timelines", "old-picture.mp4");
      for (const f of [piece, picture]) {
        writeFileSync(f, "x");
        utimesSync(f, old, old);
      }
      expect(await pruneRenderCache({ default: 24 * 3600_000, timelines: 3600_000 })).toBe(1);
      expect(existsSync(piece)).toBe(true);
      expect(existsSync(picture)).toBe(false);
    });

    it("encodes with exactly the H.264 headers of the demo clips, so they are copied, not re-encoded", async () => {
      const clip = await readMp4Tracks(path.join(MEDIA, "clips/squat.mp4"));
      expect(await formatAvcC({ width: 320, height: 180, fps: 25 })).toBe(clip?.video?.avcC);
      for (const name of ["video/class-flow.mp4", "video/workout-intro.mp4", "clips/plank.mp4"]) {
        expect((await readMp4Tracks(path.join(MEDIA, name)))?.video?.avcC).toBe(clip?.video?.avcC);
      }
    });
  });
});

/** A source of `frames` frames, every sample `value`. */
function constant(frames: number, value: number, channels = 1): PcmSource {
  return { frames, read: (_o, count) => new Int16Array(count * channels).fill(value) };
}

describe("sound placement", () => {
  const timeline = [
    { startFrame: 0, frames: 250, pieces: [] }, // 10 s
    { startFrame: 250, frames: 100, pieces: [] }, // 4 s
  ];
  const rate = 1000;

  it("speaks a segment's voice tracks one after the other from its start, cut at its end", () => {
    const sources = new Map([
      ["cue", constant(2000, 1)],
      ["long", constant(20_000, 1)],
    ]);
    const spec = placeSounds({ timeline, fps: 25, sounds: [null, null], voices: [["cue", "long"], ["long"]], music: [] }, sources, rate, 1);
    expect(spec.frames).toBe(14_000);
    const voice = spec.placements.filter((p) => !p.bed).map((p) => [p.at, p.length]);
    const lead = MIX.voiceLead * rate;
    const gap = MIX.voiceGap * rate;
    const edge = MIX.edgeFade * rate;
    expect(voice).toEqual([
      [lead, 2000],
      [lead + 2000 + gap, 10_000 - edge - (lead + 2000 + gap)],
      [10_000 + lead, 4000 - edge - lead],
    ]);
    expect(spec.voice).toHaveLength(3);
  });

  it("plays a clip's own sound once and loops the music pool to the end with fades", () => {
    const sources = new Map([
      ["clip", constant(3000, 1)],
      ["m1", constant(5000, 1)],
      ["m2", constant(4000, 1)],
    ]);
    const spec = placeSounds({ timeline, fps: 25, sounds: ["clip", null], voices: [[], []], music: ["m1", "m2"] }, sources, rate, 1);
    const music = spec.placements.filter((p) => p.source !== sources.get("clip"));
    expect(music.map((p) => [p.at, p.length])).toEqual([
      [0, 5000],
      [5000, 4000],
      [9000, 5000],
    ]);
    expect(music[0]!.fadeIn).toBe(MIX.musicFadeIn * rate);
    expect(music[2]!.fadeOut).toBe(MIX.musicFadeOut * rate);
    expect(spec.placements.find((p) => p.source === sources.get("clip"))).toMatchObject({ at: 0, length: 3000, bed: true });
  });

  it("ducks the bed under the voice with ramps", () => {
    const voice = [{ start: 1000, end: 2000 }];
    expect(duckGain(voice, 0, 1000)).toBe(1);
    expect(duckGain(voice, 1500, 1000)).toBeCloseTo(MIX.duck);
    expect(duckGain(voice, 1000 - (MIX.duckAttack * 1000) / 2, 1000)).toBeCloseTo((1 + MIX.duck) / 2);
    expect(duckGain(voice, 2000 + MIX.duckRelease * 1000 + 1, 1000)).toBe(1);
  });

  it("mixes voice over the ducked bed and limits peaks", async () => {
    const rate = 100;
    const spec = {
      frames: 300,
      rate,
      channels: 1,
      voice: [{ start: 100, end: 200 }],
      placements: [
        { source: constant(300, 10_000), at: 0, offset: 0, length: 300, gain: 1, fadeIn: 0, fadeOut: 0, bed: true },
        { source: constant(100, 8000), at: 100, offset: 0, length: 100, gain: 1, fadeIn: 0, fadeOut: 0, bed: false },
        { source: constant(10, 32_000), at: 250, offset: 0, length: 10, gain: 2, fadeIn: 0, fadeOut: 0, bed: false },
      ],
    };
    const chunks: Buffer[] = [];
    await mix(spec, async (c) => {
      chunks.push(c);
    });
    const out = new Int16Array(new Uint8Array(Buffer.concat(chunks)).buffer);
    expect(out.length).toBe(300);
    expect(out[10]).toBe(10_000);
    expect(out[150]).toBeCloseTo(10_000 * MIX.duck + 8000, -1);
    expect(Math.max(...out.slice(250, 260))).toBeLessThanOrEqual(32_767);
    expect(Math.max(...out.slice(250, 260))).toBeGreaterThan(30_000);
  });

  it("levels sources by their loudness, ignoring pauses", () => {
    const rate = 1000;
    const loud = constant(10_000, 16_384); // -6 dBFS
    expect(gatedLoudness(loud, rate, 1)).toBeCloseTo(-6.02, 1);
    const withPause: PcmSource = { frames: 20_000, read: (o, n) => new Int16Array(n).map((_, i) => (o + i < 10_000 ? 16_384 : 0)) };
    expect(gatedLoudness(withPause, rate, 1)).toBeCloseTo(-6.02, 1);
    expect(gatedLoudness(constant(1000, 0), rate, 1)).toBeNull();
    expect(levelGain(-6, -26)).toBeCloseTo(0.1, 2);
    expect(levelGain(-60, -20)).toBeCloseTo(10 ** (MIX.maxBoost / 20));
    expect(levelGain(null, -20)).toBe(1);
  });

  it("mixes in mono at 32 kHz unless a bed source is richer", () => {
    expect(chooseAudioFormat([{ channels: 1, sampleRate: 32000 }])).toEqual({ rate: 32000, channels: 1, bitrate: "64k" });
    expect(chooseAudioFormat([{ channels: 2, sampleRate: 44100 }])).toEqual({ rate: 44100, channels: 2, bitrate: "128k" });
    expect(chooseAudioFormat([])).toMatchObject({ channels: 1 });
  });
});
