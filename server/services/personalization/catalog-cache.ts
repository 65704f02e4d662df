/**
 * In-process caches of what the AI engines read on every request, so that a 5,000-clip or
 * 10,000-workout workspace costs one small indexed query per request instead of reloading:
 *
 * - the team exercise pool of an organization, and
 * - the lean catalog of its published workouts (difficulty, length, source, visibility,
 *   categories, rating),
 *
 * each keyed by a version read on every use (row count and latest `updated_at`, from an index;
 * for workouts also the latest `rated_at`), so an added, edited, rated, unpublished or deleted
 * row is seen by the next request; and
 *
 * - the content facts of workouts (clips, equipment, impact, sequence), keyed by the workout's
 *   `updated_at`, so an edited workout is re-read.
 *
 * Entries also expire after a few minutes, bounding staleness from writes that bypass
 * `updated_at` (such as editing a clip's muscle shares in SQL).
 */
import type { Tx } from "@/db/client";
import {
  type CatalogWorkout,
  type PoolRow,
  type WorkoutFactsRow,
  type WorkoutRefRow,
  listCatalogWorkouts,
  listTeamPoolExercises,
  listWorkoutFacts,
  listWorkoutsByIds,
  readPublishedWorkoutsVersion,
  readTeamExerciseVersion,
} from "@/db/queries/catalog";
import type { PoolExercise } from "@/server/ai/types";

const TTL_MS = 5 * 60_000;
const MAX_ORGS = 200;
const MAX_FACTS = 50_000;

interface Entry<T> {
  version: string;
  at: number;
  value: Promise<T>;
}

function remember<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>): void {
  map.delete(key);
  map.set(key, entry);
  while (map.size > MAX_ORGS) map.delete(map.keys().next().value!);
  entry.value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
}

async function cached<T>(map: Map<string, Entry<T>>, key: string, version: string, load: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value;
  const entry: Entry<T> = { version, at: Date.now(), value: load() };
  remember(map, key, entry);
  return entry.value;
}

// --- Team exercise pool ---------------------------------------------------------------------

const pools = new Map<string, Entry<PoolExercise[]>>();

export async function cachedTeamPool(db: Tx, organizationId: string): Promise<PoolExercise[]> {
  return cached(pools, organizationId, await readTeamExerciseVersion(db, organizationId), async () =>
    (await listTeamPoolExercises(db, organizationId)).map(toPoolExercise),
  );
}

/** A pool row as the engines use it (shares as numbers, muscles sorted largest first). */
export function toPoolExercise(r: PoolRow): PoolExercise {
  return {
    id: r.id,
    source: r.stockTier === "premium" ? "premium_stock" : r.stockTier === "free" ? "free_stock" : "team_exercises",
    nameEn: r.nameEn,
    skillLevel: r.skillLevel,
    collectionName: r.collectionName,
    coach: r.coach,
    estimatedRepDuration: Number(r.estimatedRepDuration) > 0 ? Number(r.estimatedRepDuration) : 3,
    impact: r.impact,
    movementPattern: r.movementPattern,
    isStretch: r.isStretch,
    categoryKeys: r.categoryKeys ?? [],
    muscles: (r.muscles ?? []).map(([m, s]) => [m, Number(s)] as [string, number]),
    equipmentIds: r.equipmentIds ?? [],
  };
}

// --- Workout catalog ------------------------------------------------------------------------


const catalogs = new Map<string, Entry<CatalogWorkout[]>>();

/** A stable number per loaded catalog snapshot (a new snapshot gets a new one): part of cache versions built on it. */
const snapshotIds = new WeakMap<CatalogWorkout[], number>();
let nextSnapshotId = 1;
export function catalogSnapshotId(catalog: CatalogWorkout[]): number {
  let id = snapshotIds.get(catalog);
  if (id === undefined) {
    id = nextSnapshotId++;
    snapshotIds.set(catalog, id);
  }
  return id;
}

/** Published workouts of an organization (all visibilities; callers filter). */
export async function cachedWorkoutCatalog(db: Tx, organizationId: string): Promise<CatalogWorkout[]> {
  return cached(catalogs, organizationId, await readPublishedWorkoutsVersion(db, organizationId), () => listCatalogWorkouts(db, organizationId));
}

// --- Workout facts --------------------------------------------------------------------------

const facts = new Map<string, { updatedAt: string; at: number; value: WorkoutFactsRow | undefined }>();

/** Content facts of workouts, re-read when a workout's `updated_at` moved. */
export async function cachedWorkoutFacts(db: Tx, workouts: { id: string; updatedAt: string }[]): Promise<Map<string, WorkoutFactsRow>> {
  const out = new Map<string, WorkoutFactsRow>();
  const missing: { id: string; updatedAt: string }[] = [];
  const now = Date.now();
  for (const w of workouts) {
    const hit = facts.get(w.id);
    if (hit && hit.updatedAt === w.updatedAt && now - hit.at < TTL_MS) {
      if (hit.value) out.set(w.id, hit.value);
    } else missing.push(w);
  }
  if (missing.length) {
    const loaded = await listWorkoutFacts(
      db,
      missing.map((w) => w.id),
    );
    for (const w of missing) {
      const value = loaded.get(w.id);
      facts.delete(w.id);
      facts.set(w.id, { updatedAt: w.updatedAt, at: now, value });
      if (value) out.set(w.id, value);
    }
    while (facts.size > MAX_FACTS) facts.delete(facts.keys().next().value!);
  }
  return out;
}

