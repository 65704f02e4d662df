/**
 * POST /v1/orgs/{organizationId}/workouts/recommend. The pool is the published public workouts
 * of the workspace (rule 8), pre-ranked in SQL and re-ranked here with the profile and, when the
 * member is named, their sessions and feedback; then diversified. A model, when configured, may
 * reorder the engine's candidates and phrase the reasons; ids it invents are discarded.
 */
import type { Db } from "@/db/client";
import { listEndUserHistory } from "@/db/queries/ai";
import type { WorkoutRefRow } from "@/db/queries/catalog";
import { type RankedItem, type RankableWorkout, type RankingProfile, diversify, readHistory, reasonText, scoreWorkout } from "@/server/ai/engine/recommender";
import { PLATFORM, defaultSessionMinutes, levelOf } from "@/server/ai/knowledge";
import { callModel } from "@/server/ai/model-call";
import { RECOMMEND_SYSTEM, RecommendModelOutput, recommendPrompt } from "@/server/ai/prompts/recommend";
import { getLanguageModel } from "@/server/ai/providers/model";
import { allowedEquipmentFor } from "@/server/ai/rules";
import { clean } from "@/server/ai/workout-engine";
import type { RecommendWorkoutsInput } from "@/server/contracts/ai";
import { type Locale, pickText, resolveReadLocale } from "@/server/core/locale";
import { publicMediaUrl, signMediaUrl } from "@/server/media/signing";
import { SerializedJson } from "@/server/core/serialized-json";
import { VersionedCache, cacheKey } from "@/server/services/content/list-cache";
import type { CatalogWorkout } from "@/db/queries/catalog";
import {
  type RankedCatalogWorkout,
  cachedWorkoutCards,
  cachedWorkoutCatalog,
  cachedWorkoutFacts,
  catalogSnapshotId,
  rankedPublicWorkouts,
} from "./catalog-cache";
import { assertReferenceIds, goalCategoryKeys, resolveMember } from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";

type WorkoutRow = WorkoutRefRow;

const CANDIDATES = 150;

/**
 * Answers for profiles that name no member, serialized: with the deterministic engine they are a
 * pure function of the request, the workspace's catalog snapshot (versioned by count, latest edit
 * and latest rating of its published workouts, read on every request) and the reference data, so
 * a repeated profile is served from memory and still exact. Member profiles (history) and model
 * answers are computed every time. The TTL keeps signed preview URLs days from expiry.
 */
const answers = new VersionedCache<SerializedJson>(2_000, 5 * 60_000);
const referenceIds = new WeakMap<object, number>();
let nextReferenceId = 1;

export async function recommendWorkoutsResponse(db: Db, organizationId: string, body: RecommendWorkoutsInput): Promise<SerializedJson> {
  const serialize = (catalog?: CatalogWorkout[]) => recommendWorkouts(db, organizationId, body, { catalog }).then((r) => new SerializedJson(JSON.stringify(r)));
  if (body.endUserProfileDetails?.endUserId || getLanguageModel()) return serialize();
  const [catalog, ref] = await Promise.all([cachedWorkoutCatalog(db, organizationId), getReferenceIndex(db)]);
  let refId = referenceIds.get(ref);
  if (refId === undefined) {
    refId = nextReferenceId++;
    referenceIds.set(ref, refId);
  }
  return answers.load(`${organizationId}:${cacheKey(body)}`, `${catalogSnapshotId(catalog)}:${refId}`, () => serialize(catalog));
}

/**
 * `useModel: false` ranks with the engine alone even when a model is configured (the coach chat
 * grounds its own model call on this ranking and should not wait for a second one).
 */
