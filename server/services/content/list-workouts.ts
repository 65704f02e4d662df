import type { Db, Tx } from "@/db/client";
import {
  type ListWorkoutsArgs,
  type WorkoutListRow,
  type WorkoutSortField,
  countOrgWorkouts,
  countOrgWorkoutsQuery,
  findSpellings,
  findSpellingsQuery,
  getWorkoutsVersion,
  listOrgWorkoutPage,
  listWorkoutsByIds,
} from "@/db/queries/workouts";
import { type PlanScans, explainScans } from "@/db/explain";
import type { Difficulty } from "@/db/schema";
import { type Locale, resolveReadLocale } from "@/server/core/locale";
import { listResult } from "@/server/core/pagination";
import { SerializedJson } from "@/server/core/serialized-json";
import { VersionedCache, cacheKey } from "./list-cache";
import type { CategoryTokens, MinuteRange, SortKey } from "./list-query";
import { searchWords } from "./list-query";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { facetsFor } from "./workout-facets";
import { workoutListItem } from "./serialize";

export interface ListWorkoutsInput {
  limit: number;
  offset: number;
  locale: Locale;
  q?: string;
  sort?: SortKey<WorkoutSortField>[];
  visibility?: "public" | "private" | "all";
  difficulty?: Difficulty;
  categories?: CategoryTokens;
  /** Not a /v1 query key: the hosted grids' equipment filter (server/services/pages). */
  equipmentIds?: string[];
  duration?: MinuteRange;
  allowAssessment?: boolean;
}

/** Below this many characters a fuzzy (trigram) match is noise, so only substrings count. */
const FUZZY_MIN_CHARS = 3;

/** A list request's input from the operation's parsed query: the locale resolved, `categoryIds` as its tokens. */
export function listWorkoutsInput(
  query: Omit<ListWorkoutsInput, "locale" | "categories"> & { locale?: string; categoryIds?: CategoryTokens },
): ListWorkoutsInput {
  return { ...query, locale: resolveReadLocale(query.locale), categories: query.categoryIds };
}

/** Exact totals per filter set, and search result pages (ids in relevance order plus total). */
const totals = new VersionedCache<number>(5_000, 60_000);
const searches = new VersionedCache<{ ids: string[]; total: number }>(2_000, 60_000);
/**
 * Serialized responses per request URL (their links embed it), reused while the workspace's
 * content version is unchanged: serializing a page of 20 to 50 items costs more than the rest of
 * a cached request.
 */
const responses = new VersionedCache<SerializedJson>(1_000, 60_000);

/** The filter part of the arguments: what a total depends on. */
function filterKey(args: ListWorkoutsArgs): string {
  const { organizationId, visibility, difficulty, categoryIds, customCategories, equipmentIds, minSeconds, maxSeconds, allowAssessment, search } = args;
  return cacheKey({ organizationId, visibility, difficulty, categoryIds, customCategories, equipmentIds, minSeconds, maxSeconds, allowAssessment, search });
}

async function searchPage(db: Db, args: ListWorkoutsArgs, version: string): Promise<{ rows: WorkoutListRow[]; total: number }> {
  const key = cacheKey({ f: filterKey(args), locale: args.locale, limit: args.limit, offset: args.offset });
  const hit = searches.get(key, version);
  if (hit) return { rows: await listWorkoutsByIds(db, hit.ids), total: hit.total };
  let [rows, total] = await Promise.all([listOrgWorkoutPage(db, args), countOrgWorkouts(db, args)]);
  if (total === 0) {
    const fuzzy = await withSpellings(db, args);
    if (fuzzy) [rows, total] = await Promise.all([listOrgWorkoutPage(db, fuzzy), countOrgWorkouts(db, fuzzy)]);
  }
  searches.set(key, version, { ids: rows.map((r) => r.id), total });
  return { rows, total };
}

async function filteredPage(db: Db, args: ListWorkoutsArgs): Promise<{ rows: WorkoutListRow[]; total: number }> {
  const rows = await listOrgWorkoutPage(db, args);
  const v = rows[0]?.contentVersion ?? (await getWorkoutsVersion(db, args.organizationId));
  const key = filterKey(args);
  let total = totals.get(key, v);
  if (total === undefined) {
    // A short page that starts at offset 0 already is the whole result.
    total = args.offset === 0 && rows.length < args.limit ? rows.length : await countOrgWorkouts(db, args);
    totals.set(key, v, total);
  }
  return { rows, total };
}

/** The query words the fuzzy fallback corrects (shorter ones stay as typed). */
const correctable = (words: string[]) => words.filter((w) => w.length >= FUZZY_MIN_CHARS);

/** How much less similar than the closest spelling a word may be and still count. */
const SPELLING_TIE = 0.05;

/**
 * The fuzzy fallback for a search no workout contains: each word of 3+ characters may be replaced
 * by its closest spellings among the workspace's words (the words of its listed workouts, kept by
 * a trigger), all within SPELLING_TIE of the closest; shorter words stay as typed. Null when
 * there is nothing to correct or a word has no close spelling (every word must still match).
 */