// --- Ranking the catalog --------------------------------------------------------------------

const DIFFICULTY_RANK = { beginner: 0, intermediate: 1, advanced: 2 } as const;

export type RankedCatalogWorkout = CatalogWorkout & { preScore: number };

/**
 * Published public workouts of the pool (sources and categories as hard filters), with a coarse
 * relevance score (difficulty fit, goal categories, length fit, rating), best first, cut to
 * `limit`. `total` is the size of the filtered pool before any ranking (rule 5 counts it).
 * Scores go into a flat array and only the returned rows are materialized, so a 10,000-workout
 * catalog ranks in a few milliseconds.
 */
export async function rankedPublicWorkouts(
  db: Tx,
  args: {
    organizationId: string;
    sources?: ("team" | "template" | "ai-generated")[];
    categoryIds?: string[];
    levelRank: number;
    goalCategoryIds: string[];
    targetSeconds: number;
    limit?: number;
    /** The catalog when the caller already holds it (saves the version query). */
    catalog?: CatalogWorkout[];
  },
): Promise<{ total: number; ranked: RankedCatalogWorkout[] }> {
  const catalog = args.catalog ?? (await cachedWorkoutCatalog(db, args.organizationId));
  // The ranking is a pure function of the catalog and the arguments: many profiles share one.
  const key = JSON.stringify([
    args.organizationId,
    args.sources ?? null,
    args.categoryIds ?? null,
    args.levelRank,
    args.goalCategoryIds,
    args.targetSeconds,
    args.limit ?? null,
  ]);
  const hit = rankings.get(key);
  if (hit && hit.catalog === catalog) return hit.result;
  const result = rankCatalog(catalog, args);
  rankings.delete(key);
  rankings.set(key, { catalog, result });
  while (rankings.size > MAX_RANKINGS) rankings.delete(rankings.keys().next().value!);
  return result;
}

const MAX_RANKINGS = 500;
const rankings = new Map<string, { catalog: CatalogWorkout[]; result: { total: number; ranked: RankedCatalogWorkout[] } }>();

function rankCatalog(
  catalog: CatalogWorkout[],
  args: { sources?: string[]; categoryIds?: string[]; levelRank: number; goalCategoryIds: string[]; targetSeconds: number; limit?: number },
): { total: number; ranked: RankedCatalogWorkout[] } {
  const sources = args.sources?.length ? new Set<string>(args.sources) : null;
  const categories = args.categoryIds?.length ? new Set(args.categoryIds) : null;
  const goals = new Set(args.goalCategoryIds);
  const picked: number[] = [];
  const scores = new Float64Array(catalog.length);
  for (let i = 0; i < catalog.length; i++) {
    const w = catalog[i]!;
    if (w.visibility !== "public") continue;
    if (sources && !sources.has(w.source)) continue;
    let inCategory = categories === null;
    let goalHits = 0;
    for (const c of w.categoryIds) {
      if (goals.has(c)) goalHits++;
      if (categories?.has(c)) inCategory = true;
    }
    if (!inCategory) continue;
    scores[i] =
      2 -
      Math.abs(DIFFICULTY_RANK[w.difficulty] - args.levelRank) * 1.5 +
      1.2 * goalHits -
      Math.min(Math.abs(w.duration - args.targetSeconds) / 900, 2) +
      (w.ratingCount > 0 ? (w.ratingSum / w.ratingCount - 3) * 0.3 : 0);
    picked.push(i);
  }
  // The catalog is ordered by id, so index order breaks ties by id.
  picked.sort((a, b) => scores[b]! - scores[a]! || a - b);
  const limit = Math.min(picked.length, args.limit ?? picked.length);
  const ranked: RankedCatalogWorkout[] = new Array(limit);
  for (let j = 0; j < limit; j++) ranked[j] = { ...catalog[picked[j]!]!, preScore: scores[picked[j]!]! };
  return { total: picked.length, ranked };
}

// --- Workout cards (names, descriptions, media keys) ------------------------------------------

const cards = new Map<string, { updatedAt: string; at: number; value: WorkoutRefRow }>();

/** The presentable fields of workouts, re-read when a workout's `updated_at` moved. */
export async function cachedWorkoutCards(db: Tx, organizationId: string, workouts: { id: string; updatedAt: string }[]): Promise<Map<string, WorkoutRefRow>> {
  const out = new Map<string, WorkoutRefRow>();
  const missing: string[] = [];
  const now = Date.now();
  for (const w of workouts) {
    const hit = cards.get(w.id);
    if (hit && hit.updatedAt === w.updatedAt && now - hit.at < TTL_MS) out.set(w.id, hit.value);
    else missing.push(w.id);
  }
  if (missing.length) {
    const byUpdated = new Map(workouts.map((w) => [w.id, w.updatedAt]));
    for (const row of await listWorkoutsByIds(db, organizationId, missing)) {
      cards.delete(row.id);
      cards.set(row.id, { updatedAt: byUpdated.get(row.id)!, at: now, value: row });
      out.set(row.id, row);
    }
    while (cards.size > MAX_FACTS) cards.delete(cards.keys().next().value!);
  }
  return out;
}