export async function recommendWorkouts(db: Db, organizationId: string, body: RecommendWorkoutsInput, opts: { useModel?: boolean; catalog?: CatalogWorkout[] } = {}) {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "categoryIds", ids: body.categoryIds, kind: "category" },
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
  ]);
  const locale = resolveReadLocale(body.locale);
  const level = levelOf(profile.fitnessLevels);
  // The member's history and the catalog's version check run side by side.
  const [historyRows, catalog] = await Promise.all([
    resolveMember(db, organizationId, profile.endUserId).then((member) => (member ? listEndUserHistory(db, organizationId, member.id) : [])),
    opts.catalog ?? cachedWorkoutCatalog(db, organizationId),
  ]);
  const history = readHistory(historyRows, level);
  const goalKeys = goalCategoryKeys(ref, profile.goalIds);
  const goalCategoryIds = goalKeys.map((k) => ref.categoryByKey.get(k)!.id);
  const targetSeconds = defaultSessionMinutes(history.targetLevel, profile.trainingDaysPerWeek) * 60;

  const { total, ranked: all } = await rankedPublicWorkouts(db, {
    organizationId,
    catalog,
    categoryIds: body.categoryIds,
    levelRank: ["beginner", "intermediate", "advanced"].indexOf(history.targetLevel),
    goalCategoryIds,
    targetSeconds,
    limit: CANDIDATES,
  });
  const rows = all;
  if (rows.length === 0) {
    return {
      workouts: [],
      reasoning: body.categoryIds?.length
        ? "No published public workout of this workspace is in the requested categories."
        : "This workspace has no published public workouts to recommend yet.",
    };
  }
  const facts = await cachedWorkoutFacts(db, rows);
  const rankingProfile: RankingProfile = {
    level,
    targetLevel: history.targetLevel,
    goalCategoryIds,
    goalNames: (profile.goalIds ?? []).map((id) => pickText(ref.goalById.get(id)?.name)),
    allowedEquipmentIds: allowedEquipmentFor(profile.preferredEquipmentCategoryIds, ref),
    targetSeconds,
    trainingDaysPerWeek: profile.trainingDaysPerWeek,
    age: profile.age,
    history: new Map(historyRows.map((h) => [h.workoutId, h])),
    favouriteCategoryIds: history.favourites,
    categoryNames: new Map([...ref.categoryById.values()].map((c) => [c.id, pickText(c.name)])),
  };
  type Item = RankableWorkout & { row: RankedCatalogWorkout };
  const ranked: RankedItem<Item>[] = rows.map((row) => {
    const f = facts.get(row.id);
    const item: Item = { ...row, equipmentIds: f?.equipmentIds ?? [], hasHighImpact: f?.hasHighImpact ?? false, row };
    return scoreWorkout(item, rankingProfile) as RankedItem<Item>;
  });
  let picked = diversify(ranked, PLATFORM.recommendLimit);
  const texts = new Map(picked.map((p) => [p.item.id, reasonText(p.reasons, "A well-rounded session from your library.")]));
  let reasoning = overallReasoning(total, picked, rankingProfile, history, profile.goalIds?.length ?? 0, ref, body.categoryIds);

  const model = opts.useModel === false ? null : getLanguageModel();
  if (model) {
    const pool = diversify(ranked, 24);
    const poolCards = await cachedWorkoutCards(
      db,
      organizationId,
      pool.map((p) => p.item.row),
    );
    const names = new Map([...poolCards.values()].map((r) => [r.id, pickText(r.name)]));
    const answer = await callModel(model, {
      name: "recommend_workouts",
      schema: RecommendModelOutput,
      system: RECOMMEND_SYSTEM,
      prompt: recommendPrompt({
        kind: "workouts",
        limit: PLATFORM.recommendLimit,
        language: locale,
        profileLines: profileLines(profile, level, history),
        candidates: pool.map((p) => ({
          id: p.item.id,
          line: `${names.get(p.item.id) ?? ""} | ${p.item.difficulty} | ${Math.round(p.item.duration / 60)} min | ${p.item.categoryIds.map((c) => rankingProfile.categoryNames.get(c)).join(", ")} | engine reasons: ${p.reasons.slice(0, 3).join("; ")}`,
        })),
      }),
    });
    if (answer.ok) {
      const byId = new Map(pool.map((p) => [p.item.id, p]));
      const chosen = [...new Map(answer.value.items.filter((i) => byId.has(i.id)).map((i) => [i.id, i])).values()];
      if (chosen.length) {
        const rest = picked.filter((p) => !chosen.some((c) => c.id === p.item.id));
        picked = [...chosen.map((c) => byId.get(c.id)!), ...rest].slice(0, PLATFORM.recommendLimit);
        for (const c of chosen) texts.set(c.id, clean(c.recommendation, 400));
        reasoning = clean(answer.value.reasoning, 800);
      }
    }
  }

  const details = await cachedWorkoutCards(
    db,
    organizationId,
    picked.map((p) => p.item.row),
  );
  return {
    workouts: picked.filter((p) => details.has(p.item.id)).map((p) => presentWorkout(details.get(p.item.id)!, texts.get(p.item.id)!, locale, ref.categoryById)),
    reasoning,
  };
}

