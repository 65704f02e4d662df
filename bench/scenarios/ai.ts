import { sql } from "drizzle-orm";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import { markExportsChecked } from "../export-checks";
import type { BenchContext, BenchRequest, Scenario } from "../types";

/**
 * Issue #5: AI recommend, generate, adapt and plan generate with the deterministic engine on a
 * workspace of 5,000 exercise clips and 10,000 workouts (10 exercise segments and 9 breaks each,
 * two categories each), 30 plans, a methodology profile and a member with 60 rated sessions.
 * Everything is bulk-inserted with generate_series into a fresh organization.
 */
const EXERCISES = 5_000;
const WORKOUTS = 10_000;
const PLANS = 30;

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLiteral = (xs: string[]) => `array[${xs.map(literal).join(",")}]::text[]`;
const pick = (xs: string[], idx: string) => `(${arrayLiteral(xs)})[1 + (${idx}) % ${xs.length}]`;

const CLIPS = [
  "squat",
  "lunge",
  "reverse-lunge",
  "jump-squat",
  "push-up",
  "knee-push-up",
  "plank",
  "side-plank",
  "mountain-climber",
  "burpee",
  "jumping-jack",
  "high-knees",
  "glute-bridge",
  "dead-bug",
  "bird-dog",
  "bicycle-crunch",
  "russian-twist",
  "superman",
  "tricep-dip",
  "pike-push-up",
  "dumbbell-row",
  "dumbbell-shoulder-press",
  "dumbbell-bicep-curl",
  "goblet-squat",
  "romanian-deadlift",
  "kettlebell-swing",
  "band-pull-apart",
  "band-squat",
  "skater-jump",
  "inchworm",
  "bear-crawl",
  "wall-sit",
  "calf-raise",
  "step-up",
  "lateral-lunge",
  "hip-thrust",
  "v-up",
  "flutter-kick",
  "downward-dog",
  "childs-pose",
  "cat-cow",
  "worlds-greatest-stretch",
];
const COLLECTIONS = ["Foundations", "HIIT Essentials", "Strength Lab", "Core Series", "Mobility Flow", "Athletic Prep", "Desk Reset", "Power Hour"];
const PATTERNS = ["squat", "hinge", "lunge", "push", "pull", "core", "locomotion", "mobility", "plyometric", "carry"];

interface Workspace {
  organizationId: string;
  apiKey: string;
  workoutIds: string[];
  planIds: string[];
  memberId: string;
  methodologyId: string;
  ids: { categories: Record<string, string>; goals: Record<string, string>; muscles: string[]; equipmentCategories: Record<string, string> };
}

let workspace: Promise<Workspace> | null = null;

