/**
 * Stored content from a validated description or from AI output: a workout with its playlist
 * segments, categories, preview media and search document, written exactly as the seed writes
 * the demo library, so that a created workout lists, plays and exports like any other (its
 * equipment and muscle facets derive from the clips its playlist plays; the search vocabulary
 * triggers of migration 0003 index its name). Used by the content autopilot and the console's
 * workout builder. Writers record published workouts in a ContentChanges, announced after commit.
 */
import { z } from "zod";
import { VIDEO_AUDIO_MODES } from "@/lib/audio-mix";
import { getDb, type Tx } from "@/db/client";
import { insertPlanWithSchedule } from "@/db/queries/ai";
import { listWorkoutsByIds } from "@/db/queries/catalog";
import { findOrganizationPoolIds } from "@/db/queries/music";
import {
  type NewWorkoutSegment,
  findWorkspaceFraming,
  insertWorkoutWithPlaylist,
  listSegmentAssets,
  lockOrgWorkout,
  replaceWorkoutContent,
} from "@/db/queries/workouts";
import { DIFFICULTIES, type VideoAssetKind, WORKOUT_SOURCES, WORKOUT_VISIBILITIES } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { badRequest, conflict, notFound } from "@/server/core/errors";
import { HexId } from "@/server/contracts/schemas";
import { getReferenceData } from "@/server/services/metadata/reference-cache";
import type { ContentChanges } from "./content-changes";

/** Texts per locale (descriptions may be empty). */
export const TextMap = z.record(z.string().min(2).max(20), z.string().max(2000));
/** Texts per locale with a non-empty en-US text (names). */
export const Translations = TextMap.refine((m) => (m["en-US"] ?? "").trim().length > 0, { message: "an en-US text is required" });

const Pace = z.enum(["slow", "moderate", "fast", "explosive"]);
const WeightLevel = z.enum(["light", "medium", "heavy"]);
const MediaName = z.record(z.string().min(2).max(20), z.string().max(200)).optional();

/** One playlist entry of a workout being created; durations of media segments come from their clips. */
export const WorkoutSegmentInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("intro"), videoAssetId: HexId }).strict(),
  z.object({ kind: z.literal("outro"), videoAssetId: HexId }).strict(),
  z
    .object({
      kind: z.literal("exercise"),
      videoAssetId: HexId,
      workSeconds: z.number().int().min(1).max(3600).optional(),
      reps: z.number().int().min(1).max(500).optional(),
      pace: Pace.nullable().optional(),
      weightLevel: WeightLevel.nullable().optional(),
      rpe: z.number().min(1).max(10).nullable().optional(),
      amrap: z.boolean().optional(),
      skipIntro: z.boolean().optional(),
    })
    .strict()
    .refine((s) => (s.workSeconds === undefined) !== (s.reps === undefined), { message: "an exercise has exactly one of workSeconds or reps" }),
  z
    .object({ kind: z.literal("break"), seconds: z.number().min(1).max(3600), imageKey: z.string().max(500).nullable().optional() })
    .strict(),
  z.object({ kind: z.literal("class"), videoAssetId: HexId, name: MediaName, skipIntro: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal("multiExercise"), videoAssetId: HexId, exerciseIds: z.array(HexId).min(1).max(50), name: MediaName }).strict(),
  z.object({ kind: z.literal("promo"), videoAssetId: HexId, name: MediaName }).strict(),
  z.object({ kind: z.literal("educational"), videoAssetId: HexId, name: MediaName }).strict(),
]);
export type WorkoutSegmentInput = z.output<typeof WorkoutSegmentInput>;

/**
 * Which audio tracks a player mixes: `full` (clip sound, voice-overs and music), `voice-and-music`
 * (clips muted), `music-only` (clips and voice-overs muted), `clip-only` (no voice-overs, no music).
 */

/** A workout to create (the console builder validates its form with this schema). */
export const CreateWorkoutInput = z
  .object({
    organizationId: HexId,
    trainerId: HexId.nullable(),
    name: Translations,
    description: TextMap.optional(),
    difficulty: z.enum(DIFFICULTIES),
    visibility: z.enum(WORKOUT_VISIBILITIES),
    status: z.enum(["draft", "published"]),
    source: z.enum(WORKOUT_SOURCES).default("team"),
    categoryIds: z.array(HexId).max(20).default([]),
    tags: z.array(z.string().min(1).max(50)).max(30).default([]),
    mixBgMusic: z.boolean().default(true),
    /** The music pools the workout plays; empty: the organization's and its trainer's pools. */
    musicPoolIds: z.array(HexId).max(10).default([]),
    skipWorkoutPreview: z.boolean().default(false),
    skipWorkoutCompletionScreen: z.boolean().default(false),
    videoAudioMode: z.enum(VIDEO_AUDIO_MODES).default("full"),
    segments: z.array(WorkoutSegmentInput).min(1).max(500),
  })
  .strict();