function profileLines(profile: NonNullable<RecommendWorkoutsInput["endUserProfileDetails"]>, level: string, history: ReturnType<typeof readHistory>): string[] {
  return [
    `Level: ${level}${history.targetLevel !== level ? ` (feedback suggests ${history.targetLevel})` : ""}.`,
    profile.age !== undefined ? `Age: ${profile.age}.` : "",
    profile.gender ? `Gender: ${profile.gender}.` : "",
    profile.trainingDaysPerWeek ? `Trains ${profile.trainingDaysPerWeek} days a week.` : "",
    history.sessions ? `History: ${history.sessions} sessions, ${history.feedback} feedback entries.` : "",
  ].filter(Boolean);
}

function overallReasoning(
  poolSize: number,
  picked: RankedItem<RankableWorkout>[],
  p: RankingProfile,
  history: ReturnType<typeof readHistory>,
  goals: number,
  ref: Awaited<ReturnType<typeof getReferenceIndex>>,
  categoryIds: string[] | undefined,
): string {
  const cats = new Map<string, number>();
  for (const x of picked) for (const c of x.item.categoryIds) cats.set(c, (cats.get(c) ?? 0) + 1);
  const top = [...cats.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([c]) => pickText(ref.categoryById.get(c)?.name).toLowerCase());
  const parts = [
    `Ranked ${poolSize} published public workout${poolSize === 1 ? "" : "s"}${categoryIds?.length ? " in the requested categories" : ""} for a ${p.level} member`,
    goals ? ` with ${goals === 1 ? "one goal" : `${goals} goals`} (${p.goalNames.join(", ").toLowerCase()})` : "",
    history.sessions
      ? `, using ${history.sessions} past session${history.sessions === 1 ? "" : "s"} and ${history.feedback} feedback entr${history.feedback === 1 ? "y" : "ies"}`
      : "",
    history.targetLevel !== p.level ? `; feedback moved the target level to ${history.targetLevel}` : "",
    `. Picked ${picked.length} for variety across ${top.join(", ") || "the library"}.`,
  ];
  return parts.join("");
}

function presentWorkout(row: WorkoutRow, recommendation: string, locale: Locale, categories: Map<string, { name: Record<string, string> }>) {
  return {
    id: row.id,
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    duration: row.duration,
    difficulty: row.difficulty,
    thumbnailUrl: row.thumbnailKey ? publicMediaUrl(row.thumbnailKey) : null,
    recommendation,
    categories: row.categoryIds.map((id) => ({ id, name: pickText(categories.get(id)?.name, locale) })),
    preview: {
      url: row.previewVideoKey ? signMediaUrl(row.previewVideoKey) : null,
      poster: row.previewPosterKey ? publicMediaUrl(row.previewPosterKey) : null,
      thumbnail: row.previewThumbnailKey ? publicMediaUrl(row.previewThumbnailKey) : null,
    },
  };
}
