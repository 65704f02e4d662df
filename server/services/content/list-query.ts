/**
 * Pure parsing of the library lists' query strings (sort, duration range, category tokens,
 * search terms). Kept free of zod and SQL so the rules are unit-tested in isolation; the
 * operation declarations wrap them in schemas so failures become 400 ValidationError details.
 */

export interface SortKey<F extends string = string> {
  field: F;
  direction: "asc" | "desc";
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * `sort` is a comma list of `+field` or `-field`; a bare field is ascending. In a query string
 * an unescaped `+` arrives as a space, so a leading space also means ascending.
 */
export function parseSort<F extends string>(raw: string, allowed: readonly F[], aliases: Record<string, F> = {}): ParseResult<SortKey<F>[]> {
  const keys: SortKey<F>[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(",")) {
    if (part.trim() === "") continue;
    const m = /^\s*([+-]?)\s*([A-Za-z][A-Za-z0-9_]*)\s*$/.exec(part);
    if (!m) return { ok: false, message: `"${part.trim()}" is not a sort key; use +field or -field` };
    const name = m[2]!;
    const field = (Object.hasOwn(aliases, name) ? aliases[name] : (allowed as readonly string[]).find((f) => f === name)) as F | undefined;
    if (!field) return { ok: false, message: `"${name}" cannot be sorted on; use one of ${[...allowed, ...Object.keys(aliases)].join(", ")}` };
    if (seen.has(field)) return { ok: false, message: `"${name}" appears twice in sort` };
    seen.add(field);
    keys.push({ field, direction: m[1] === "-" ? "desc" : "asc" });
  }
  if (keys.length === 0) return { ok: false, message: "sort is empty" };
  return { ok: true, value: keys };
}

export interface MinuteRange {
  /** Seconds, inclusive. */
  minSeconds?: number;
  /** Seconds, inclusive. */
  maxSeconds?: number;
}

/** `min-max` in minutes with open ends (`60-`, `-30`); both ends inclusive. */
export function parseDurationRange(raw: string): ParseResult<MinuteRange> {
  const m = /^\s*(\d{1,4})?\s*-\s*(\d{1,4})?\s*$/.exec(raw);
  if (!m || (m[1] === undefined && m[2] === undefined)) return { ok: false, message: "duration must look like min-max in minutes (e.g. 20-45, 60-, -30)" };
  const min = m[1] === undefined ? undefined : Number(m[1]);
  const max = m[2] === undefined ? undefined : Number(m[2]);
  if (min !== undefined && max !== undefined && min > max) return { ok: false, message: "duration minimum is above its maximum" };
  return { ok: true, value: { minSeconds: min === undefined ? undefined : min * 60, maxSeconds: max === undefined ? undefined : max * 60 } };
}

export interface CategoryTokens {
  /** 24-hex platform category ids, lower-cased. */
  ids: string[];
  /** Workspace-defined category names from `custom:<name>` tokens. */
  custom: string[];
}

/** `categoryIds`: comma-separated hex ids and `custom:<name>` tokens. */
export function parseCategoryTokens(raw: string): ParseResult<CategoryTokens> {
  const ids: string[] = [];
  const custom: string[] = [];
  for (const part of raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (/^custom:/i.test(part)) {
      const name = part.slice("custom:".length).trim();
      if (!name) return { ok: false, message: `"${part}" names no custom category` };
      custom.push(name);
    } else if (/^[0-9a-fA-F]{24}$/.test(part)) {
      ids.push(part.toLowerCase());
    } else {
      return { ok: false, message: `"${part}" is neither a 24-character hexadecimal category id nor a custom: token` };
    }
  }
  if (ids.length + custom.length === 0) return { ok: false, message: "categoryIds is empty" };
  return { ok: true, value: { ids: [...new Set(ids)], custom: [...new Set(custom)] } };
}

/** Normalizes a search string: lower case, collapsed whitespace, at most 8 distinct words. */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().normalize("NFC").split(/\s+/).filter(Boolean))].slice(0, 8);
}
