/**
 * Consistency checks for the pure seed data modules: translations, cross-references,
 * muscle shares, workout structure and the benchmark workout.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../../server/core/locale";
import { DIFFICULTY_LABELS } from "../../reference/difficulty-labels";
import {
  CATEGORIES,
  CLASS_MEDIA_SECONDS,
  DROPS,
  EQUIPMENT,
  EQUIPMENT_CATEGORIES,
  EXERCISES,
  EXERCISE_GROUPS,
  FEEDBACK_OPTIONS,
  GOALS,
  INSTRUCTION_LOCALES,
  METHODOLOGIES,
  MUSCLE_GROUPS,
  MUSIC_POOLS,
  MUSIC_TRACKS,
  PLANS,
  SEGMENT_KINDS,
  STOCK_EXERCISES,
  TRAINERS,
  WORKOUTS,
  type WorkoutSegmentSeed,
} from "./index";

const EXPECTED_EXERCISE_KEYS = [
  "squat", "lunge", "reverse-lunge", "jump-squat", "push-up", "knee-push-up", "plank", "side-plank",
  "mountain-climber", "burpee", "jumping-jack", "high-knees", "glute-bridge", "dead-bug", "bird-dog",
  "bicycle-crunch", "russian-twist", "superman", "tricep-dip", "pike-push-up", "dumbbell-row",
  "dumbbell-shoulder-press", "dumbbell-bicep-curl", "goblet-squat", "romanian-deadlift", "kettlebell-swing",
  "band-pull-apart", "band-squat", "skater-jump", "inchworm", "bear-crawl", "wall-sit", "calf-raise", "step-up",
  "lateral-lunge", "hip-thrust", "v-up", "flutter-kick", "downward-dog", "childs-pose", "cat-cow",
  "worlds-greatest-stretch",
];

const WORKOUT_LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "nb-NO"] as const;
const PLAN_LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES"] as const;
const KEY_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function expectLocales(text: Record<string, string | undefined>, locales: readonly string[], where: string) {
  for (const l of locales) {
    const v = text[l];
    expect(typeof v === "string" && v.trim().length > 0, `${where}: missing ${l}`).toBe(true);
  }
  for (const l of Object.keys(text)) {
    expect((SUPPORTED_LOCALES as readonly string[]).includes(l), `${where}: unsupported locale ${l}`).toBe(true);
  }
}

function expectFull(text: Record<string, string | undefined>, where: string) {
  expectLocales(text, SUPPORTED_LOCALES, where);
  expect(Object.keys(text).length, `${where}: locale count`).toBe(SUPPORTED_LOCALES.length);
}

function expectUniqueKeys(items: { key: string }[], what: string) {
  const keys = items.map((i) => i.key);
  expect(new Set(keys).size, `${what}: duplicate keys`).toBe(keys.length);
  for (const k of keys) expect(KEY_RE.test(k), `${what}: key ${k} is not kebab-case`).toBe(true);
}

const muscleKeys = new Set(MUSCLE_GROUPS.map((m) => m.key));
const equipmentKeys = new Set(EQUIPMENT.map((e) => e.key));
const equipmentCategoryKeys = new Set(EQUIPMENT_CATEGORIES.map((e) => e.key));
const categoryKeys = new Set(CATEGORIES.map((c) => c.key));
const goalKeys = new Set(GOALS.map((g) => g.key));
const exerciseByKey = new Map(EXERCISES.map((e) => [e.key, e]));
const workoutKeys = new Set(WORKOUTS.map((w) => w.key));
const trainerKeys = new Set(TRAINERS.map((t) => t.key));
const trackKeys = new Set(MUSIC_TRACKS.map((t) => t.key));

function segmentExerciseKeys(s: WorkoutSegmentSeed): string[] {
  if (s.kind === "exercise") return [s.exerciseKey];
  if (s.kind === "multiExercise") return s.exerciseKeys;
  if (s.kind === "class") return (s.chapters ?? []).flatMap((c) => c.exerciseKeys);
  return [];
}

/** Planned seconds of a segment; media-backed segments use the given assumption. */
function segmentSeconds(s: WorkoutSegmentSeed, introOutro: number, otherMedia: number): number {
  switch (s.kind) {
    case "exercise":
      return s.workSeconds ?? (s.reps ?? 0) * (exerciseByKey.get(s.exerciseKey)?.estimatedRepDurationSeconds ?? 0);
    case "break":
      return s.seconds;
    case "class":
      return CLASS_MEDIA_SECONDS;
    case "intro":
    case "outro":
      return introOutro;
    default:
      return otherMedia;
  }
}

