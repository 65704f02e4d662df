import type { Db } from "@/db/client";
import { type ListWorkoutsArgs, type WorkoutSortField, listOrgWorkouts, listWorkoutFacets } from "@/db/queries/workouts";
import type { Difficulty } from "@/db/schema";
import type { Locale } from "@/server/api/locale";
import type { CategoryTokens, MinuteRange, SortKey } from "./list-query";
import { searchWords } from "./list-query";
import { getReferenceIndex } from "./reference";
import { groupFacets, workoutListItem } from "./workout-shape";

export interface ListWorkoutsInput {
  limit: number;
  offset: number;
  locale: Locale;
  q?: string;
  sort?: SortKey<WorkoutSortField>[];
  visibility?: "public" | "private" | "all";
  difficulty?: Difficulty;
  categories?: CategoryTokens;
  duration?: MinuteRange;
  allowAssessment?: boolean;
}

/** Below this many characters a fuzzy (trigram) match is noise, so only substrings count. */
const FUZZY_MIN_CHARS = 3;

/**
 * Published workouts of a workspace. With `q`: every word as a substring of the search
 * document (all translations of name and description, trigram-indexed), in relevance order;
 * when no workout contains the words, pg_trgm word similarity of the whole query finds close
 * spellings instead. `sort` applies only without `q`. Totals are exact.
 */
export async function listWorkouts(db: Db, organizationId: string, input: ListWorkoutsInput) {
  const words = input.q ? searchWords(input.q) : [];
  const phrase = words.join(" ");
  const args: ListWorkoutsArgs = {
    organizationId,
    limit: input.limit,
    offset: input.offset,
    locale: input.locale,
    visibility: input.visibility === "all" ? undefined : input.visibility,
    difficulty: input.difficulty,
    categoryIds: input.categories?.ids,
    customCategories: input.categories?.custom,
    minSeconds: input.duration?.minSeconds,
    maxSeconds: input.duration?.maxSeconds,
    allowAssessment: input.allowAssessment,
    search: words.length ? { words, phrase, mode: "substring" } : undefined,
    sort: input.sort ?? [{ field: "createdAt", direction: "desc" }],
  };
  let page = await listOrgWorkouts(db, args);
  if (page.total === 0 && args.search && phrase.length >= FUZZY_MIN_CHARS) {
    page = await listOrgWorkouts(db, { ...args, search: { ...args.search, mode: "fuzzy" } });
  }
  const [facetRows, ref] = await Promise.all([listWorkoutFacets(db, page.rows.map((r) => r.id)), getReferenceIndex(db)]);
  const facets = groupFacets(facetRows);
  return { data: page.rows.map((r) => workoutListItem(r, facets.get(r.id), ref, input.locale)), total: page.total };
}
