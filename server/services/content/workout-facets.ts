import type { Db } from "@/db/client";
import { listWorkoutFacets } from "@/db/queries/workouts";
import { type WorkoutFacets, groupFacets } from "./serialize";

/**
 * Categories, equipment and muscle weights of workouts, derived from their playlists. Deriving
 * them aggregates every segment's clips, which cost more than the rest of a list request, so
 * they are kept per workout and version (`updatedAt`; every write to a workout's playlist or
 * categories bumps it) for at most TTL_MS, which bounds staleness after direct SQL edits.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;
const cache = new Map<string, { version: number; at: number; facets: WorkoutFacets | undefined }>();

export async function facetsFor(db: Db, rows: readonly { id: string; updatedAt: Date }[]): Promise<Map<string, WorkoutFacets | undefined>> {
  const now = Date.now();
  const out = new Map<string, WorkoutFacets | undefined>();
  const missing: string[] = [];
  for (const r of rows) {
    const hit = cache.get(r.id);
    if (hit && hit.version === r.updatedAt.getTime() && now - hit.at < TTL_MS) out.set(r.id, hit.facets);
    else missing.push(r.id);
  }
  if (missing.length) {
    const fresh = groupFacets(await listWorkoutFacets(db, missing));
    if (cache.size > MAX_ENTRIES) cache.clear();
    for (const r of rows) {
      if (!missing.includes(r.id)) continue;
      const facets = fresh.get(r.id);
      cache.set(r.id, { version: r.updatedAt.getTime(), at: now, facets });
      out.set(r.id, facets);
    }
  }
  return out;
}