describe("reference data", () => {
  it("has unique kebab-case keys and full translations", () => {
    for (const [what, list] of [
      ["categories", CATEGORIES],
      ["equipment categories", EQUIPMENT_CATEGORIES],
      ["equipment", EQUIPMENT],
      ["muscle groups", MUSCLE_GROUPS],
      ["goals", GOALS],
    ] as const) {
      expectUniqueKeys(list, what);
      for (const item of list) expectFull(item.name, `${what} ${item.key}`);
    }
    for (const [d, label] of Object.entries(DIFFICULTY_LABELS)) expectFull(label, `difficulty ${d}`);
    expect(Object.keys(DIFFICULTY_LABELS).sort()).toEqual(["advanced", "beginner", "intermediate"]);
  });

  it("links equipment to existing equipment categories and has no bodyweight item", () => {
    for (const e of EQUIPMENT) {
      if (e.equipmentCategoryKey !== null) expect(equipmentCategoryKeys.has(e.equipmentCategoryKey), e.key).toBe(true);
    }
    expect(equipmentKeys.has("bodyweight")).toBe(false);
    for (const c of EQUIPMENT_CATEGORIES) expect(c.category.length).toBeGreaterThan(0);
  });

  it("has feedback options with full labels and the expected values", () => {
    expect(FEEDBACK_OPTIONS.rating.map((o) => o.value)).toEqual([1, 2, 3, 4, 5]);
    expect(FEEDBACK_OPTIONS.difficulty.map((o) => o.value)).toEqual([1, 2, 3]);
    expectUniqueKeys([...FEEDBACK_OPTIONS.rating, ...FEEDBACK_OPTIONS.difficulty], "feedback options");
    for (const o of [...FEEDBACK_OPTIONS.rating, ...FEEDBACK_OPTIONS.difficulty]) expectFull(o.label, `feedback ${o.key}`);
  });
});

describe("exercises", () => {
  it("are exactly the 42 expected keys in order", () => {
    expect(EXERCISES.map((e) => e.key)).toEqual(EXPECTED_EXERCISE_KEYS);
  });

  it("have full names, English descriptions and short spoken instructions", () => {
    for (const e of EXERCISES) {
      expectFull(e.name, `exercise ${e.key}`);
      expect(e.description.length).toBeGreaterThan(20);
      expect(Object.keys(e.instructions).sort()).toEqual([...INSTRUCTION_LOCALES].sort());
      for (const l of INSTRUCTION_LOCALES) {
        const text = e.instructions[l];
        expect(text.trim().length, `${e.key} ${l}`).toBeGreaterThan(10);
        expect(text.length, `${e.key} ${l} too long`).toBeLessThanOrEqual(160);
      }
    }
  });

  it("reference existing muscle groups, equipment and categories; shares sum to 1", () => {
    for (const e of EXERCISES) {
      expect(e.muscleGroups.length, e.key).toBeGreaterThan(0);
      let sum = 0;
      for (const m of e.muscleGroups) {
        expect(muscleKeys.has(m.key), `${e.key} muscle ${m.key}`).toBe(true);
        expect(m.share > 0 && m.share <= 1, `${e.key} share`).toBe(true);
        sum += m.share;
      }
      expect(Math.abs(sum - 1), `${e.key} shares sum ${sum}`).toBeLessThan(1e-9);
      expect(new Set(e.muscleGroups.map((m) => m.key)).size).toBe(e.muscleGroups.length);
      for (const k of e.equipment) expect(equipmentKeys.has(k), `${e.key} equipment ${k}`).toBe(true);
      expect(e.categories.length, e.key).toBeGreaterThan(0);
      for (const k of e.categories) expect(categoryKeys.has(k), `${e.key} category ${k}`).toBe(true);
      expect(e.estimatedRepDurationSeconds).toBeGreaterThan(0);
    }
  });

  it("use 3 coaches and about 5 collections", () => {
    expect(new Set(EXERCISES.map((e) => e.coach)).size).toBe(3);
    expect(new Set(EXERCISES.map((e) => e.collectionName)).size).toBe(5);
  });
});

