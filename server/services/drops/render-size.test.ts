import { describe, expect, it } from "vitest";
import { CHANNEL_PRESET_SPECS, PLATFORM_VIDEO_SIZE, encodingFor, presetsTaking, renderSize } from "./presets";
import { type VariantMedia, checkVariant, reelPlan } from "./render-media";

describe("renderSize: the platform size, never upscaled past the source", () => {
  it("is the platform size for a source at least that large", () => {
    const hd = [{ width: 1920, height: 1080 }];
    expect(renderSize("9:16", hd)).toEqual({ width: 1080, height: 1920, limitedBySource: false });
    expect(renderSize("1:1", hd)).toEqual({ width: 1080, height: 1080, limitedBySource: false });
    expect(renderSize("16:9", hd)).toEqual({ width: 1920, height: 1080, limitedBySource: false });
    // A 4K vertical source is scaled down to the platform size.
    expect(renderSize("9:16", [{ width: 2160, height: 3840 }])).toEqual({ width: 1080, height: 1920, limitedBySource: false });
  });

  it("follows a smaller source at exactly the aspect, even sides, the smallest clip deciding", () => {
    const demo = [{ width: 320, height: 180 }];
    // 9:16 from 16:9 shows the whole picture on a blurred fill: its width bounds the frame's width.
    expect(renderSize("9:16", demo)).toEqual({ width: 306, height: 544, limitedBySource: true });
    // 1:1 and 16:9 crop: the crop must fill the frame.
    expect(renderSize("1:1", demo)).toEqual({ width: 180, height: 180, limitedBySource: true });
    expect(renderSize("16:9", demo)).toEqual({ width: 320, height: 180, limitedBySource: true });
    expect(
      renderSize("16:9", [
        { width: 1920, height: 1080 },
        { width: 1280, height: 720 },
      ]),
    ).toEqual({ width: 1280, height: 720, limitedBySource: true });
    // A 720x1280 vertical clip fills 9:16 by itself.
    expect(renderSize("9:16", [{ width: 720, height: 1280 }])).toEqual({ width: 720, height: 1280, limitedBySource: true });
    for (const s of [renderSize("9:16", [{ width: 333, height: 333 }]), renderSize("1:1", [{ width: 101, height: 77 }])]) {
      expect(s.width % 2).toBe(0);
      expect(s.height % 2).toBe(0);
    }
  });
});

describe("encodingFor: within every preset taking the aspect", () => {
  it("caps the bitrate at the strictest preset (YouTube's 8 Mbit/s for 1080p) and scales it down below the platform size", () => {
    expect(encodingFor("9:16", PLATFORM_VIDEO_SIZE["9:16"])).toMatchObject({
      fps: 30,
      profile: "High",
      level: "4.0",
      maxVideoKbps: 8000,
      audioSampleRate: 48_000,
      audioChannels: 2,
    });
    expect(encodingFor("9:16", { width: 540, height: 960 }).maxVideoKbps).toBe(2000);
    expect(encodingFor("9:16", { width: 306, height: 544 }).maxVideoKbps).toBe(1000);
    // 9:16 goes to Instagram Stories too: its 100 MB is the limit; 16:9 only to YouTube.
    expect(encodingFor("9:16", PLATFORM_VIDEO_SIZE["9:16"]).maxFileBytes).toBe(CHANNEL_PRESET_SPECS.ig_stories.video.maxFileBytes);
    expect(presetsTaking("16:9").map((p) => p.id)).toEqual(["yt_longform"]);
  });
});

describe("reelPlan and checkVariant", () => {
  it("takes whole clips until the longest length, the last one cut to whole frames", () => {
    expect(reelPlan([3, 3, 3], 7)).toEqual([3, 3, 1]);
    expect(reelPlan([10, 10], 15)).toEqual([10, 5]);
    expect(reelPlan([2.01], 15)).toEqual([2]);
  });

  const good: VariantMedia = {
    width: 1080,
    height: 1920,
    platformWidth: 1080,
    platformHeight: 1920,
    limitedBySource: false,
    durationSeconds: 15.02,
    bytes: 9_000_000,
    fps: 30,
    videoCodec: "h264",
    videoProfile: "High",
    audioCodec: "aac",
    audioSampleRate: 48_000,
    audioChannels: 2,
  };

  it("passes a file within every rule and names the first rule a file breaks", () => {
    expect(() => checkVariant("9:16_15000", "9:16", good)).not.toThrow();
    expect(() => checkVariant("9:16_15000", "9:16", { ...good, videoProfile: "Main" })).toThrow(/not H.264 High/);
    expect(() => checkVariant("9:16_15000", "9:16", { ...good, fps: 15 })).toThrow(/15 fps/);
    expect(() => checkVariant("9:16_15000", "9:16", { ...good, audioSampleRate: 44_100 })).toThrow(/YouTube Shorts's rules: audio aac 44100 Hz/);
    expect(() => checkVariant("9:16_60000", "9:16", { ...good, bytes: 120 * 1024 * 1024 })).toThrow(/Instagram Stories's rules: .* bytes, over/);
    // 16:9 goes to YouTube only: 120 MB is fine there.
    expect(() => checkVariant("16:9_60000", "16:9", { ...good, bytes: 120 * 1024 * 1024 })).not.toThrow();
  });
});
