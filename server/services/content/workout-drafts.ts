/**
 * The console's workout builder over the shared content services: load a workout as the
 * builder's input, create or replace it (createWorkout / updateWorkout, the same validation the
 * autopilot's writes get), publish and unpublish it, and store an AI-generated workout as a
 * draft to edit. Publishing announces `workouts/content.changed` after commit (exports).
 */
import type { z } from "zod";
import type { Db } from "@/db/client";
import { findWorkoutForEditing, listClipLabels } from "@/db/queries/workouts";
import { badRequest, notFound } from "@/server/core/errors";
import { pickText } from "@/server/core/locale";
import { GenerateWorkoutBody, type GenerateWorkoutInput } from "@/server/contracts/ai";
import { generateWorkout } from "@/server/services/personalization/generate-workout";
import { writeContent } from "./content-changes";
import { CreateWorkoutInput, UpdateWorkoutInput, type WorkoutSegmentInput, createWorkout, createWorkoutFromGenerated, updateWorkout } from "./create-workout";
import { imageUrl } from "./media";
import { publishWorkout, unpublishWorkout } from "./publish-content";

/** The builder's form: a workout without the fields the console fills in (workspace, trainer, source). */
export const WorkoutForm = CreateWorkoutInput.omit({ organizationId: true, trainerId: true, source: true });
export type WorkoutForm = z.input<typeof WorkoutForm>;
export { UpdateWorkoutInput };

export interface ClipLabel {
  id: string;
  name: string;
  kind: string;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  stock: boolean;
}

/** A workout as the builder edits it: the update input plus labels of the clips it plays. */
export async function getWorkoutDraft(db: Db, organizationId: string, workoutId: string) {
  const found = await findWorkoutForEditing(db, organizationId, workoutId);
  if (!found) throw notFound("Workout not found in this workspace.");
  const { workout: w, categoryIds, segments } = found;
  const clips: Record<string, ClipLabel> = {};
  const extraIds = new Set<string>();
  const inputs: WorkoutSegmentInput[] = segments.map(({ segment: s, ...clip }) => {
    if (s.videoAssetId && clip.clipKind) {
      clips[s.videoAssetId] = {
        id: s.videoAssetId,
        name: pickText(clip.clipName),
        kind: clip.clipKind,
        thumbnailUrl: imageUrl(clip.clipThumbnailKey),
        durationSeconds: clip.clipDuration,
        stock: clip.clipStockTier !== null,
      };
    }
    const name = s.name ?? undefined;
    switch (s.kind) {
      case "break":
        return { kind: "break", seconds: s.durationSeconds, imageKey: s.breakImageKey };
      case "exercise":
        return {
          kind: "exercise",
          videoAssetId: s.videoAssetId!,
          ...(s.reps !== null ? { reps: s.reps } : { workSeconds: s.workSeconds ?? Math.round(s.durationSeconds) }),
          pace: (s.pace as "slow" | "moderate" | "fast" | "explosive" | null) ?? null,
          weightLevel: (s.weightLevel as "light" | "medium" | "heavy" | null) ?? null,
          rpe: s.rpe,
          amrap: s.amrap,
          skipIntro: s.skipIntro,
        };
      case "multiExercise":
        for (const id of s.exerciseIds ?? []) extraIds.add(id);
        return { kind: "multiExercise", videoAssetId: s.videoAssetId!, exerciseIds: s.exerciseIds ?? [], ...(name ? { name } : {}) };
      case "class":
        return { kind: "class", videoAssetId: s.videoAssetId!, skipIntro: s.skipIntro, ...(name ? { name } : {}) };
      case "promo":
      case "educational":
        return { kind: s.kind, videoAssetId: s.videoAssetId!, ...(name ? { name } : {}) };
      default:
        return { kind: s.kind, videoAssetId: s.videoAssetId! };
    }
  });
  for (const c of await listClipLabels(db, [...extraIds].filter((id) => !clips[id]))) {
    clips[c.id] = { id: c.id, name: pickText(c.name), kind: c.kind, thumbnailUrl: imageUrl(c.thumbnailKey), durationSeconds: null, stock: false };
  }
  return {
    id: w.id,
    status: w.status,
    source: w.source,
    locked: w.locked,
    duration: w.duration,
    updatedAt: w.updatedAt.toISOString(),
    form: {
      name: w.name,
      description: w.description,
      difficulty: w.difficulty,
      visibility: w.visibility,
      categoryIds,
      tags: w.tags,
      mixBgMusic: w.mixBgMusic,
      musicPoolIds: w.musicPoolIds,
      skipWorkoutPreview: w.skipWorkoutPreview,
      skipWorkoutCompletionScreen: w.skipWorkoutCompletionScreen,
      videoAudioMode: w.videoAudioMode,
      segments: inputs,
    },
    clips,
  };
}

/** Creates a workout from the builder (draft or published at once). */
export function createWorkoutFromForm(db: Db, args: { organizationId: string; trainerId: string; form: z.output<typeof WorkoutForm> }) {
  return writeContent(db, (tx, changes) => createWorkout(tx, { ...args.form, organizationId: args.organizationId, trainerId: args.trainerId, source: "team" }, changes));
}

/** Saves the builder's edit of a workout. */
export function saveWorkout(db: Db, args: { organizationId: string; workoutId: string; form: z.output<typeof UpdateWorkoutInput> }) {
  return writeContent(db, (tx, changes) => updateWorkout(tx, args.organizationId, args.workoutId, args.form, changes));
}

/** Publishes a draft (its exports render after commit); publishing a published workout is a no-op. */
export async function publishWorkoutById(db: Db, organizationId: string, workoutId: string) {
  const outcome = await writeContent(db, (tx, changes) => publishWorkout(tx, organizationId, workoutId, changes));
  if (outcome === "not_found") throw notFound("Workout not found in this workspace.");
  if (outcome === "empty") throw badRequest("A workout needs at least one playlist entry to be published.", "segments");
  return { id: workoutId, status: "published" as const, outcome };
}

/** Takes a workout back to draft: it leaves the API's lists and playback at once. */
export async function unpublishWorkoutById(db: Db, organizationId: string, workoutId: string) {
  const outcome = await db.transaction((tx) => unpublishWorkout(tx, organizationId, workoutId));
  if (outcome === "not_found") throw notFound("Workout not found in this workspace.");
  return { id: workoutId, status: "draft" as const, outcome };
}

/** The AI generator's form: the body of POST /v1/orgs/{org}/workouts/generate, validated the same way. */
export const GeneratorForm = GenerateWorkoutBody;

/**
 * Runs the same engine as `/workouts/generate` (every supported locale's texts, a fresh variation
 * per click) and stores the result as a private draft through createWorkoutFromGenerated, framed
 * like the workspace's workouts; the trainer edits and publishes it in the builder.
 */
export async function createDraftFromGenerator(db: Db, args: { organizationId: string; trainerId: string; body: GenerateWorkoutInput }) {
  const generated = await generateWorkout(db, args.organizationId, args.body, { allLocales: true, seed: `console:${Date.now()}:${Math.random()}` });
  const created = await writeContent(db, (tx, changes) =>
    createWorkoutFromGenerated(
      tx,
      { organizationId: args.organizationId, trainerId: args.trainerId, generated: generated as never, status: "draft", visibility: "private", source: "team" },
      changes,
    ),
  );
  const inspection = (generated as { inspection?: { generationId?: string } }).inspection;
  return { id: created.id, duration: created.duration, generationId: inspection?.generationId ?? null };
}
