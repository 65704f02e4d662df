import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readMp4Tracks } from "./mp4";

const MEDIA = path.resolve(import.meta.dirname, "../../db/seed/media");

describe("readMp4Tracks", () => {
  it("reads a clip's H.264 configuration, size, frames and its AAC channels from the moov box", async () => {
    const tracks = await readMp4Tracks(path.join(MEDIA, "clips/squat.mp4"));
    expect(tracks?.video).toMatchObject({ codec: "avc1", width: 320, height: 180, frames: 75, timescale: 12800, sampleDelta: 512, trackIndex: 0 });
    expect(tracks?.video?.avcC).toMatch(/^014d401e/); // version 1, Main profile, level 3.0
    expect(tracks?.video?.keyframes).toEqual([0, 50]); // its sync samples (stss): one every 2 s GOP
    // The sample entry says 2 channels (MP4 writers always do); the AAC configuration says mono.
    expect(tracks?.audio).toEqual({ codec: "mp4a", channels: 1, sampleRate: 32000 });
  });

  it("reads audio-only files and refuses what is not an MP4", async () => {
    expect(await readMp4Tracks(path.join(MEDIA, "audio/workout-intro.en-US.m4a"))).toEqual({ video: null, audio: { codec: "mp4a", channels: 1, sampleRate: 22050 } });
    expect(await readMp4Tracks(path.join(MEDIA, "images/break.jpg"))).toBeNull();
    const junk = path.join(os.tmpdir(), `forma-junk-${process.pid}.mp4`);
    writeFileSync(junk, Buffer.from("not an mp4 at all, just text"));
    expect(await readMp4Tracks(junk)).toBeNull();
    expect(await readMp4Tracks("/nonexistent.mp4")).toBeNull();
  });
});
