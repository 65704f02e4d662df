import type { Tx } from "../client";
import {
  endUsers,
  exerciseGroupItems,
  exerciseGroups,
  feedbackOptions,
  instructionAudio,
  methodologyProfiles,
  musicPools,
  musicPoolTracks,
  musicTracks,
  planWorkouts,
  plans,
  trainers,
  videoAssetEquipment,
  videoAssetMuscleGroups,
  videoAssets,
  workoutCategories,
  workoutSegments,
  workouts,
  type VideoAssetKind,
} from "../schema";
import { newId } from "../schema/columns";
import { EXERCISES, INSTRUCTION_LOCALES } from "./data/exercises";
import { EXERCISE_GROUPS } from "./data/groups";
import { METHODOLOGIES } from "./data/methodologies";
import { MUSIC_POOLS, MUSIC_TRACKS } from "./data/music";
import { PLANS } from "./data/plans";
import { FEEDBACK_OPTIONS } from "./data/reference";
import { TRAINERS, WORKOUTS, type WorkoutSegmentSeed } from "./data/workouts";
import { categoryId, equipmentId, goalId, muscleGroupId } from "./reference";
import { seedOrganizationDrops } from "./drops";
import { seedManifest } from "./manifest";

/** Lower-cased concatenation of every translation: the trigram search document. */
export function searchTextOf(...maps: (Record<string, string> | undefined)[]): string {
  return [...new Set(maps.flatMap((m) => Object.values(m ?? {})))].join(" \u2022 ").toLowerCase();
}

/** Workouts whose key ends in "-draft" are seeded as drafts: in the workspace, never listed or playable. */
const isDraft = (key: string) => key.endsWith("-draft");

export interface SeededLibrary {
  workoutIds: string[];
  privateWorkoutIds: string[];
  planIds: string[];
  privatePlanIds: string[];
  videoAssetIds: string[];
  trainerIds: string[];
  endUsers: { id: string; email: string; externalId: string }[];
  suspendedEndUser: { id: string; email: string; externalId: string };
  workoutIdByKey: Map<string, string>;
  exerciseIdByKey: Map<string, string>;
}

const MEDIA_KIND: Record<string, VideoAssetKind> = {
  "class-flow": "class",
  "multi-circuit": "multi-exercise",
  "promo-spot": "promo",
  "edu-breathing": "educational",
  "workout-intro": "workout-intro",
  "workout-outro": "workout-outro",
};

/**
 * Creates a complete, realistic library in one organization: trainers, 42 exercise clips with
 * instruction audio, class/promo/educational media, workouts with playlists of every segment
 * kind, music pools, plans, feedback options, Programming DNA profiles, exercise groups, social
 * drops and members. Everything in the caller's transaction.
 */
