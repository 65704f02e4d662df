/**
 * The library grids' query string (/workouts?orgId=..., /plans?orgId=...): display flags and
 * filters, parsed leniently (a page never fails on a bad flag: it falls back to the default)
 * and written back canonically, so the server's first paint, the no-JavaScript form, the client
 * and the pagination route agree on one URL per view. Pure: used on the server and the client.
 */

export const DIFFICULTY_VALUES = ["beginner", "intermediate", "advanced"] as const;
export type DifficultyValue = (typeof DIFFICULTY_VALUES)[number];

export interface LibraryFlags {
  showSearch: boolean;
  showFilters: boolean;
  /** 2 to 4 columns on wide screens; anything else is 3. */
  gridCols: 2 | 3 | 4;
  playbackMode: "overlay" | "dedicated-page";
  showDuration: boolean;
  showDifficulty: boolean;
}

export const DEFAULT_FLAGS: LibraryFlags = {
  showSearch: true,
  showFilters: true,
  gridCols: 3,
  playbackMode: "overlay",
  showDuration: true,
  showDifficulty: true,
};

export interface LibraryFilters {
  q: string;
  difficulty: DifficultyValue | null;
  /** The API's `min-max` minutes syntax (`15-30`, `45-`, `-15`), or null. */
  duration: string | null;
  categoryIds: string[];
  equipmentIds: string[];
}

export const NO_FILTERS: LibraryFilters = { q: "", difficulty: null, duration: null, categoryIds: [], equipmentIds: [] };

export interface LibraryParams {
  orgId: string | null;
  /** The raw orgId when it is present but not a 24-hex id (shown in the error state). */
  badOrgId: string | null;
  locale: string | null;
  offset: number;
  /** Offset of the signed-in member's own list ("Your library"), paged apart from the grid. */
  mineOffset: number;
  flags: LibraryFlags;
  filters: LibraryFilters;
}

/** Preset duration ranges of the filter (minutes, the API's syntax). */
export const DURATION_PRESETS: { value: string; label: string }[] = [
  { value: "-15", label: "Up to 15 min" },
  { value: "15-30", label: "15 to 30 min" },
  { value: "30-45", label: "30 to 45 min" },
  { value: "45-", label: "45 min or more" },
];

