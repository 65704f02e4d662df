import type { GeneratedWorkoutInput } from "./messages";
import type { AudioCue, PlayerSegment, PlayerWorkout } from "./model";

/**
 * Turns a generated or adapted workout (ephemeral JSON, no library id) plus the clips resolved
 * through GET /v1/video-asset/{id} into the player's model. Generated workouts have no intro,
 * outro, music, sessions or feedback; each exercise plays its cue and at most MAX_INSTRUCTION_CLIPS instruction clips (the contract caps instruction clips at 3).
 */

/** The contract caps the JSON receiver's instruction clips per exercise at 3. */
export const MAX_INSTRUCTION_CLIPS = 3;

/** The fields of a video asset (GET /v1/video-asset/{id} `data`) the receiver reads. */
export interface ResolvedAsset {
  id: string;
  name: string;
  video: { url: string; poster: string | null; thumbnail: string | null; loop: number };
  audioInstructions?: { assetUri: string; type: string; locale: string; scriptText?: string }[];
}

/** The distinct clip ids a generated workout needs, in order of first use. */
export function exerciseIdsOf(workout: GeneratedWorkoutInput): string[] {
  const ids: string[] = [];
  for (const it of workout.instances) {
    const id = it.exercise?.id?.toLowerCase();
    if (it.kind !== "rest" && id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * Spoken clips of one exercise: its cue first (the exercise's name; none when the instance skips
 * its intro), then at most MAX_INSTRUCTION_CLIPS instruction clips.
 */
export function spokenClips(asset: ResolvedAsset, skipIntro: boolean): AudioCue[] {
  const tracks = asset.audioInstructions ?? [];
  const cues = skipIntro ? [] : tracks.filter((t) => t.type === "exerciseCue").slice(0, 1);
  const instructions = tracks.filter((t) => t.type === "exerciseInstruction").slice(0, MAX_INSTRUCTION_CLIPS);
  return [...cues.map((t) => ({ t, role: "cue" as const, at: 0 })), ...instructions.map((t) => ({ t, role: "instruction" as const, at: 2 }))].map(
    ({ t, role, at }) => ({ url: t.assetUri, at, role, locale: t.locale, text: t.scriptText || undefined }),
  );
}

function facts(it: GeneratedWorkoutInput["instances"][number]): string[] {
  const out: string[] = [];
  if (it.pace) out.push(`${it.pace} pace`);
  if (it.weightLevel) out.push(`${it.weightLevel} weight`);
  if (it.rpe !== null && it.rpe !== undefined) out.push(`RPE ${it.rpe}`);
  return out;
}

/** The player model; instances whose clip could not be resolved are an error for the caller (see missing). */
export function workoutFromGenerated(
  workout: GeneratedWorkoutInput,
  assets: ReadonlyMap<string, ResolvedAsset>,
): { workout: PlayerWorkout; missing: string[] } {
  const missing: string[] = [];
  const segments: PlayerSegment[] = [];
  workout.instances.forEach((it, i) => {
    if (it.kind === "rest" || !it.exercise) {
      // The rest shows what comes next, so the break visual is the next exercise's thumbnail.
      const upcoming = workout.instances.slice(i + 1).find((n) => n.exercise)?.exercise;
      const nextAsset = upcoming ? assets.get(upcoming.id.toLowerCase()) : undefined;
      segments.push({
        id: it.id,
        kind: "break",
        name: "Rest",
        duration: it.durationSeconds,
        timing: "countdown",
        video: null,
        imageUrl: nextAsset?.video.thumbnail ?? nextAsset?.video.poster ?? upcoming?.thumbnailUrl ?? null,
        audio: [],
        reps: null,
        facts: upcoming ? [`Next: ${upcoming.localizedName ?? upcoming.name}`] : [],
      });
      return;
    }
    const asset = assets.get(it.exercise.id.toLowerCase());
    if (!asset) {
      missing.push(it.exercise.id);
      return;
    }
    const repBased = it.reps !== null && it.reps !== undefined && it.reps > 0;
    segments.push({
      id: it.id,
      kind: "exercise",
      exerciseId: it.exercise.id,
      name: it.exercise.localizedName ?? it.exercise.name,
      duration: it.durationSeconds,
      timing: repBased ? "reps" : "countdown",
      video: { url: asset.video.url, poster: asset.video.poster, loop: true, muted: true },
      imageUrl: asset.video.poster,
      audio: spokenClips(asset, it.skipIntro ?? false),
      reps: repBased ? it.reps! : null,
      facts: facts(it),
      ...(it.captions?.length ? { captions: it.captions.map((c) => ({ locale: c.locale, label: c.label, url: c.url })) } : {}),
    });
  });
  const first = segments.find((s) => s.video)?.video;
  return {
    missing,
    workout: {
      id: null,
      name: workout.localizedName ?? workout.name,
      description: workout.localizedDescription ?? workout.description ?? "",
      poster: first?.poster ?? null,
      duration: workout.totalDurationSeconds ?? Math.round(segments.reduce((s, x) => s + x.duration, 0)),
      difficulty: workout.difficulty ?? null,
      skipPreview: false,
      skipCompletionScreen: false,
      segments,
    },
  };
}
