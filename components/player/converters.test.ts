import { describe, expect, it } from "vitest";
import { MAX_INSTRUCTION_CLIPS, type ResolvedAsset, exerciseIdsOf, spokenClips, workoutFromGenerated } from "./from-generated";
import { INSTRUCTION_CUE_AT } from "@/lib/player-timing";
import { playerMusic, workoutFromPlaylist } from "./from-playlist";
import type { GeneratedWorkoutInput } from "./messages";
import { clock, plannedSeconds } from "./model";

const audio = (type: string, locale = "en-US") => ({ url: `/media/${type}.m4a`, type, locale, scriptText: "" });
const video = (loop: number) => ({ url: "/media/clip.mp4", poster: "/p.jpg", thumbnail: "/t.jpg", loop });

describe("playlist to player model", () => {
  const detail = {
    id: "w1",
    name: "Burn",
    description: "d",
    duration: 300,
    difficulty: "beginner",
    skipWorkoutPreview: false,
    skipWorkoutCompletionScreen: true,
    preview: { poster: "/pp.jpg", thumbnail: null },
    images: { cover: null, thumbnail: null },
  };
  const playlist = {
    data: [
      { intro: { id: "s1", duration: 5, audio: audio("workoutIntro"), video: { url: "/intro.mp4" } } },
      {
        exercise: {
          id: "s2",
          duration: 40,
          name: "Squat",
          reps: null,
          pace: "fast",
          weightLevel: null,
          rpe: 7,
          amrap: false,
          equipment: [{ id: "e", name: "Dumbbell" }],
          intro: { audio: audio("exerciseCue"), video: video(-1) },
          main: { video: video(-1), instructionAudio: [audio("exerciseInstruction")] },
        },
      },
      {
        exercise: {
          id: "s3",
          duration: 24,
          name: "Push-up",
          reps: 12,
          pace: null,
          weightLevel: null,
          rpe: null,
          amrap: false,
          equipment: [],
          intro: { audio: null, video: video(-1) },
          main: { video: video(-1), instructionAudio: [] },
        },
      },
      {
        exercise: {
          id: "s3b",
          duration: 60,
          name: "AMRAP burpees",
          reps: 10,
          pace: null,
          weightLevel: null,
          rpe: null,
          amrap: true,
          equipment: [],
          intro: { audio: null, video: video(-1) },
          main: { video: video(-1), instructionAudio: [] },
        },
      },
      { break: { id: "s4", duration: 15, video: null, imageUrl: "/rest.jpg" } },
      { class: { id: "s5", duration: 60, name: "Flow", intro: { audio: audio("exerciseCue"), video: video(0) }, skipIntro: true, main: { video: video(0) } } },
      { promo: { id: "s6", duration: 10, name: "Promo", main: { video: video(0) } } },
      { outro: { id: "s7", duration: 4, audio: null, video: { url: "/outro.mp4" } } },
      { unknownKind: { id: "x" } },
    ],
  };

  it("maps every segment kind, with its timing and cues", () => {
    const w = workoutFromPlaylist(detail, playlist as never);
    expect(w).toMatchObject({ id: "w1", poster: "/pp.jpg", skipPreview: false, skipCompletionScreen: true });
    expect(w.segments.map((s) => [s.id, s.kind, s.timing])).toEqual([
      ["s1", "intro", "media"],
      ["s2", "exercise", "countdown"],
      ["s3", "exercise", "reps"],
      ["s3b", "exercise", "countdown"],
      ["s4", "break", "countdown"],
      ["s5", "class", "media"],
      ["s6", "promo", "media"],
      ["s7", "outro", "media"],
    ]);
    const [intro, squat, pushup, , rest, flow, promo, outro] = w.segments;
    expect(intro!.video).toMatchObject({ muted: true, loop: false });
    expect(intro!.audio).toEqual([expect.objectContaining({ role: "voiceover", at: 0 })]);
    expect(squat!.video).toMatchObject({ loop: true, muted: true });
    expect(squat!.audio.map((a) => [a.role, a.at])).toEqual([
      ["cue", 0],
      ["instruction", INSTRUCTION_CUE_AT],
    ]);
    expect(squat!.facts).toEqual(["fast pace", "RPE 7", "Dumbbell"]);
    expect(pushup!.reps).toBe(12);
    expect(rest).toMatchObject({ video: null, imageUrl: "/rest.jpg" });
    expect(flow!.audio).toEqual([]);
    expect(promo!.video).toMatchObject({ muted: false, loop: false });
    expect(outro!.video!.muted).toBe(false);
    expect(plannedSeconds(w.segments)).toBe(5 + 40 + 24 + 60 + 15 + 60 + 10 + 4);
  });

  it("plays the sources of the workout's videoAudioMode, and music only where the mode has it", () => {
    const kinds = (mode: string) => workoutFromPlaylist({ ...detail, videoAudioMode: mode }, playlist as never).segments;
    const clipOnly = kinds("clip-only");
    expect(clipOnly.every((s) => s.audio.length === 0)).toBe(true);
    expect(clipOnly[0]!.video!.muted).toBe(false); // the intro's own sound, now that it has no voice-over
    expect(clipOnly[6]!.video!.muted).toBe(false);
    const voiceAndMusic = kinds("voice-and-music");
    expect(voiceAndMusic.every((s) => !s.video || s.video.muted)).toBe(true);
    expect(voiceAndMusic[1]!.audio.length).toBe(2);
    const musicOnly = kinds("music-only");
    expect(musicOnly.every((s) => s.audio.length === 0 && (!s.video || s.video.muted))).toBe(true);
    expect(kinds("full")).toEqual(workoutFromPlaylist(detail, playlist as never).segments);
    const tracks = { tracks: [{ url: "/m.mp3", name: "Beat" }] };
    expect(playerMusic({ videoAudioMode: "music-only" }, tracks)).toHaveLength(1);
    expect(playerMusic({ videoAudioMode: "clip-only" }, tracks)).toEqual([]);
    expect(playerMusic({ videoAudioMode: "full", mixBgMusic: false }, tracks)).toEqual([]);
  });

  it("keeps a long clip's hlsUrl beside its progressive url, and adds none where the playlist has none", () => {
    const hls = "/media/seed/video/class-flow-hls-0123456789ab/master.m3u8?exp=1&sig=x";
    const withHls = {
      data: [
        { intro: { id: "i", duration: 5, audio: null, video: { url: "/intro.mp4", hlsUrl: "/intro-hls/master.m3u8" } } },
        { class: { id: "c", duration: 60, name: "Flow", intro: { audio: null, video: video(0) }, skipIntro: true, main: { video: { ...video(0), hlsUrl: hls } } } },
        playlist.data[1]!,
      ],
    };
    const [intro, flow, squat] = workoutFromPlaylist(detail, withHls as never).segments;
    expect(intro!.video).toMatchObject({ url: "/intro.mp4", hlsUrl: "/intro-hls/master.m3u8" });
    expect(flow!.video).toMatchObject({ url: "/media/clip.mp4", hlsUrl: hls });
    expect(squat!.video).toEqual({ url: "/media/clip.mp4", poster: "/p.jpg", loop: true, muted: true });
    expect("hlsUrl" in squat!.video!).toBe(false);
  });
});