/** Items on a page of the grid (divisible by 2, 3 and 4, so full rows at every column count). */
export const PAGE_SIZE = 12;

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function all(raw: RawParams, key: string): string[] {
  if (raw instanceof URLSearchParams) return raw.getAll(key);
  const v = raw[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const first = (raw: RawParams, key: string): string | null => all(raw, key)[0] ?? null;

const HEX = /^[0-9a-fA-F]{24}$/;
const TRUE = new Set(["true", "1", "yes", "on"]);
const FALSE = new Set(["false", "0", "no", "off"]);

export function parseFlag(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return fallback;
}

export function parseGridCols(value: string | null): 2 | 3 | 4 {
  const n = value === null ? Number.NaN : Number(value.trim());
  return n === 2 || n === 3 || n === 4 ? n : 3;
}

/** Hex ids from repeated keys and comma lists, lower-cased, deduplicated; anything else is dropped. */
function idList(raw: RawParams, key: string): string[] {
  const ids = all(raw, key)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => HEX.test(v));
  return [...new Set(ids)].slice(0, 20);
}

/** A page offset: a whole number up to 100,000, else 0. */
function parseOffset(value: string | null): number {
  const n = Number(value ?? "0");
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : 0;
}

const DURATION = /^\s*(\d{1,4})?\s*-\s*(\d{1,4})?\s*$/;

export function parseLibraryParams(raw: RawParams): LibraryParams {
  const org = first(raw, "orgId")?.trim() ?? null;
  const difficulty = first(raw, "difficulty");
  const duration = first(raw, "duration");
  const durationMatch = duration ? DURATION.exec(duration) : null;
  const offset = parseOffset(first(raw, "offset"));
  const mode = first(raw, "playbackMode")?.trim().toLowerCase();
  return {
    orgId: org && HEX.test(org) ? org.toLowerCase() : null,
    badOrgId: org && !HEX.test(org) ? org.slice(0, 60) : null,
    locale: first(raw, "locale")?.trim() || null,
    offset,
    mineOffset: parseOffset(first(raw, "mineOffset")),
    flags: {
      showSearch: parseFlag(first(raw, "showSearch"), DEFAULT_FLAGS.showSearch),
      showFilters: parseFlag(first(raw, "showFilters"), DEFAULT_FLAGS.showFilters),
      gridCols: parseGridCols(first(raw, "gridCols")),
      playbackMode: mode === "dedicated-page" ? "dedicated-page" : "overlay",
      showDuration: parseFlag(first(raw, "showDuration"), DEFAULT_FLAGS.showDuration),
      showDifficulty: parseFlag(first(raw, "showDifficulty"), DEFAULT_FLAGS.showDifficulty),
    },
    filters: {
      q: (first(raw, "q") ?? "").trim().slice(0, 200),
      difficulty: (DIFFICULTY_VALUES as readonly string[]).includes(difficulty ?? "") ? (difficulty as DifficultyValue) : null,
      duration: durationMatch && (durationMatch[1] !== undefined || durationMatch[2] !== undefined) ? duration!.replace(/\s+/g, "") : null,
      categoryIds: idList(raw, "categoryIds"),
      equipmentIds: idList(raw, "equipmentIds"),
    },
  };
}

/**
 * The canonical query of a grid view: orgId, then only the flags that differ from their default,
 * the locale, the filters and the offsets (the grid's and the member list's). Keys the partner set are kept as they mean the same.
 */
export function libraryQuery(p: Pick<LibraryParams, "orgId" | "locale" | "flags" | "filters"> & { offset?: number; mineOffset?: number }): URLSearchParams {
  const q = new URLSearchParams();
  if (p.orgId) q.set("orgId", p.orgId);
  for (const key of ["showSearch", "showFilters", "showDuration", "showDifficulty"] as const) {
    if (p.flags[key] !== DEFAULT_FLAGS[key]) q.set(key, String(p.flags[key]));
  }
  if (p.flags.gridCols !== DEFAULT_FLAGS.gridCols) q.set("gridCols", String(p.flags.gridCols));
  if (p.flags.playbackMode !== DEFAULT_FLAGS.playbackMode) q.set("playbackMode", p.flags.playbackMode);
  if (p.locale) q.set("locale", p.locale);
  if (p.filters.q) q.set("q", p.filters.q);
  if (p.filters.difficulty) q.set("difficulty", p.filters.difficulty);
  if (p.filters.duration) q.set("duration", p.filters.duration);
  if (p.filters.categoryIds.length) q.set("categoryIds", p.filters.categoryIds.join(","));
  if (p.filters.equipmentIds.length) q.set("equipmentIds", p.filters.equipmentIds.join(","));
  if (p.offset) q.set("offset", String(p.offset));
  if (p.mineOffset) q.set("mineOffset", String(p.mineOffset));
  return q;
}

/** The filter part only (for the pagination route and the query cache key). */
export function filterQuery(filters: LibraryFilters, locale: string | null, offset: number, limit = PAGE_SIZE): URLSearchParams {
  const q = libraryQuery({ orgId: null, locale, flags: DEFAULT_FLAGS, filters, offset });
  q.set("limit", String(limit));
  return q;
}

export function hasFilters(f: LibraryFilters): boolean {
  return Boolean(f.q || f.difficulty || f.duration || f.categoryIds.length || f.equipmentIds.length);
}

/**
 * The dedicated page of a workout or a plan, carrying the grid's view (flags, locale, filters) so
 * its back link returns to the same grid. `planId` names the plan a workout is played from.
 */
export function detailHref(
  kind: "workouts" | "plans",
  id: string,
  view: Pick<LibraryParams, "orgId" | "locale" | "flags" | "filters">,
  planId?: string,
): string {
  const q = libraryQuery(view);
  if (planId) q.set("planId", planId);
  return `/${kind}/${id}?${q}`;
}