function aiWorkspace(ctx: BenchContext): Promise<Workspace> {
  workspace ??= (async () => {
    const started = Date.now();
    const db = ctx.db;
    const organizationId = await createOrganization(db, { name: "Bench: AI 5k exercises, 10k workouts", subscriptionPlan: "internal" });
    const { key: apiKey } = await createApiKey(db, { organizationId, kind: "team", name: "bench" });
    const org = literal(organizationId);
    const exId = (expr: string) => `${literal(organizationId.slice(0, 8))} || lpad(to_hex(${expr}), 16, '0')`;
    const wId = (expr: string) => `${literal(organizationId.slice(0, 6))} || 'aa' || lpad(to_hex(${expr}), 16, '0')`;
    const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => [...(await db.execute<T>(q))];
    const categories = await rows<{ id: string; key: string }>(sql`select id, key from categories order by sort_order, key`);
    const muscles = (await rows<{ id: string }>(sql`select id from muscle_groups order by sort_order, key`)).map((r) => r.id);
    const equipment = (await rows<{ id: string }>(sql`select id from equipment where key <> 'mat' order by sort_order, key`)).map((r) => r.id);
    const goals = await rows<{ id: string; key: string }>(sql`select id, key from goals`);
    const eqCats = await rows<{ id: string; key: string }>(sql`select id, key from equipment_categories`);
    const catKeys = categories.map((c) => c.key);
    const catIds = categories.map((c) => c.id);

    // 5,000 clips: three skill levels, a sixth high impact, a tenth stretches (mobility pattern), a third with equipment.
    await db.execute(
      sql.raw(`
      insert into video_assets (id, organization_id, kind, name, description, search_text, skill_level, execution_side, coach, collection_name,
        estimated_rep_duration, impact, movement_pattern, is_stretch, category_keys, video_key, poster_key, thumbnail_key, duration_seconds, created_at)
      select ${exId("i")}, ${org}, 'single-exercise',
        jsonb_build_object('en-US', 'Bench Move ' || i, 'de-DE', 'Bench-Übung ' || i), jsonb_build_object('en-US', 'A benchmark exercise, number ' || i || '.'),
        'bench move ' || i, (array['beginner','intermediate','advanced'])[1 + i % 3], 'both', 'Bench Coach', ${pick(COLLECTIONS, "i / 7")},
        (1 + i % 5)::real, case when i % 6 = 0 then 'high' else 'low' end, ${pick(PATTERNS, "i")}, i % 10 = 7,
        array[${pick(catKeys, "i")}, ${pick(catKeys, "i / 11")}],
        'seed/clips/' || ${pick(CLIPS, "i")} || '.mp4', 'seed/posters/' || ${pick(CLIPS, "i")} || '.jpg', 'seed/thumbs/' || ${pick(CLIPS, "i")} || '.jpg',
        4, now() - make_interval(secs => i)
      from generate_series(1, ${EXERCISES}) i`),
    );
    await db.execute(
      sql.raw(`
      insert into video_asset_muscle_groups (video_asset_id, muscle_group_id, share)
      select ${exId("i")}, ${pick(muscles, "i")}, 0.6 from generate_series(1, ${EXERCISES}) i
      union all
      select ${exId("i")}, (${arrayLiteral(muscles)})[1 + (i % ${muscles.length} + 1 + (i / ${muscles.length}) % ${muscles.length - 1}) % ${muscles.length}], 0.4
      from generate_series(1, ${EXERCISES}) i`),
    );
    await db.execute(
      sql.raw(`
      insert into video_asset_equipment (video_asset_id, equipment_id)
      select ${exId("i")}, ${pick(equipment, "i / 3")} from generate_series(1, ${EXERCISES}) i where i % 3 = 0`),
    );

    // 10,000 workouts: 85% public, all published, two categories, 10 exercises and 9 breaks each;
    // a workout only uses clips at or below its difficulty (clip i has skill i % 3).
    await db.execute(
      sql.raw(`
      insert into workouts (id, organization_id, name, description, search_text, duration, difficulty, visibility, status, source,
        thumbnail_key, preview_video_key, preview_poster_key, preview_thumbnail_key, rating_sum, rating_count, created_at, published_at)
      select ${wId("i")}, ${org}, jsonb_build_object('en-US', 'Bench Workout ' || i, 'de-DE', 'Bench-Training ' || i),
        jsonb_build_object('en-US', 'Benchmark workout number ' || i || '.'), 'bench workout ' || i,
        10 * (40 + (i % 3) * 10) + 9 * 20, (array['beginner','intermediate','advanced'])[1 + i % 3],
        case when i % 7 = 0 then 'private' else 'public' end, 'published', case when i % 9 = 0 then 'template' else 'team' end,
        'seed/thumbs/' || ${pick(CLIPS, "i")} || '.jpg', 'seed/clips/' || ${pick(CLIPS, "i")} || '.mp4',
        'seed/posters/' || ${pick(CLIPS, "i")} || '.jpg', 'seed/thumbs/' || ${pick(CLIPS, "i")} || '.jpg',
        (i % 5) * 4, i % 5, now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${WORKOUTS}) i`),
    );
    await db.execute(
      sql.raw(`
      insert into workout_categories (workout_id, category_id)
      select ${wId("i")}, c from generate_series(1, ${WORKOUTS}) i,
        lateral (select distinct unnest(array[${pick(catIds, "i")}, ${pick(catIds, "i / 5")}]) c) x`),
    );
    await db.execute(
      sql.raw(`
      insert into workout_segments (id, workout_id, position, kind, video_asset_id, duration_seconds, work_seconds, pace, break_image_key)
      select ${literal(organizationId.slice(0, 6))} || 'bb' || lpad(to_hex(i * 32 + p), 16, '0'), ${wId("i")}, p,
        case when p % 2 = 0 then 'exercise' else 'break' end,
        case when p % 2 = 0 then ${exId(`3 * (1 + (i * 7 + p * 13) % ${Math.floor(EXERCISES / 3) - 2}) + (p / 2) % (1 + i % 3)`)} end,
        case when p % 2 = 0 then 40 + (i % 3) * 10 else 20 end,
        case when p % 2 = 0 then 40 + (i % 3) * 10 end,
        case when p % 2 = 0 then 'moderate' end,
        case when p % 2 = 1 then 'seed/images/break.jpg' end
      from generate_series(1, ${WORKOUTS}) i, generate_series(0, 18) p`),
    );

    await markExportsChecked(db, organizationId);

    // 30 public plans of 4 weeks x 3 days, from the bench workouts.
    const goalIds = goals.map((g) => g.id);
    await db.execute(
      sql.raw(`
      insert into plans (id, organization_id, name, description, search_text, difficulty, visibility, status, source, goal_ids, category_ids, duration_weeks, days_per_week)
      select ${literal(organizationId.slice(0, 6))} || 'cc' || lpad(to_hex(i), 16, '0'), ${org}, jsonb_build_object('en-US', 'Bench Plan ' || i),
        jsonb_build_object('en-US', 'Benchmark plan ' || i || '.'), 'bench plan ' || i, (array['beginner','intermediate','advanced'])[1 + i % 3],
        'public', 'published', 'team', array[${pick(goalIds, "i")}], array[${pick(catIds, "i")}], 4, 3
      from generate_series(1, ${PLANS}) i`),
    );
    await db.execute(
      sql.raw(`
      insert into plan_workouts (id, plan_id, week, day, position, workout_id)
      select ${literal(organizationId.slice(0, 6))} || 'dd' || lpad(to_hex(i * 64 + w * 8 + d), 16, '0'), ${literal(organizationId.slice(0, 6))} || 'cc' || lpad(to_hex(i), 16, '0'),
        w, (array[1,3,5])[d], 0, ${wId(`1 + (i * 97 + w * 13 + d * 7) % ${WORKOUTS}`)}
      from generate_series(1, ${PLANS}) i, generate_series(1, 4) w, generate_series(1, 3) d`),
    );

    // A member with history (60 rated sessions), feedback options and a methodology profile.
    const memberId = `${organizationId.slice(0, 6)}ee${"0".repeat(15)}1`;
    await db.execute(
      sql`insert into end_users (id, organization_id, email, external_id, name) values (${memberId}, ${organizationId}, ${`bench.${organizationId.slice(-6)}@example.com`}, ${`bench-${organizationId.slice(-6)}`}, 'Bench Member')`,
    );
    await db.execute(
      sql.raw(`
      insert into feedback_options (id, organization_id, kind, key, value, label) values
        (${literal(`${organizationId.slice(0, 6)}ff${"0".repeat(15)}1`)}, ${org}, 'difficulty', 'too-easy', 1, '{"en-US":"Too easy"}'),
        (${literal(`${organizationId.slice(0, 6)}ff${"0".repeat(15)}2`)}, ${org}, 'difficulty', 'just-right', 2, '{"en-US":"Just right"}'),
        (${literal(`${organizationId.slice(0, 6)}ff${"0".repeat(15)}3`)}, ${org}, 'difficulty', 'too-hard', 3, '{"en-US":"Too hard"}'),
        (${literal(`${organizationId.slice(0, 6)}ff${"0".repeat(15)}4`)}, ${org}, 'rating', 'excellent', 5, '{"en-US":"Excellent"}')`),
    );
    await db.execute(
      sql.raw(`
      insert into workout_sessions (id, workout_id, organization_id, end_user_id, status, duration, progress, expected_duration, completed_at, created_at)
      select ${literal(organizationId.slice(0, 6))} || '11' || lpad(to_hex(i), 16, '0'), ${wId(`1 + (i * 131) % ${WORKOUTS}`)}, ${org}, ${literal(memberId)},
        'completed', 1200, 1, 1200, now() - make_interval(days => i), now() - make_interval(days => i)
      from generate_series(1, 60) i`),
    );
    await db.execute(
      sql.raw(`
      insert into workout_feedback (id, session_id, workout_id, organization_id, end_user_id, rating_option_id, difficulty_option_id)
      select ${literal(organizationId.slice(0, 6))} || '22' || lpad(to_hex(i), 16, '0'), ${literal(organizationId.slice(0, 6))} || '11' || lpad(to_hex(i), 16, '0'),
        ${wId(`1 + (i * 131) % ${WORKOUTS}`)}, ${org}, ${literal(memberId)}, ${literal(`${organizationId.slice(0, 6)}ff${"0".repeat(15)}4`)},
        ${literal(organizationId.slice(0, 6))} || 'ff' || repeat('0', 15) || (1 + i % 3)::text
      from generate_series(1, 60) i`),
    );
    const methodologyId = `${organizationId.slice(0, 6)}ab${"0".repeat(15)}1`;
    await db.execute(sql`insert into methodology_profiles (id, organization_id, scope, name, version, applicability, is_active, rule_summary, guidance, rules)
      values (${methodologyId}, ${organizationId}, 'team', 'Bench Balanced', '1.0', 'both', true, 'Warm-up, cool-down, 20-60 s work, 10-90 s rest.',
        'Alternate upper and lower body; no jumping for beginners.',
        ${JSON.stringify({ requireWarmup: true, requireCooldown: true, restSecondsMin: 10, restSecondsMax: 90, workSecondsMin: 20, workSecondsMax: 60, maxConsecutiveSetsPerMuscleGroup: 3 })}::jsonb)`);
    for (const t of [
      "video_assets",
      "video_asset_muscle_groups",
      "video_asset_equipment",
      "workouts",
      "workout_categories",
      "workout_segments",
      "plans",
      "plan_workouts",
    ]) {
      await db.execute(sql.raw(`vacuum analyze ${t}`));
    }
    const workoutIds = (
      await rows<{ id: string }>(sql`select id from workouts where organization_id = ${organizationId} and source = 'team' order by id limit 200`)
    ).map((r) => r.id);
    const planIds = (await rows<{ id: string }>(sql`select id from plans where organization_id = ${organizationId} order by id`)).map((r) => r.id);
    console.error(`  prepared ${EXERCISES} exercises, ${WORKOUTS} workouts and ${PLANS} plans in ${Math.round((Date.now() - started) / 1000)} s`);
    return {
      organizationId,
      apiKey,
      workoutIds,
      planIds,
      memberId,
      methodologyId,
      ids: {
        categories: Object.fromEntries(categories.map((c) => [c.key, c.id])),
        goals: Object.fromEntries(goals.map((g) => [g.key, g.id])),
        muscles,
        equipmentCategories: Object.fromEntries(eqCats.map((c) => [c.key, c.id])),
      },
    };
  })();
  return workspace;
}