describe("generated workout to player model", () => {
  const asset = (id: string, tracks: string[]): ResolvedAsset => ({
    id,
    name: id,
    video: { url: `/media/${id}.mp4`, poster: `/p/${id}.jpg`, thumbnail: `/t/${id}.jpg`, loop: -1 },
    audioInstructions: tracks.map((t, i) => ({ assetUri: `/a/${id}/${i}.m4a`, type: t, locale: "en-US" })),
  });
  const A = "aaaaaaaaaaaaaaaaaaaaaaaa";
  const B = "bbbbbbbbbbbbbbbbbbbbbbbb";
  const workout: GeneratedWorkoutInput = {
    name: "Gen",
    localizedName: "Gen DE",
    totalDurationSeconds: 100,
    instances: [
      { id: "1", kind: "single-exercise", durationSeconds: 40, reps: null, skipIntro: false, exercise: { id: A.toUpperCase(), name: "A" } },
      { id: "2", kind: "rest", durationSeconds: 20, exercise: null },
      { id: "3", kind: "single-exercise", durationSeconds: 30, reps: 10, skipIntro: true, pace: "slow", exercise: { id: B, name: "B", localizedName: "B de" } },
      { id: "4", kind: "single-exercise", durationSeconds: 10, reps: null, exercise: { id: A, name: "A" } },
    ],
  };

  it("lists each clip once, lower-cased", () => {
    expect(exerciseIdsOf(workout)).toEqual([A, B]);
  });

  it("caps instruction clips at 3, after the cue, and plays no cue for a skipped intro", () => {
    const many = asset(A, ["exerciseCue", "exerciseInstruction", "exerciseInstruction", "exerciseInstruction", "exerciseInstruction", "workoutIntro"]);
    const clips = spokenClips(many, false);
    expect(clips.filter((c) => c.role === "instruction")).toHaveLength(MAX_INSTRUCTION_CLIPS);
    expect(clips.map((c) => c.role)).toEqual(["cue", "instruction", "instruction", "instruction"]);
    expect(spokenClips(many, true).map((c) => c.role)).toEqual(["instruction", "instruction", "instruction"]);
    expect(spokenClips({ ...many, audioInstructions: undefined }, false)).toEqual([]);
  });

  it("builds exercises and rests; the rest shows the next exercise", () => {
    const { workout: w, missing } = workoutFromGenerated(
      workout,
      new Map([
        [A, asset(A, ["exerciseCue"])],
        [B, asset(B, [])],
      ]),
    );
    expect(missing).toEqual([]);
    expect(w).toMatchObject({ id: null, name: "Gen DE", duration: 100, skipPreview: false, skipCompletionScreen: false });
    expect(w.segments.map((s) => [s.kind, s.timing, s.duration])).toEqual([
      ["exercise", "countdown", 40],
      ["break", "countdown", 20],
      ["exercise", "reps", 30],
      ["exercise", "countdown", 10],
    ]);
    expect(w.segments[1]).toMatchObject({ imageUrl: `/t/${B}.jpg`, facts: ["Next: B de"] });
    expect(w.segments[2]).toMatchObject({ name: "B de", reps: 10, facts: ["slow pace"], video: { loop: true, muted: true } });
  });

  it("reports clips that could not be resolved", () => {
    expect(workoutFromGenerated(workout, new Map([[A, asset(A, [])]])).missing).toEqual([B]);
  });
});

describe("clock", () => {
  it("formats minutes and hours", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(65.4)).toBe("1:05");
    expect(clock(3725)).toBe("1:02:05");
    expect(clock(-3)).toBe("0:00");
  });
});
