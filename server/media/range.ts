/**
 * Single-range parsing for progressive media (RFC 9110 §14). Players seek with one range at a
 * time; multi-range requests are answered with the whole file, which the RFC allows.
 */
import type { ByteRange } from "./storage";

/**
 * Reads a `Range` header against a representation of `size` bytes.
 * - `null`: no usable range (absent, another unit, malformed, several ranges): send 200.
 * - `"unsatisfiable"`: well-formed but outside the file: send 416.
 * - a range: inclusive positions, with an end past the file clamped to the last byte.
 */
export function parseRangeHeader(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;

  if (first === "") {
    // Suffix range: the last n bytes.
    const length = toInteger(last);
    if (length === null) return null;
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }

  const start = toInteger(first);
  const end = last === "" ? size - 1 : toInteger(last);
  if (start === null || end === null) return null;
  if (last !== "" && end < start) return null; // invalid range-spec: ignore the header
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

function toInteger(digits: string): number | null {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}