const post = (path: string, apiKey: string, body: unknown): BenchRequest => ({
  method: "POST",
  path,
  headers: { "x-api-key": apiKey },
  body: JSON.stringify(body),
});

/**
 * Sends every request once before measuring, so the figures are steady-state: the server's
 * catalog caches (exercise pool, workout catalog, workout facts) are warm, as in a running service.
 */
async function warm(ctx: BenchContext, requests: BenchRequest[]): Promise<BenchRequest[]> {
  if (!ctx.baseUrl) return requests;
  for (const r of requests) {
    const res = await fetch(`${ctx.baseUrl}${r.path}`, { method: r.method, headers: { "content-type": "application/json", ...r.headers }, body: r.body });
    if (res.status !== 200) throw new Error(`warm-up ${r.path} answered ${res.status}: ${await res.text()}`);
  }
  return requests;
}
const LEVELS = [["beginner"], ["intermediate"], ["advanced"], ["beginner", "intermediate"]];

export const scenarios: Scenario[] = [
  {
    name: "AI recommend: POST /v1/orgs/{org}/workouts/recommend (10k workouts)",
    issue: "#5",
    target: "p95 < 50 ms",
    passes: (r) => r.p95 < 50,
    connections: 2,
    prepare: async (ctx) => {
      const w = await aiWorkspace(ctx);
      const path = `/v1/orgs/${w.organizationId}/workouts/recommend`;
      const goalKeys = Object.keys(w.ids.goals);
      return warm(
        ctx,
        Array.from({ length: 24 }, (_, i) =>
          post(path, w.apiKey, {
            endUserProfileDetails: {
              fitnessLevels: LEVELS[i % LEVELS.length],
              goalIds: [w.ids.goals[goalKeys[i % goalKeys.length]!]],
              trainingDaysPerWeek: 2 + (i % 5),
              age: 20 + ((i * 7) % 55),
              ...(i % 3 === 0 ? { preferredEquipmentCategoryIds: [w.ids.equipmentCategories["free-weights"]] } : {}),
              ...(i % 4 === 0 ? { endUserId: w.memberId } : {}),
            },
            ...(i % 5 === 0 ? { categoryIds: [w.ids.categories.strength, w.ids.categories.hiit] } : {}),
            ...(i % 2 === 0 ? { locale: "de-DE" } : {}),
          }),
        ),
      );
    },
  },
  {
    name: "AI generate: POST /v1/orgs/{org}/workouts/generate (5k-exercise pool)",
    issue: "#5",
    target: "p95 < 200 ms",
    passes: (r) => r.p95 < 200,
    connections: 2,
    prepare: async (ctx) => {
      const w = await aiWorkspace(ctx);
      const path = `/v1/orgs/${w.organizationId}/workouts/generate`;
      const cats = ["strength", "hiit", "core", "mobility", "cardio", "pilates"];
      return warm(
        ctx,
        Array.from({ length: 24 }, (_, i) =>
          post(path, w.apiKey, {
            exerciseSources: i % 6 === 5 ? ["team_exercises", "free_stock", "premium_stock"] : ["team_exercises"],
            endUserProfileDetails: { fitnessLevels: LEVELS[i % LEVELS.length], age: 25 + ((i * 11) % 50) },
            durationOptions: { minMinutes: 15 + (i % 4) * 10, maxMinutes: 25 + (i % 4) * 10 },
            categoryId: w.ids.categories[cats[i % cats.length]!],
            ...(i % 3 === 0 ? { muscleGroupIds: [w.ids.muscles[i % w.ids.muscles.length]!, w.ids.muscles[(i + 5) % w.ids.muscles.length]!] } : {}),
            ...(i % 4 === 1 ? { excludeExerciseCollections: ["Power Hour"] } : {}),
            ...(i % 4 === 2 ? { methodologyProfileId: w.methodologyId } : {}),
            ...(i % 2 === 0 ? { locale: "fr-FR", userRequirements: "no jumping, focus on core, short rests" } : {}),
          }),
        ),
      );
    },
  },
  {
    name: "AI adapt: POST /v1/orgs/{org}/workouts/{id}/adapt (5k-exercise swap pool)",
    issue: "#5",
    target: "p95 < 200 ms",
    passes: (r) => r.p95 < 200,
    connections: 2,
    prepare: async (ctx) => {
      const w = await aiWorkspace(ctx);
      return warm(
        ctx,
        Array.from({ length: 24 }, (_, i) =>
          post(`/v1/orgs/${w.organizationId}/workouts/${w.workoutIds[i * 7]}/adapt`, w.apiKey, {
            endUserProfileDetails: {
              fitnessLevels: LEVELS[i % LEVELS.length],
              age: 30 + ((i * 13) % 45),
              ...(i % 3 === 0 ? { preferredEquipmentCategoryIds: [w.ids.equipmentCategories["mats-and-accessories"]] } : {}),
            },
            ...(i % 2 === 0 ? { userGuidance: "no jumping please, more rest" } : {}),
            ...(i % 4 === 0 ? { endUserProfileId: w.memberId } : {}),
          }),
        ),
      );
    },
  },
  {
    name: "AI plan generate: POST /v1/orgs/{org}/plans/generate (10k workouts)",
    issue: "#5",
    target: "p95 < 500 ms",
    passes: (r) => r.p95 < 500,
    connections: 2,
    prepare: async (ctx) => {
      const w = await aiWorkspace(ctx);
      const path = `/v1/orgs/${w.organizationId}/plans/generate`;
      const goalKeys = Object.keys(w.ids.goals);
      return warm(
        ctx,
        Array.from({ length: 24 }, (_, i) =>
          post(path, w.apiKey, {
            endUserProfileDetails: {
              fitnessLevels: LEVELS[i % LEVELS.length],
              goalIds: [w.ids.goals[goalKeys[i % goalKeys.length]!]],
              trainingDaysPerWeek: 2 + (i % 5),
              ...(i % 3 === 0 ? { endUserId: w.memberId } : {}),
            },
            ...(i % 4 === 0 ? { categoryIds: [w.ids.categories.strength, w.ids.categories.core, w.ids.categories.hiit] } : {}),
            ...(i % 4 === 1 ? { methodologyProfileId: w.methodologyId } : {}),
            ...(i % 2 === 0 ? { locale: "es-ES", durationWeeks: 8 } : {}),
          }),
        ),
      );
    },
  },
];
