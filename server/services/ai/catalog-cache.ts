/**
 * In-process caches of what the AI engines read on every request, so that a 5,000-clip or
 * 10,000-workout workspace costs one small indexed query per request instead of reloading:
 *
 * - the team exercise pool of an organization, and
 * - the lean catalog of its published workouts (difficulty, length, source, visibility,
 *   categories, rating),
 *
 * each keyed by a version read on every use (row count and latest `updated_at`, from an index),
 * so an added, edited, unpublished or deleted row is seen by the next request; and
 *
 * - the content facts of workouts (clips, equipment, impact, sequence), keyed by the workout's
 *   `updated_at`, so an edited workout is re-read.
 *
 * Entries also expire after a few minutes, bounding staleness from writes that bypass
 * `updated_at` (such as editing a clip's muscle shares in SQL).
 */
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { type PoolRow, type WorkoutFactsRow, listTeamPoolExercises, listWorkoutFacts } from "@/db/queries/catalog";

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

const pools = new Map<string, Entry<PoolRow[]>>();

async function exerciseVersion(db: Tx, organizationId: string): Promise<string> {
  const [row] = await db.execute<{ n: number; u: string | null }>(sql`
    select count(*)::int as n, max(updated_at)::text as u from video_assets
    where organization_id = ${organizationId} and kind = 'single-exercise'`);
  return `${row?.n ?? 0}|${row?.u ?? ""}`;
}

export async function cachedTeamPool(db: Tx, organizationId: string): Promise<PoolRow[]> {
  return cached(pools, organizationId, await exerciseVersion(db, organizationId), () => listTeamPoolExercises(db, organizationId));
}

// --- Workout catalog ------------------------------------------------------------------------

export type CatalogWorkout = {
  id: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  duration: number;
  source: "team" | "template" | "ai-generated";
  visibility: "public" | "private";
  trainerId: string | null;
  ratingSum: number;
  ratingCount: number;
  categoryIds: string[];
  updatedAt: string;
};

const catalogs = new Map<string, Entry<CatalogWorkout[]>>();

async function workoutVersion(db: Tx, organizationId: string): Promise<string> {
  const [row] = await db.execute<{ n: number; u: string | null }>(sql`
    select count(*)::int as n, max(updated_at)::text as u from workouts
    where organization_id = ${organizationId} and status = 'published' and deleted_at is null`);
  return `${row?.n ?? 0}|${row?.u ?? ""}`;
}

async function loadCatalog(db: Tx, organizationId: string): Promise<CatalogWorkout[]> {
  const rows = await db.execute<CatalogWorkout>(sql`
    select w.id, w.difficulty, w.duration, w.source, w.visibility, w.trainer_id as "trainerId", w.rating_sum as "ratingSum",
      w.rating_count as "ratingCount", w.updated_at::text as "updatedAt", coalesce(c.ids, '{}'::text[]) as "categoryIds"
    from workouts w
    left join (
      select wc.workout_id, array_agg(wc.category_id order by wc.category_id) as ids
      from workout_categories wc join workouts w2 on w2.id = wc.workout_id
      where w2.organization_id = ${organizationId}
      group by wc.workout_id
    ) c on c.workout_id = w.id
    where w.organization_id = ${organizationId} and w.status = 'published' and w.deleted_at is null
    order by w.id`);
  return [...rows].map((r) => ({ ...r, duration: Number(r.duration), ratingSum: Number(r.ratingSum), ratingCount: Number(r.ratingCount) }));
}

/** Published workouts of an organization (all visibilities; callers filter). */
export async function cachedWorkoutCatalog(db: Tx, organizationId: string): Promise<CatalogWorkout[]> {
  return cached(catalogs, organizationId, await workoutVersion(db, organizationId), () => loadCatalog(db, organizationId));
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
 * relevance score (difficulty fit, goal categories, length fit, rating), best first. `total` is
 * the size of the filtered pool before any ranking (rule 5 counts it).
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
  },
): Promise<{ total: number; ranked: RankedCatalogWorkout[] }> {
  const catalog = await cachedWorkoutCatalog(db, args.organizationId);
  const sources = args.sources?.length ? new Set(args.sources) : null;
  const categories = args.categoryIds?.length ? new Set(args.categoryIds) : null;
  const goals = new Set(args.goalCategoryIds);
  const ranked: RankedCatalogWorkout[] = [];
  for (const w of catalog) {
    if (w.visibility !== "public") continue;
    if (sources && !sources.has(w.source)) continue;
    if (categories && !w.categoryIds.some((c) => categories.has(c))) continue;
    let goalHits = 0;
    for (const c of w.categoryIds) if (goals.has(c)) goalHits++;
    const preScore =
      2 -
      Math.abs(DIFFICULTY_RANK[w.difficulty] - args.levelRank) * 1.5 +
      1.2 * goalHits -
      Math.min(Math.abs(w.duration - args.targetSeconds) / 900, 2) +
      (w.ratingCount > 0 ? (w.ratingSum / w.ratingCount - 3) * 0.3 : 0);
    ranked.push({ ...w, preScore });
  }
  ranked.sort((a, b) => b.preScore - a.preScore || (a.id < b.id ? -1 : 1));
  return { total: ranked.length, ranked };
}
