import { describe, expect, it } from "vitest";
import { placeSounds } from "@/server/media/render/mixdown";
import { exportCues } from "@/server/services/captions/export-captions";
import { roleCues } from "@/server/services/captions/clip-captions";
import { captionLabel, renderVtt, speechCues, splitSentences, vttTime } from "./captions";

describe("WebVTT from scripts", () => {
  it("splits sentences, keeps closing quotes and cuts long ones at words", () => {
    expect(splitSentences("  Stand tall.  Breathe out!\nGo? «Ja.» ")).toEqual(["Stand tall.", "Breathe out!", "Go?", "«Ja.»"]);
    expect(splitSentences("no stop at the end")).toEqual(["no stop at the end"]);
    const long = splitSentences(`${"word ".repeat(40).trim()}.`);
    expect(long.length).toBe(3);
    for (const l of long) expect(l.length).toBeLessThanOrEqual(90);
    expect(splitSentences("   ")).toEqual([]);
  });

  it("shares a track's length by sentence length, and cuts at a limit", () => {
    const cues = speechCues({ text: "Aaaa. Bbbbbbbbb.", seconds: 3 }, 1);
    expect(cues).toEqual([
      { start: 1, end: 2, text: "Aaaa." },
      { start: 2, end: 4, text: "Bbbbbbbbb." },
    ]);
    expect(speechCues({ text: "Aaaa. Bbbbbbbbb.", seconds: 3 }, 1, 2.5)).toEqual([
      { start: 1, end: 2, text: "Aaaa." },
      { start: 2, end: 2.5, text: "Bbbbbbbbb." },
    ]);
    // Unknown length: 14 characters a second.
    expect(speechCues({ text: "x".repeat(28), seconds: null }, 0)[0]!.end).toBe(2);
  });

  it("writes a valid file: header, numbered cues in order, escaped text", () => {
    const vtt = renderVtt([
      { start: 61.5, end: 3725.25, text: "b <i> & c --> d" },
      { start: 0, end: 1, text: "a" },
      { start: 2, end: 2.01, text: "too short" },
    ]);
    expect(vtt).toBe("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\na\n\n2\n00:01:01.500 --> 01:02:05.250\nb &lt;i&gt; &amp; c --&gt; d\n");
    expect(vttTime(0.0004)).toBe("00:00:00.000");
  });

  it("labels a locale in its own language", () => {
    expect(captionLabel("de-DE")).toBe("Deutsch (Deutschland)");
    expect(captionLabel("not a tag")).toBe("not a tag");
  });
});

describe("timing on a timeline", () => {
  it("an exercise's instruction starts when its cue ends, never before 2 s", () => {
    const tracks = [
      { locale: "en-US", type: "exerciseCue" as const, scriptText: "Squat.", durationSeconds: 1 },
      { locale: "en-US", type: "exerciseInstruction" as const, scriptText: "Sit back. Stand up.", durationSeconds: 4 },
      { locale: "de-DE", type: "exerciseInstruction" as const, scriptText: "Runter.", durationSeconds: 2 },
    ];
    expect(roleCues("exercise", "en-US", tracks).map((c) => c.start)).toEqual([0, 2, 4]);
    // en-GB falls back to the same language; de-DE has no cue, its instruction still waits for 2 s.
    expect(roleCues("exercise", "en-GB", tracks)[0]!.text).toBe("Squat.");
    expect(roleCues("exercise", "de-DE", tracks)).toEqual([{ start: 2, end: 4, text: "Runter." }]);
    expect(roleCues("intro", "en-US", tracks)).toEqual([]);
  });

  it("the export sidecar places speech exactly where the mixdown places the voice", () => {
    const fps = 25;
    const rate = 32000;
    const segments = [{ seconds: 5 }, { seconds: 3 }, { seconds: 1.2 }, { seconds: 10 }];
    const voices = [["a", "b"], [], ["c"], ["d", "e"]];
    const lengths: Record<string, number> = { a: 1.5, b: 4, c: 2, d: 2, e: 1 };
    const speech = new Map(Object.entries(lengths).map(([k, s]) => [k, { text: `${k.toUpperCase()} speaks.`, seconds: s }]));
    const timeline = [];
    let frame = 0;
    for (const s of segments) {
      timeline.push({ startFrame: frame, frames: s.seconds * fps, pieces: [] });
      frame += s.seconds * fps;
    }
    const sources = new Map(Object.entries(lengths).map(([k, s]) => [k, { file: k, frames: Math.round(s * rate), channels: 1 } as never]));
    const mix = placeSounds({ timeline, fps, sounds: segments.map(() => null), voices, music: [] }, sources, rate, 1);
    const cues = exportCues(segments, voices, speech);
    expect(cues.map((c) => [Number(c.start.toFixed(3)), Number(c.end.toFixed(3))])).toEqual(mix.voice.map((v) => [Number((v.start / rate).toFixed(3)), Number((v.end / rate).toFixed(3))]));
  });
});