describe("workouts", () => {
  it("have unique keys, required translations and valid references", () => {
    expectUniqueKeys(WORKOUTS, "workouts");
    for (const w of WORKOUTS) {
      expectLocales(w.name, WORKOUT_LOCALES, `workout ${w.key} name`);
      expectLocales(w.description, WORKOUT_LOCALES, `workout ${w.key} description`);
      expect(trainerKeys.has(w.trainerKey), `${w.key} trainer`).toBe(true);
      expect(w.categoryKeys.length).toBeGreaterThan(0);
      for (const c of w.categoryKeys) expect(categoryKeys.has(c), `${w.key} category ${c}`).toBe(true);
      for (const s of w.segments) {
        for (const k of segmentExerciseKeys(s)) expect(exerciseByKey.has(k), `${w.key} exercise ${k}`).toBe(true);
        if (s.kind === "class" || s.kind === "multiExercise" || s.kind === "promo" || s.kind === "educational") {
          expectLocales(s.name, WORKOUT_LOCALES, `${w.key} ${s.kind} segment name`);
        }
      }
    }
  });

  it("has a realistic mix of visibility, difficulty and assessments", () => {
    expect(WORKOUTS.length).toBeGreaterThanOrEqual(16);
    expect(WORKOUTS.filter((w) => w.visibility === "public").length).toBeGreaterThanOrEqual(13);
    expect(WORKOUTS.filter((w) => w.visibility === "private").length).toBeGreaterThanOrEqual(2);
    for (const d of ["beginner", "intermediate", "advanced"] as const) {
      expect(WORKOUTS.filter((w) => w.difficulty === d).length, d).toBeGreaterThanOrEqual(4);
    }
    const assessed = WORKOUTS.filter((w) => w.allowAssessment);
    expect(assessed.length).toBe(2);
    for (const w of assessed) expect(w.assessmentType).toBe("fitness-test");
    for (const w of WORKOUTS.filter((x) => !x.allowAssessment)) expect(w.assessmentType).toBeNull();
  });

  it("has well-formed segments", () => {
    for (const w of WORKOUTS) {
      for (const s of w.segments) {
        if (s.kind === "exercise") {
          const hasWork = s.workSeconds !== undefined;
          const hasReps = s.reps !== undefined;
          expect(hasWork !== hasReps, `${w.key} ${s.exerciseKey}: exactly one of workSeconds/reps`).toBe(true);
          if (hasWork) expect(s.workSeconds).toBeGreaterThan(0);
          if (hasReps) expect(Number.isInteger(s.reps) && (s.reps ?? 0) > 0).toBe(true);
          if (s.rpe !== undefined) expect(s.rpe >= 1 && s.rpe <= 10).toBe(true);
        }
        if (s.kind === "break") expect(s.seconds).toBeGreaterThan(0);
        if (s.kind === "class") {
          for (const c of s.chapters ?? []) {
            expect(c.startTimeSec >= 0 && c.startTimeSec < c.endTimeSec && c.endTimeSec <= CLASS_MEDIA_SECONDS).toBe(true);
          }
        }
      }
      const first = w.segments[0];
      expect(first?.kind, `${w.key} starts with intro`).toBe("intro");
    }
  });

  it("covers all 8 segment kinds among public workouts", () => {
    const kinds = new Set(WORKOUTS.filter((w) => w.visibility === "public").flatMap((w) => w.segments.map((s) => s.kind)));
    for (const k of SEGMENT_KINDS) expect(kinds.has(k), `kind ${k}`).toBe(true);
    expect(SEGMENT_KINDS.length).toBe(8);
  });

  it("has a chaptered class segment and an unchaptered one", () => {
    const classes = WORKOUTS.flatMap((w) => w.segments.filter((s) => s.kind === "class"));
    expect(classes.some((s) => s.kind === "class" && (s.chapters?.length ?? 0) > 0)).toBe(true);
    expect(classes.some((s) => s.kind === "class" && s.chapters === undefined)).toBe(true);
  });

  it("has the 40-segment benchmark workout", () => {
    const w = WORKOUTS.filter((x) => x.segments.length === 40);
    expect(w.length).toBeGreaterThanOrEqual(1);
    expect(w.some((x) => x.key === "full-body-ladder")).toBe(true);
  });

  it("last 10 to 45 minutes", () => {
    for (const w of WORKOUTS) {
      const min = w.segments.reduce((a, s) => a + segmentSeconds(s, 0, 0), 0);
      const max = w.segments.reduce((a, s) => a + segmentSeconds(s, 20, 60), 0);
      expect(min, `${w.key} too short`).toBeGreaterThanOrEqual(600);
      expect(max, `${w.key} too long`).toBeLessThanOrEqual(2700);
    }
  });
});

