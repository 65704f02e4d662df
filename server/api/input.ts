import { isUtf8 } from "node:buffer";
import type { ErrorDetail } from "@/server/core/errors";

/**
 * The one check for text arriving from clients, applied by the kernel to every path parameter,
 * query key and value, and JSON body string (keys included) before any schema sees them:
 * PostgreSQL refuses NUL in text, and text that is not well-formed Unicode (invalid UTF-8 bytes,
 * lone surrogates from `%ED%A0%80` or a JSON `\ud800` escape) cannot be stored or compared
 * faithfully. Such input is a 400 ValidationError with a FormatError detail naming the field.
 */
export const BAD_TEXT_MESSAGE = "must be UTF-8 text without NUL characters or unpaired surrogates";

/** True for text the API accepts: well-formed Unicode without U+0000. */
export function isAcceptableText(s: string): boolean {
  return s.isWellFormed() && !s.includes("\0");
}

/** Percent-decoding that refuses malformed escapes and invalid UTF-8 (null), instead of guessing. */
export function strictDecode(raw: string): string | null {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const badText = (target: string, message = BAD_TEXT_MESSAGE): ErrorDetail => ({ code: "FormatError", message, target });

/**
 * Path parameters decoded from the request's own raw path, by position in the operation's path
 * template, so the result does not depend on how the router (Next or the direct dispatcher)
 * decoded them. Only needed when the raw path has an escape: without one, the router's values
 * are the raw segments and cannot hold NUL or invalid text.
 */
export function decodePathParams(
  template: string,
  rawPathname: string,
  routed: Record<string, string | string[]>,
): { params: Record<string, string | string[]>; bad: ErrorDetail[] } {
  if (!rawPathname.includes("%")) return { params: routed, bad: [] };
  const names = template.split("/").filter(Boolean);
  const parts = rawPathname.split("/").filter(Boolean);
  if (names.length !== parts.length) return { params: routed, bad: checkRouted(routed) };
  const params: Record<string, string | string[]> = { ...routed };
  const bad: ErrorDetail[] = [];
  names.forEach((seg, i) => {
    if (!seg.startsWith("{")) return;
    const name = seg.slice(1, -1);
    const value = strictDecode(parts[i]!);
    if (value === null) bad.push(badText(name, "is not valid percent-encoded UTF-8"));
    else if (!isAcceptableText(value)) bad.push(badText(name));
    else params[name] = value;
  });
  return { params, bad };
}

function checkRouted(routed: Record<string, string | string[]>): ErrorDetail[] {
  const bad: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(routed)) {
    for (const v of Array.isArray(value) ? value : [value]) if (!isAcceptableText(v)) bad.push(badText(name));
  }
  return bad;
}

/**
 * Query parameters as an object (the last value of a repeated key wins). URLSearchParams replaces
 * invalid UTF-8 with U+FFFD silently, so a query with escapes is decoded strictly here instead.
 */
export function parseQuery(search: string): { query: Record<string, string>; bad: ErrorDetail[] } {
  const query: Record<string, string> = {};
  if (!search.includes("%")) {
    for (const [k, v] of new URLSearchParams(search)) query[k] = v;
    return { query, bad: [] };
  }
  const bad: ErrorDetail[] = [];
  for (const pair of search.slice(1).split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = (eq < 0 ? pair : pair.slice(0, eq)).replaceAll("+", " ");
    const rawValue = (eq < 0 ? "" : pair.slice(eq + 1)).replaceAll("+", " ");
    const key = strictDecode(rawKey);
    const value = strictDecode(rawValue);
    if (key === null || !isAcceptableText(key)) {
      bad.push(badText("(query key)", key === null ? "is not valid percent-encoded UTF-8" : BAD_TEXT_MESSAGE));
      continue;
    }
    if (value === null) bad.push(badText(key, "is not valid percent-encoded UTF-8"));
    else if (!isAcceptableText(value)) bad.push(badText(key));
    else query[key] = value;
  }
  return { query, bad };
}

/** A body's bytes as text, or null when they are not valid UTF-8. */
export function utf8Text(bytes: Buffer): string | null {
  return isUtf8(bytes) ? bytes.toString("utf8") : null;
}

/**
 * The strings of a parsed JSON body that are not acceptable text, as details. JSON text can only
 * carry NUL or lone surrogates through `\u` escapes (raw control characters are not valid JSON and
 * the bytes were checked as UTF-8), so bodies without one are not walked.
 */
export function findBadJsonText(raw: string, value: unknown): ErrorDetail[] {
  if (!raw.includes("\\u")) return [];
  const bad: ErrorDetail[] = [];
  const walk = (v: unknown, path: string) => {
    if (bad.length >= 10) return;
    if (typeof v === "string") {
      if (!isAcceptableText(v)) bad.push(badText(path || "(root)"));
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, path ? `${path}.${i}` : String(i));
    } else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (!isAcceptableText(k)) {
          bad.push(badText(path || "(root)", `has a key that ${BAD_TEXT_MESSAGE}`));
          continue;
        }
        walk(item, path ? `${path}.${k}` : k);
      }
    }
  };
  walk(value, "");
  return bad;
}