export async function seedOrganizationLibrary(db: Tx, organizationId: string, opts: { emailDomain: string }): Promise<SeededLibrary> {
  const manifest = await seedManifest();
  const mediaKey = (rel: string) => {
    if (!manifest[rel]) throw new Error(`seed media ${rel} is missing from the manifest`);
    return `seed/${rel}`;
  };
  const durationOf = (rel: string) => manifest[rel]?.durationSeconds ?? 0;
  const maybe = (rel: string) => (manifest[rel] ? `seed/${rel}` : null);

  // Trainers
  const trainerIdByKey = new Map<string, string>();
  const trainerRows = TRAINERS.map((t) => {
    const id = newId();
    trainerIdByKey.set(t.key, id);
    return { id, organizationId, name: t.name, email: `${t.key}@${opts.emailDomain}`, preferredLocale: t.preferredLocale };
  });
  await db.insert(trainers).values(trainerRows);

  // Exercise clips, their muscles, equipment and instruction audio
  const exerciseIdByKey = new Map<string, string>();
  const base = Date.now() - EXERCISES.length * 60_000;
  const assetRows = EXERCISES.map((e, i) => {
    const id = newId();
    exerciseIdByKey.set(e.key, id);
    return {
      id,
      organizationId,
      kind: "single-exercise" as const,
      name: e.name,
      description: { "en-US": e.description },
      searchText: searchTextOf(e.name),
      skillLevel: e.skillLevel,
      executionSide: e.executionSide,
      coach: e.coach,
      collectionName: e.collectionName,
      estimatedRepDuration: e.estimatedRepDurationSeconds,
      impact: e.impact,
      movementPattern: e.movementPattern,
      isStretch: e.isStretch,
      categoryKeys: e.categories,
      videoKey: mediaKey(`clips/${e.key}.mp4`),
      posterKey: maybe(`posters/${e.key}.jpg`),
      thumbnailKey: maybe(`thumbs/${e.key}.jpg`),
      durationSeconds: durationOf(`clips/${e.key}.mp4`) || 3,
      createdAt: new Date(base + i * 60_000),
    };
  });
  await db.insert(videoAssets).values(assetRows);
  await db.insert(videoAssetMuscleGroups).values(
    EXERCISES.flatMap((e) => e.muscleGroups.map((m) => ({ videoAssetId: exerciseIdByKey.get(e.key)!, muscleGroupId: muscleGroupId(m.key), share: m.share }))),
  );
  const eqRows = EXERCISES.flatMap((e) => e.equipment.map((k) => ({ videoAssetId: exerciseIdByKey.get(e.key)!, equipmentId: equipmentId(k) })));
  if (eqRows.length) await db.insert(videoAssetEquipment).values(eqRows);
  await db.insert(instructionAudio).values(
    EXERCISES.flatMap((e) =>
      INSTRUCTION_LOCALES.filter((l) => manifest[`audio/instructions/${e.key}.${l}.m4a`]).map((locale) => {
        const rel = `audio/instructions/${e.key}.${locale}.m4a`;
        return {
          videoAssetId: exerciseIdByKey.get(e.key)!,
          locale,
          type: "exerciseInstruction" as const,
          assetKey: mediaKey(rel),
          scriptText: manifest[rel]?.scriptText ?? e.instructions[locale],
          durationSeconds: durationOf(rel),
        };
      }),
    ),
  );

  // Other media clips: one asset per media key (class segments with chapters get their own analysed asset)
  const mediaAssetIds = new Map<string, string>();
  const mediaAsset = async (mediaKeyName: string, name: Record<string, string>, chapters?: { name: string; startTimeSec: number; endTimeSec: number; exerciseKeys: string[] }[]) => {
    const cacheKey = chapters ? `${mediaKeyName}#${JSON.stringify(chapters)}` : mediaKeyName;
    const hit = mediaAssetIds.get(cacheKey);
    if (hit) return hit;
    const rel = `video/${mediaKeyName}.mp4`;
    const id = newId();
    await db.insert(videoAssets).values({
      id,
      organizationId,
      kind: MEDIA_KIND[mediaKeyName] ?? "promo",
      name,
      searchText: searchTextOf(name),
      videoKey: mediaKey(rel),
      posterKey: maybe(`posters/${mediaKeyName}.jpg`),
      thumbnailKey: maybe(`thumbs/${mediaKeyName}.jpg`),
      durationSeconds: durationOf(rel),
      chapters: chapters
        ? chapters.map((c) => {
            const exs = c.exerciseKeys.map((k) => EXERCISES.find((e) => e.key === k)).filter((e) => e !== undefined);
            return {
              name: c.name,
              startTimeSec: c.startTimeSec,
              endTimeSec: c.endTimeSec,
              equipmentIds: [...new Set(exs.flatMap((e) => e.equipment.map(equipmentId)))],
              muscleGroupIds: [...new Set(exs.flatMap((e) => e.muscleGroups.map((m) => muscleGroupId(m.key))))],
            };
          })
        : null,
    });
    mediaAssetIds.set(cacheKey, id);
    return id;
  };
  const introId = await mediaAsset("workout-intro", { "en-US": "Workout intro" });
  const outroId = await mediaAsset("workout-outro", { "en-US": "Workout outro" });

  // Voice-overs of the workout intro and outro clips, per locale
  const voiceRows: (typeof instructionAudio.$inferInsert)[] = [];
  for (const [assetId, type, stem] of [
    [introId, "workoutIntro", "workout-intro"],
    [outroId, "workoutOutro", "workout-outro"],
  ] as const) {
    for (const locale of INSTRUCTION_LOCALES) {
      const rel = `audio/${stem}.${locale}.m4a`;
      if (manifest[rel]) voiceRows.push({ videoAssetId: assetId, locale, type, assetKey: mediaKey(rel), scriptText: manifest[rel]?.scriptText ?? "", durationSeconds: durationOf(rel) });
    }
  }
  if (voiceRows.length) await db.insert(instructionAudio).values(voiceRows);

  // Workouts and their playlists
  const workoutIdByKey = new Map<string, string>();
  const exercise = (key: string) => {
    const e = EXERCISES.find((x) => x.key === key);
    if (!e) throw new Error(`unknown exercise ${key}`);
    return e;
  };
  const now = Date.now();
  // One statement per table for the whole library (a round trip per workout made this most of a
  // test library's cost).
  const workoutRows: (typeof workouts.$inferInsert)[] = [];
  const workoutCategoryRows: (typeof workoutCategories.$inferInsert)[] = [];
  const segmentRows: (typeof workoutSegments.$inferInsert)[] = [];
  for (const [wi, w] of WORKOUTS.entries()) {
    const workoutId = newId();
    workoutIdByKey.set(w.key, workoutId);
    const segRows: (typeof workoutSegments.$inferInsert)[] = [];
    for (const [position, s] of w.segments.entries()) segRows.push(await segmentRow(s, workoutId, position));
    const duration = Math.round(segRows.reduce((sum, s) => sum + s.durationSeconds, 0));
    const firstExercise = w.segments.find((s) => s.kind === "exercise") as { exerciseKey: string } | undefined;
    const previewKey = firstExercise?.exerciseKey ?? "squat";
    workoutRows.push({
      id: workoutId,
      organizationId,
      trainerId: trainerIdByKey.get(w.trainerKey) ?? trainerRows[0]!.id,
      name: w.name,
      description: w.description,
      searchText: searchTextOf(w.name, w.description),
      duration,
      difficulty: w.difficulty,
      visibility: w.visibility,
      status: isDraft(w.key) ? "draft" : "published",
      tags: w.tags,
      presentationStyle: w.presentationStyle,
      mixBgMusic: w.mixBgMusic,
      allowAssessment: w.allowAssessment,
      assessmentType: w.assessmentType,
      previewVideoKey: mediaKey(`clips/${previewKey}.mp4`),
      previewPosterKey: maybe(`posters/${previewKey}.jpg`),
      previewThumbnailKey: maybe(`thumbs/${previewKey}.jpg`),
      coverKey: maybe(`images/cover-${(wi % 6) + 1}.jpg`),
      thumbnailKey: maybe(`thumbs/${previewKey}.jpg`),
      musicPlaylists: {
        spotify: wi % 2 === 0 ? { url: `https://open.spotify.com/playlist/forma${String(wi).padStart(4, "0")}` } : null,
        appleMusic: null,
        youtubeMusic: wi % 3 === 0 ? { url: `https://music.youtube.com/playlist?list=FORMA${wi}` } : null,
      },
      publishedAt: isDraft(w.key) ? null : new Date(now - (WORKOUTS.length - wi) * 3_600_000),
      createdAt: new Date(now - (WORKOUTS.length - wi) * 3_600_000),
    });
    workoutCategoryRows.push(...w.categoryKeys.map((k) => ({ workoutId, categoryId: categoryId(k) })));
    segmentRows.push(...segRows);
  }
  await db.insert(workouts).values(workoutRows);
  if (workoutCategoryRows.length) await db.insert(workoutCategories).values(workoutCategoryRows);
  await db.insert(workoutSegments).values(segmentRows);

  async function segmentRow(s: WorkoutSegmentSeed, workoutId: string, position: number): Promise<typeof workoutSegments.$inferInsert> {
    const common = { id: newId(), workoutId, position };
    switch (s.kind) {
      case "intro":
        return { ...common, kind: "intro", videoAssetId: introId, durationSeconds: durationOf("video/workout-intro.mp4") };
      case "outro":
        return { ...common, kind: "outro", videoAssetId: outroId, durationSeconds: durationOf("video/workout-outro.mp4") };
      case "break":
        return { ...common, kind: "break", durationSeconds: s.seconds, breakImageKey: mediaKey("images/break.jpg") };
      case "exercise": {
        const e = exercise(s.exerciseKey);
        const duration = s.workSeconds ?? Math.round((s.reps ?? 10) * e.estimatedRepDurationSeconds);
        return {
          ...common,
          kind: "exercise",
          videoAssetId: exerciseIdByKey.get(e.key)!,
          durationSeconds: duration,
          workSeconds: s.workSeconds ?? null,
          reps: s.reps ?? null,
          pace: s.pace ?? "moderate",
          weightLevel: s.weightLevel ?? null,
          rpe: s.rpe ?? null,
          amrap: s.amrap ?? false,
        };
      }
      case "class": {
        const id = await mediaAsset("class-flow", s.name, s.chapters);
        return { ...common, kind: "class", videoAssetId: id, name: s.name, durationSeconds: durationOf("video/class-flow.mp4") };
      }
      case "multiExercise": {
        const id = await mediaAsset("multi-circuit", s.name);
        return {
          ...common,
          kind: "multiExercise",
          videoAssetId: id,
          name: s.name,
          exerciseIds: s.exerciseKeys.map((k) => exerciseIdByKey.get(k)!).filter(Boolean),
          durationSeconds: durationOf("video/multi-circuit.mp4"),
        };
      }
      case "promo": {
        const id = await mediaAsset("promo-spot", s.name);
        return { ...common, kind: "promo", videoAssetId: id, name: s.name, durationSeconds: durationOf("video/promo-spot.mp4") };
      }
      case "educational": {
        const id = await mediaAsset("edu-breathing", s.name);
        return { ...common, kind: "educational", videoAssetId: id, name: s.name, durationSeconds: durationOf("video/edu-breathing.mp4") };
      }
    }
  }

  // Music: tracks and pools (organization and per trainer)
  const trackIdByKey = new Map<string, string>();
  await db.insert(musicTracks).values(
    MUSIC_TRACKS.map((t) => {
      const id = newId();
      trackIdByKey.set(t.key, id);
      return {
        id,
        organizationId,
        name: t.name,
        artist: t.artist,
        durationSeconds: durationOf(`music/${t.key}.m4a`) || t.durationSeconds,
        filename: `${t.key}.m4a`,
        assetKey: mediaKey(`music/${t.key}.m4a`),
        bpm: t.bpm,
      };
    }),
  );
  const poolRows = MUSIC_POOLS.map((pool) => ({
    id: newId(),
    organizationId,
    trainerId: pool.owner === "organization" ? null : (trainerIdByKey.get(pool.owner) ?? null),
    name: pool.key,
    trackKeys: pool.trackKeys,
  }));
  await db.insert(musicPools).values(poolRows.map(({ trackKeys: _, ...row }) => row));
  await db.insert(musicPoolTracks).values(poolRows.flatMap((pool) => pool.trackKeys.map((k, position) => ({ poolId: pool.id, trackId: trackIdByKey.get(k)!, position }))));

  // Plans
  const planIds: string[] = [];
  const privatePlanIds: string[] = [];
  const planRows: (typeof plans.$inferInsert)[] = [];
  const planWorkoutRows: (typeof planWorkouts.$inferInsert)[] = [];
  for (const p of PLANS) {
    const planId = newId();
    (p.visibility === "public" ? planIds : privatePlanIds).push(planId);
    planRows.push({
      id: planId,
      organizationId,
      trainerId: trainerRows[0]!.id,
      name: p.name,
      description: p.description,
      searchText: searchTextOf(p.name, p.description),
      difficulty: p.difficulty,
      visibility: p.visibility,
      status: "published",
      goalIds: p.goalKeys.map(goalId),
      categoryIds: p.categoryKeys.map(categoryId),
      durationWeeks: p.durationWeeks,
      daysPerWeek: p.daysPerWeek,
    });
    planWorkoutRows.push(...p.schedule.map((s) => ({ planId, week: s.week, day: s.day, position: 0, workoutId: workoutIdByKey.get(s.workoutKey)! })));
  }
  await db.insert(plans).values(planRows);
  await db.insert(planWorkouts).values(planWorkoutRows);

  // Feedback options
  await db.insert(feedbackOptions).values([
    ...FEEDBACK_OPTIONS.rating.map((o) => ({ organizationId, kind: "rating" as const, key: o.key, value: o.value, label: o.label })),
    ...FEEDBACK_OPTIONS.difficulty.map((o) => ({ organizationId, kind: "difficulty" as const, key: o.key, value: o.value, label: o.label })),
  ]);

  // Programming DNA profiles
  await db.insert(methodologyProfiles).values(
    METHODOLOGIES.map((m) => {
      const { bannedExerciseKeys, ...rules } = m.rules;
      return {
        organizationId,
        ownerTrainerId: m.scope === "personal" ? trainerRows[0]!.id : null,
        scope: m.scope,
        name: m.name,
        version: m.version,
        applicability: m.applicability,
        isTeamDefault: m.isTeamDefault,
        isActive: m.active,
        ruleSummary: m.ruleSummary,
        guidance: m.guidance,
        rules: { ...rules, ...(bannedExerciseKeys ? { bannedExerciseIds: bannedExerciseKeys.map((k) => exerciseIdByKey.get(k)!).filter(Boolean) } : {}) },
      };
    }),
  );

  // Exercise groups
  const groupRows = EXERCISE_GROUPS.map((g) => ({ id: newId(), organizationId, name: g.name, type: g.type, rounds: g.rounds, restBetweenRoundsSeconds: g.restBetweenRoundsSeconds }));
  await db.insert(exerciseGroups).values(groupRows);
  await db.insert(exerciseGroupItems).values(
    EXERCISE_GROUPS.flatMap((g, i) =>
      g.items.map((it, position) => ({
        groupId: groupRows[i]!.id,
        position,
        videoAssetId: exerciseIdByKey.get(it.exerciseKey)!,
        workSeconds: it.workSeconds ?? null,
        reps: it.reps ?? null,
        restSeconds: it.restSeconds,
      })),
    ),
  );

  // Social drops (ready ones pointing at the media rendered at seed time; one still processing)
  await seedOrganizationDrops(db, organizationId, { workoutIdByKey, exerciseIdByKey });

  // Members
  const members = [
    { name: "Alex Morgan", locale: "en-US", tz: "America/New_York" },
    { name: "Lena Fischer", locale: "de-DE", tz: "Europe/Berlin" },
    { name: "Sofia Costa", locale: "pt-PT", tz: "Europe/Lisbon" },
  ];
  const tag = organizationId.slice(-6);
  const memberRows = members.map((m, i) => ({
    id: newId(),
    organizationId,
    email: `${m.name.split(" ")[0]!.toLowerCase()}.${tag}@${opts.emailDomain}`,
    externalId: `ext-${tag}-${i + 1}`,
    name: m.name,
    preferredLocale: m.locale,
    timeZone: m.tz,
    status: "active" as const,
  }));
  const suspended = { id: newId(), organizationId, email: `suspended.${tag}@${opts.emailDomain}`, externalId: `ext-${tag}-suspended`, name: "Sam Suspended", status: "suspended" as const };
  await db.insert(endUsers).values([...memberRows, suspended]);

  const published = WORKOUTS.filter((w) => !isDraft(w.key));
  const publicIds = published.filter((w) => w.visibility === "public").map((w) => workoutIdByKey.get(w.key)!);
  const privateIds = published.filter((w) => w.visibility === "private").map((w) => workoutIdByKey.get(w.key)!);
  return {
    workoutIds: publicIds,
    privateWorkoutIds: privateIds,
    planIds,
    privatePlanIds,
    videoAssetIds: EXERCISES.map((e) => exerciseIdByKey.get(e.key)!),
    trainerIds: trainerRows.map((t) => t.id),
    endUsers: memberRows.map((m) => ({ id: m.id, email: m.email, externalId: m.externalId })),
    suspendedEndUser: { id: suspended.id, email: suspended.email, externalId: suspended.externalId },
    workoutIdByKey,
    exerciseIdByKey,
  };
}