describe("plans", () => {
  it("reference existing goals, categories and workouts", () => {
    expectUniqueKeys(PLANS, "plans");
    expect(PLANS.length).toBeGreaterThanOrEqual(4);
    expect(PLANS.filter((p) => p.visibility === "public").length).toBeGreaterThanOrEqual(3);
    expect(PLANS.filter((p) => p.visibility === "private").length).toBeGreaterThanOrEqual(1);
    for (const p of PLANS) {
      expectLocales(p.name, PLAN_LOCALES, `plan ${p.key} name`);
      expectLocales(p.description, PLAN_LOCALES, `plan ${p.key} description`);
      for (const g of p.goalKeys) expect(goalKeys.has(g), `${p.key} goal ${g}`).toBe(true);
      for (const c of p.categoryKeys) expect(categoryKeys.has(c), `${p.key} category ${c}`).toBe(true);
      expect(p.durationWeeks >= 2 && p.durationWeeks <= 6).toBe(true);
      for (const e of p.schedule) {
        expect(workoutKeys.has(e.workoutKey), `${p.key} workout ${e.workoutKey}`).toBe(true);
        expect(e.week >= 1 && e.week <= p.durationWeeks).toBe(true);
        expect(e.day >= 1 && e.day <= 7).toBe(true);
      }
      for (let week = 1; week <= p.durationWeeks; week++) {
        const days = p.schedule.filter((e) => e.week === week).map((e) => e.day);
        expect(days.length, `${p.key} week ${week}`).toBe(p.daysPerWeek);
        expect(new Set(days).size).toBe(days.length);
      }
    }
  });
});

describe("music", () => {
  it("has 8 tracks of 20-40 s and overlapping pools", () => {
    expectUniqueKeys(MUSIC_TRACKS, "tracks");
    expect(MUSIC_TRACKS.length).toBe(8);
    for (const t of MUSIC_TRACKS) expect(t.durationSeconds >= 20 && t.durationSeconds <= 40).toBe(true);
    expectUniqueKeys(MUSIC_POOLS, "pools");
    expect(MUSIC_POOLS.filter((p) => p.owner === "organization").length).toBe(1);
    for (const t of TRAINERS) expect(MUSIC_POOLS.filter((p) => p.owner === t.key).length).toBe(1);
    for (const p of MUSIC_POOLS) {
      expect(p.owner === "organization" || trainerKeys.has(p.owner), `pool owner ${p.owner}`).toBe(true);
      for (const k of p.trackKeys) expect(trackKeys.has(k), `${p.key} track ${k}`).toBe(true);
    }
    const counts = new Map<string, number>();
    for (const p of MUSIC_POOLS) for (const k of p.trackKeys) counts.set(k, (counts.get(k) ?? 0) + 1);
    expect([...counts.values()].some((n) => n > 1)).toBe(true);
  });
});

describe("methodologies", () => {
  it("has the expected profile mix and valid references", () => {
    expectUniqueKeys(METHODOLOGIES, "methodologies");
    const team = METHODOLOGIES.filter((m) => m.scope === "team");
    expect(team.filter((m) => m.active && m.isTeamDefault).length).toBe(1);
    expect(team.filter((m) => m.active && !m.isTeamDefault).length).toBeGreaterThanOrEqual(1);
    expect(METHODOLOGIES.filter((m) => !m.active).length).toBeGreaterThanOrEqual(1);
    expect(METHODOLOGIES.filter((m) => m.scope === "personal").length).toBeGreaterThanOrEqual(1);
    for (const m of METHODOLOGIES) {
      for (const k of m.rules.bannedExerciseKeys ?? []) expect(exerciseByKey.has(k), `${m.key} banned ${k}`).toBe(true);
      if (m.scope === "personal") expect(trainerKeys.has(m.ownerTrainerKey ?? ""), `${m.key} owner`).toBe(true);
      if (m.rules.restSecondsMin !== undefined && m.rules.restSecondsMax !== undefined) {
        expect(m.rules.restSecondsMin).toBeLessThanOrEqual(m.rules.restSecondsMax);
      }
    }
  });
});

