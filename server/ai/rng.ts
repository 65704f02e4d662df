import { createHash } from "node:crypto";
import { mulberry32 } from "@/lib/mulberry32";

/**
 * A seeded PRNG (mulberry32, lib/mulberry32.ts) seeded from a string. The deterministic engine
 * breaks ties with it, seeded from the normalized request, so the same request always yields the
 * same result.
 */
export function seededRandom(seed: string): () => number {
  return mulberry32(createHash("sha256").update(seed).digest().readUInt32LE(0));
}

/** A stable JSON string (sorted keys) for seeding and hashing. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