export type CreateWorkoutInput = z.input<typeof CreateWorkoutInput>;

/** An edit of a workout: everything the builder sets; the status moves by publish and unpublish. */
export const UpdateWorkoutInput = CreateWorkoutInput.omit({ organizationId: true, trainerId: true, status: true, source: true });
export type UpdateWorkoutInput = z.input<typeof UpdateWorkoutInput>;

export interface CreatedWorkout {
  id: string;
  status: "draft" | "published";
  /** Planned seconds (the sum of the playlist). */
  duration: number;
}

/** Which clip kind each segment kind plays. */
const ASSET_KIND: Record<Exclude<WorkoutSegmentInput["kind"], "break">, VideoAssetKind> = {
  intro: "workout-intro",
  outro: "workout-outro",
  exercise: "single-exercise",
  class: "class",
  multiExercise: "multi-exercise",
  promo: "promo",
  educational: "educational",
};

/** Lower-cased concatenation of every translation: the trigram search document (as the seed builds it). */
export function searchDocument(...maps: (Record<string, string> | undefined)[]): string {
  return [...new Set(maps.flatMap((m) => Object.values(m ?? {})))].join(" \u2022 ").toLowerCase();
}

type WorkoutFields = z.output<typeof UpdateWorkoutInput>;

/**
 * Checks a workout's content against its organization and derives what is stored: every clip
 * must be the organization's own or stock it may use (premium stock only with the entitlement),
 * of the kind its segment plays; every category must exist and every music pool be the
 * organization's (400 naming the field otherwise).
 */
async function prepareWorkout(tx: Tx, organizationId: string, workoutId: string, input: WorkoutFields) {
  const ref = await getReferenceData(getDb());
  const knownCategories = new Set(ref.categories.map((c) => c.id));
  const unknown = input.categoryIds.filter((id) => !knownCategories.has(id));
  if (unknown.length) throw badRequest(`Unknown category id(s): ${unknown.join(", ")}.`, "categoryIds");
  const poolIds = [...new Set(input.musicPoolIds)];
  if (poolIds.length) {
    const found = new Set(await findOrganizationPoolIds(tx, organizationId, poolIds));
    const foreign = poolIds.filter((id) => !found.has(id));
    if (foreign.length) throw badRequest(`Music pool(s) ${foreign.join(", ")} are not pools of this organization.`, "musicPoolIds");
  }

  const clipIds = input.segments.flatMap((s) => (s.kind === "break" ? [] : s.kind === "multiExercise" ? [s.videoAssetId, ...s.exerciseIds] : [s.videoAssetId]));
  const [assets, limits] = await Promise.all([listSegmentAssets(tx, [...new Set(clipIds)]), organizationLimits(organizationId)]);
  const byId = new Map(assets.map((a) => [a.id, a]));
  const premium = limits?.entitlements.premiumStock === true;
  const usable = (id: string, kind: VideoAssetKind, target: string) => {
    const a = byId.get(id);
    const allowed = a && (a.organizationId === organizationId || a.stockTier === "free" || (a.stockTier === "premium" && premium));
    if (!a || !allowed) throw badRequest(`Clip ${id} is not a clip this organization can use.`, target);
    if (a.kind !== kind) throw badRequest(`Clip ${id} is a ${a.kind} clip; this segment plays a ${kind} clip.`, target);
    return a;
  };

  const rows: NewWorkoutSegment[] = input.segments.map((s, position) => {
    const common = { id: newId(), workoutId, position };
    const target = `segments[${position}].videoAssetId`;
    switch (s.kind) {
      case "break":
        return { ...common, kind: "break", durationSeconds: s.seconds, breakImageKey: s.imageKey ?? null };
      case "exercise": {
        const a = usable(s.videoAssetId, "single-exercise", target);
        const seconds = s.workSeconds ?? Math.round((s.reps ?? 0) * (a.estimatedRepDuration > 0 ? a.estimatedRepDuration : 3));
        return {
          ...common,
          kind: "exercise",
          videoAssetId: a.id,
          durationSeconds: seconds,
          workSeconds: s.workSeconds ?? null,
          reps: s.reps ?? null,
          pace: s.pace ?? "moderate",
          weightLevel: s.weightLevel ?? null,
          rpe: s.rpe ?? null,
          amrap: s.amrap ?? false,
          skipIntro: s.skipIntro ?? false,
        };
      }
      case "multiExercise": {
        const a = usable(s.videoAssetId, "multi-exercise", target);
        for (const [i, id] of s.exerciseIds.entries()) usable(id, "single-exercise", `segments[${position}].exerciseIds[${i}]`);
        return { ...common, kind: "multiExercise", videoAssetId: a.id, exerciseIds: s.exerciseIds, name: s.name ?? null, durationSeconds: a.durationSeconds };
      }
      default: {
        const a = usable(s.videoAssetId, ASSET_KIND[s.kind], target);
        const name = "name" in s ? (s.name ?? null) : null;
        const skipIntro = s.kind === "class" ? (s.skipIntro ?? false) : false;
        return { ...common, kind: s.kind, videoAssetId: a.id, name, skipIntro, durationSeconds: a.durationSeconds };
      }
    }
  });

  // The preview is the first exercise's clip (as in the seed), else the first clip played.
  const first = input.segments.find((s) => s.kind === "exercise") ?? input.segments.find((s) => s.kind !== "break");
  const preview = first ? byId.get(first.videoAssetId) : undefined;
  const columns = {
    name: input.name,
    description: input.description ?? { "en-US": "" },
    searchText: searchDocument(input.name, input.description),
    duration: Math.round(rows.reduce((sum, r) => sum + r.durationSeconds, 0)),
    difficulty: input.difficulty,
    visibility: input.visibility,
    tags: input.tags,
    mixBgMusic: input.mixBgMusic,
    musicPoolIds: poolIds,
    skipWorkoutPreview: input.skipWorkoutPreview,
    skipWorkoutCompletionScreen: input.skipWorkoutCompletionScreen,
    videoAudioMode: input.videoAudioMode,
    previewVideoKey: preview?.videoKey ?? null,
    previewPosterKey: preview?.posterKey ?? null,
    previewThumbnailKey: preview?.thumbnailKey ?? null,
    coverKey: preview?.posterKey ?? null,
    thumbnailKey: preview?.thumbnailKey ?? null,
  };
  return { columns, rows, categoryIds: [...new Set(input.categoryIds)] };
}