describe("stock, groups and drops", () => {
  it("stock clips reference existing data", () => {
    expectUniqueKeys(STOCK_EXERCISES, "stock");
    expect(STOCK_EXERCISES.length).toBe(24);
    expect(STOCK_EXERCISES.some((s) => s.tier === "free")).toBe(true);
    expect(STOCK_EXERCISES.some((s) => s.tier === "premium")).toBe(true);
    for (const s of STOCK_EXERCISES) {
      expectLocales(s.name, ["en-US", "de-DE"], `stock ${s.key}`);
      expect(exerciseByKey.has(s.mediaClipKey), `${s.key} clip`).toBe(true);
      for (const m of s.muscleGroupKeys) expect(muscleKeys.has(m), `${s.key} muscle ${m}`).toBe(true);
      for (const e of s.equipmentKeys) expect(equipmentKeys.has(e), `${s.key} equipment ${e}`).toBe(true);
    }
  });

  it("exercise groups reference existing exercises", () => {
    expectUniqueKeys(EXERCISE_GROUPS, "groups");
    expect(EXERCISE_GROUPS.length).toBe(5);
    for (const g of EXERCISE_GROUPS) {
      expectLocales(g.name, PLAN_LOCALES, `group ${g.key}`);
      expect(g.items.length).toBeGreaterThan(0);
      for (const i of g.items) {
        expect(exerciseByKey.has(i.exerciseKey), `${g.key} ${i.exerciseKey}`).toBe(true);
        expect((i.workSeconds !== undefined) !== (i.reps !== undefined)).toBe(true);
      }
    }
  });

  it("drops reference existing sources", () => {
    expectUniqueKeys(DROPS, "drops");
    expect(DROPS.filter((d) => d.status === "ready").length).toBe(2);
    expect(DROPS.filter((d) => d.status === "processing").length).toBe(1);
    for (const d of DROPS) {
      if (d.sourceType === "workout") expect(workoutKeys.has(d.sourceKey), d.key).toBe(true);
      else expect(exerciseByKey.has(d.sourceKey), d.key).toBe(true);
      expect(d.aspectRatios.length * d.durations.length).toBeGreaterThan(0);
      expect(d.copyPack.hashtags.length).toBeGreaterThan(0);
    }
  });
});

const MANIFEST_PATH = fileURLToPath(new URL("../media/manifest.json", import.meta.url));
type ManifestEntry = { durationSeconds?: number; scriptText?: string };

describe.skipIf(!fs.existsSync(MANIFEST_PATH))("generated media manifest", () => {
  const manifest = (): Record<string, ManifestEntry> => JSON.parse(fs.readFileSync(MANIFEST_PATH, "utf8"));

  it("has a clip for every exercise and instruction audio whose transcript matches the data", () => {
    const m = manifest();
    for (const e of EXERCISES) {
      expect(m[`clips/${e.key}.mp4`], `clip ${e.key}`).toBeDefined();
      for (const l of INSTRUCTION_LOCALES) {
        const entry = m[`audio/instructions/${e.key}.${l}.m4a`];
        expect(entry, `instruction audio ${e.key} ${l}`).toBeDefined();
        expect(entry?.scriptText, `scriptText ${e.key} ${l}`).toBe(e.instructions[l]);
      }
    }
  });

  it("has music files of the declared length and the shared segment media", () => {
    const m = manifest();
    for (const t of MUSIC_TRACKS) {
      const entry = m[`music/${t.key}.m4a`];
      expect(entry, `music ${t.key}`).toBeDefined();
      expect(Math.abs((entry?.durationSeconds ?? 0) - t.durationSeconds), `music ${t.key} length`).toBeLessThan(0.5);
    }
    for (const key of ["class-flow", "multi-circuit", "promo-spot", "edu-breathing"]) {
      expect(m[`video/${key}.mp4`], `video ${key}`).toBeDefined();
    }
    expect(Math.abs((m["video/class-flow.mp4"]?.durationSeconds ?? 0) - CLASS_MEDIA_SECONDS)).toBeLessThan(0.5);
  });
});
