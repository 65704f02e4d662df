import { describe, expect, it } from "vitest";
import { audioMixOf, videoAudioModeOf } from "./audio-mix";

describe("videoAudioMode", () => {
  it("reads the four modes, the two legacy names, and anything else as full", () => {
    expect(videoAudioModeOf("voice-and-music")).toBe("voice-and-music");
    expect(videoAudioModeOf("voice")).toBe("voice-and-music");
    expect(videoAudioModeOf("original")).toBe("clip-only");
    expect(videoAudioModeOf("surround")).toBe("full");
    expect(videoAudioModeOf(null)).toBe("full");
  });

  it("mixes each mode's sources; mixBgMusic false removes the music only", () => {
    expect(audioMixOf("full")).toEqual({ voice: true, clipSound: true, music: true });
    expect(audioMixOf("voice-and-music")).toEqual({ voice: true, clipSound: false, music: true });
    expect(audioMixOf("music-only")).toEqual({ voice: false, clipSound: false, music: true });
    expect(audioMixOf("clip-only")).toEqual({ voice: false, clipSound: true, music: false });
    expect(audioMixOf("full", false)).toEqual({ voice: true, clipSound: true, music: false });
  });
});