/** Writes a workout from a validated input, inside the caller's transaction (see prepareWorkout for the checks). */
export async function createWorkout(tx: Tx, rawInput: CreateWorkoutInput, changes: ContentChanges): Promise<CreatedWorkout> {
  const input = CreateWorkoutInput.parse(rawInput);
  const workoutId = newId();
  const { columns, rows, categoryIds } = await prepareWorkout(tx, input.organizationId, workoutId, input);
  const now = new Date();
  await insertWorkoutWithPlaylist(
    tx,
    {
      id: workoutId,
      organizationId: input.organizationId,
      trainerId: input.trainerId,
      ...columns,
      status: input.status,
      source: input.source,
      publishedAt: input.status === "published" ? now : null,
      createdAt: now,
      // Set from the clock, not the transaction's start: the workspace content version (latest
      // updated_at) that keys cached list pages must move past everything read before this commit.
      updatedAt: now,
    },
    categoryIds,
    rows,
  );
  if (input.status === "published") changes.workoutPublished(workoutId);
  return { id: workoutId, status: input.status, duration: columns.duration };
}

/**
 * Replaces a workout's content (fields, categories and playlist) in the caller's transaction,
 * keeping its id, status and history. The new updated_at versions every cached list, detail and
 * playlist of it; a published workout's exports are announced out of date. Locked (template)
 * workouts cannot be edited.
 */
export async function updateWorkout(tx: Tx, organizationId: string, workoutId: string, rawInput: UpdateWorkoutInput, changes: ContentChanges): Promise<CreatedWorkout> {
  const input = UpdateWorkoutInput.parse(rawInput);
  const current = await lockOrgWorkout(tx, organizationId, workoutId);
  if (!current) throw notFound("Workout not found in this workspace.");
  if (current.locked) throw conflict("This workout is a locked template and cannot be edited.");
  const { columns, rows, categoryIds } = await prepareWorkout(tx, organizationId, workoutId, input);
  await replaceWorkoutContent(tx, workoutId, { ...columns, updatedAt: new Date() }, categoryIds, rows);
  if (current.status === "published") changes.workoutChanged(workoutId, "playlist");
  return { id: workoutId, status: current.status, duration: columns.duration };
}

/** The fields of a generate or adapt response that storing it needs (GeneratedWorkout in operations/ai.ts). */
export interface GeneratedWorkoutJson {
  nameTranslations: Record<string, string>;
  descriptionTranslations: Record<string, string>;
  difficulty: (typeof DIFFICULTIES)[number];
  categoryId: string;
  instances: {
    kind: "single-exercise" | "rest";
    durationSeconds: number;
    reps: number | null;
    skipIntro: boolean;
    pace: "slow" | "moderate" | "fast" | "explosive" | null;
    weightLevel: "light" | "medium" | "heavy" | null;
    rpe: number | null;
    exercise: { id: string } | null;
  }[];
}

/**
 * Stores the JSON of `/workouts/generate` or `/workouts/{id}/adapt` as a workout of the
 * organization, framed like its own: the workspace's intro clip first, its break image on
 * rests, its outro clip last (when it has them).
 */
