import path from "node:path";
import { describe, expect, it } from "vitest";
import { FfmpegError, parseProbe, probeMedia, runFfmpeg } from "./ffmpeg";

const MEDIA = path.resolve(import.meta.dirname, "../../db/seed/media");

describe("ffmpeg", () => {
  it("probes a committed clip: duration, H.264 video and AAC audio", async () => {
    const probe = await probeMedia(path.join(MEDIA, "clips/squat.mp4"));
    expect(probe.durationSeconds).toBeCloseTo(3, 1);
    expect(probe.video).toMatchObject({ codec: "h264", width: 320, height: 180, fps: 25 });
    expect(probe.audio).toMatchObject({ codec: "aac", sampleRate: 32000, channels: 1 });
  });

  it("probes an audio-only file", async () => {
    const probe = await probeMedia(path.join(MEDIA, "audio/exercise-cue.en-US.m4a"));
    expect(probe.video).toBeNull();
    expect(probe.audio?.codec).toBe("aac");
  });

  it("rejects what is not media and reports a failed run with stderr's tail", async () => {
    await expect(probeMedia(path.join(MEDIA, "manifest.json"))).rejects.toBeInstanceOf(FfmpegError);
    await expect(runFfmpeg(["-i", "/nonexistent.mp4", "-f", "null", "-"])).rejects.toThrow(/No such file/);
  });

  it("parses stereo and multi-channel reports", () => {
    const report = "  Duration: 00:01:02.50, start: 0.000000\n  Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s";
    expect(parseProbe(report)).toEqual({ durationSeconds: 62.5, video: null, audio: { codec: "aac", sampleRate: 48000, channels: 2 } });
    expect(parseProbe("nothing here")).toBeNull();
  });
});