async function withSpellings(db: Tx, args: ListWorkoutsArgs): Promise<ListWorkoutsArgs | null> {
  const search = args.search;
  if (!search) return null;
  const typos = correctable(search.words);
  if (typos.length === 0) return null;
  const found = await findSpellings(db, args.organizationId, typos);
  const spellings: string[][] = [];
  for (const w of search.words) {
    if (w.length < FUZZY_MIN_CHARS) {
      spellings.push([w]);
      continue;
    }
    const i = typos.indexOf(w) + 1;
    const mine = found.filter((f) => f.i === i);
    if (mine.length === 0) return null;
    const best = mine[0]!.sim;
    spellings.push(mine.filter((f) => f.sim >= best - SPELLING_TIE).map((f) => f.word));
  }
  // Relevance then ranks by the closest spellings as if they had been typed.
  return { ...args, search: { ...search, phrase: spellings.map((o) => o[0]).join(" "), spellings } };
}

/** The SQL arguments of a list request (search as substrings first; see searchPage for the fuzzy fallback). */
export function workoutListArgs(organizationId: string, input: ListWorkoutsInput): ListWorkoutsArgs {
  const words = input.q ? searchWords(input.q) : [];
  return {
    organizationId,
    limit: input.limit,
    offset: input.offset,
    locale: input.locale,
    visibility: input.visibility === "all" ? undefined : input.visibility,
    difficulty: input.difficulty,
    categoryIds: input.categories?.ids,
    customCategories: input.categories?.custom,
    equipmentIds: input.equipmentIds,
    minSeconds: input.duration?.minSeconds,
    maxSeconds: input.duration?.maxSeconds,
    allowAssessment: input.allowAssessment,
    search: words.length ? { words, phrase: words.join(" ") } : undefined,
    sort: input.sort ?? [{ field: "createdAt", direction: "desc" }],
  };
}

/**
 * Published workouts of a workspace. With `q`: every word as a substring of the search
 * document (all translations of name and description, trigram-indexed), in relevance order;
 * when no workout contains the words, misspelled words are corrected against the workspace's
 * vocabulary (withSpellings) and the search runs again. `sort` applies only without `q`. Totals are exact; the expensive parts
 * (counts, search pages, whole responses) are cached per workspace content version. Answers the
 * serialized list response for `url` (its pagination links).
 */
export async function listWorkouts(db: Db, organizationId: string, input: ListWorkoutsInput, url: URL): Promise<SerializedJson> {
  // Every write to a workout bumps its updated_at, so the workspace's latest updated_at versions
  // every page of its list (the caches' 60 s TTL bounds anything written around that).
  const version = await getWorkoutsVersion(db, organizationId);
  return responses.load(url.href, version, () => renderList(db, organizationId, input, url, version));
}

async function renderList(db: Db, organizationId: string, input: ListWorkoutsInput, url: URL, version: string): Promise<SerializedJson> {
  const args = workoutListArgs(organizationId, input);
  const page = args.search ? await searchPage(db, args, version) : await filteredPage(db, args);
  const [facets, ref] = await Promise.all([facetsFor(db, page.rows), getReferenceIndex(db)]);
  const data = page.rows.map((r) => workoutListItem(r, facets.get(r.id), ref, input.locale));
  return new SerializedJson(JSON.stringify(listResult(url.toString(), data, { limit: input.limit, offset: input.offset, total: page.total })));
}

/**
 * The plans of the statements a list request runs: its page and its total, and for a search that
 * finds no substring match also the spelling lookup and the corrected search's (as searchPage
 * does), for the index checks of the tests and the benchmark.
 */
export async function explainWorkoutList(
  db: Tx,
  organizationId: string,
  input: ListWorkoutsInput,
  opts: { analyze?: boolean } = {},
): Promise<{ statement: string; scans: PlanScans }[]> {
  const args = workoutListArgs(organizationId, input);
  const out: { statement: string; scans: PlanScans }[] = [
    { statement: "page", scans: await explainScans(db, listOrgWorkoutPage(db, args), opts) },
    { statement: "count", scans: await explainScans(db, countOrgWorkoutsQuery(db, args), opts) },
  ];
  if (args.search && (await countOrgWorkouts(db, args)) === 0) {
    const typos = correctable(args.search.words);
    if (typos.length) out.push({ statement: "spellings", scans: await explainScans(db, findSpellingsQuery(organizationId, typos), opts) });
    const fuzzy = await withSpellings(db, args);
    if (fuzzy) {
      out.push({ statement: "fuzzy page", scans: await explainScans(db, listOrgWorkoutPage(db, fuzzy), opts) });
      out.push({ statement: "fuzzy count", scans: await explainScans(db, countOrgWorkoutsQuery(db, fuzzy), opts) });
    }
  }
  return out;
}