export async function createWorkoutFromGenerated(
  tx: Tx,
  input: {
    organizationId: string;
    trainerId: string | null;
    generated: GeneratedWorkoutJson;
    status: "draft" | "published";
    visibility: "public" | "private";
    source: (typeof WORKOUT_SOURCES)[number];
    tags?: string[];
  },
  changes: ContentChanges,
): Promise<CreatedWorkout> {
  const g = input.generated;
  const framing = await findWorkspaceFraming(tx, input.organizationId);
  const segments: WorkoutSegmentInput[] = [];
  if (framing.introId) segments.push({ kind: "intro", videoAssetId: framing.introId });
  for (const it of g.instances) {
    if (it.kind === "rest" || !it.exercise) {
      segments.push({ kind: "break", seconds: Math.max(1, Math.round(it.durationSeconds)), imageKey: framing.breakImageKey });
      continue;
    }
    segments.push({
      kind: "exercise",
      videoAssetId: it.exercise.id,
      ...(it.reps !== null && it.reps > 0 ? { reps: it.reps } : { workSeconds: Math.max(1, Math.round(it.durationSeconds)) }),
      pace: it.pace,
      weightLevel: it.weightLevel,
      rpe: it.rpe,
      skipIntro: it.skipIntro,
    });
  }
  if (framing.outroId) segments.push({ kind: "outro", videoAssetId: framing.outroId });
  return createWorkout(
    tx,
    {
      organizationId: input.organizationId,
      trainerId: input.trainerId,
      name: g.nameTranslations,
      description: g.descriptionTranslations,
      difficulty: g.difficulty,
      visibility: input.visibility,
      status: input.status,
      source: input.source,
      categoryIds: [g.categoryId],
      tags: input.tags ?? [],
      segments,
    },
    changes,
  );
}

/** The fields of a `/plans/generate` response that storing it needs (GeneratedPlan in operations/ai.ts). */
export interface GeneratedPlanJson {
  nameTranslations: Record<string, string>;
  descriptionTranslations: Record<string, string>;
  difficulty: (typeof DIFFICULTIES)[number];
  durationWeeks: number;
  daysPerWeek: number;
  goalIds: string[];
  categoryIds: string[];
  reasoning: string;
  inspection: { generationId: string; engine: string };
  weeks: {
    week: number;
    phase: string;
    volumeFactor: number;
    intensityDelta: number;
    targetRpe: number;
    sessions: { day: number; workout: { id: string }; prescription: object }[];
  }[];
}

/**
 * Stores a generated plan as a plan of the organization (public or private, listed once
 * published): its schedule references the organization's live workouts only.
 */
export async function createPlanFromGenerated(
  tx: Tx,
  input: {
    organizationId: string;
    trainerId: string | null;
    generated: GeneratedPlanJson;
    status: "draft" | "published";
    visibility: "public" | "private";
  },
): Promise<{ id: string }> {
  const g = input.generated;
  const sessions = g.weeks.flatMap((w) => w.sessions.map((s) => ({ week: w.week, day: s.day, workoutId: s.workout.id, prescription: s.prescription })));
  if (sessions.length === 0) throw badRequest("The generated plan schedules no workouts.", "weeks");
  const ids = [...new Set(sessions.map((s) => s.workoutId))];
  const found = new Set((await listWorkoutsByIds(tx, input.organizationId, ids)).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`Workout(s) ${missing.join(", ")} are not workouts of this organization.`, "weeks");
  const planId = newId();
  const now = new Date();
  await insertPlanWithSchedule(
    tx,
    {
      id: planId,
      organizationId: input.organizationId,
      trainerId: input.trainerId,
      name: g.nameTranslations,
      description: g.descriptionTranslations,
      searchText: searchDocument(g.nameTranslations, g.descriptionTranslations),
      difficulty: g.difficulty,
      visibility: input.visibility,
      status: input.status,
      source: "ai-generated",
      goalIds: g.goalIds,
      categoryIds: g.categoryIds,
      durationWeeks: g.durationWeeks,
      daysPerWeek: g.daysPerWeek,
      generationId: g.inspection.generationId,
      details: {
        weeks: g.weeks.map(({ week, phase, volumeFactor, intensityDelta, targetRpe }) => ({ week, phase, volumeFactor, intensityDelta, targetRpe })),
        reasoning: g.reasoning,
        engine: g.inspection.engine,
      },
      createdAt: now,
      updatedAt: now,
    },
    sessions.map((s) => {
      const position = sessions.filter((o) => o.week === s.week && o.day === s.day).indexOf(s);
      return { week: s.week, day: s.day, position, workoutId: s.workoutId, prescription: { ...s.prescription } };
    }),
  );
  return { id: planId };
}
