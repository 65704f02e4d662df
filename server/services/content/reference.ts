import type { ReferenceEntry, ReferenceIndex } from "@/server/ai/types";
import { type Locale, pickText } from "@/server/core/locale";

/**
 * Content shapes name categories, equipment, muscle groups and goals from the cached reference
 * index (getReferenceIndex in server/services/metadata/reference-cache.ts) instead of joining
 * reference tables on every read.
 */
type Entry = Pick<ReferenceEntry, "id" | "name" | "sortOrder">;

/** `[{ id, name }]` for known ids, in the reference order (unknown ids are dropped). */
export function namedList(map: Map<string, Entry>, ids: Iterable<string>, locale: Locale): { id: string; name: string }[] {
  const out: (Entry & { n: string })[] = [];
  for (const id of new Set(ids)) {
    const e = map.get(id);
    if (e) out.push({ ...e, n: pickText(e.name, locale) });
  }
  return out.sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id)).map((e) => ({ id: e.id, name: e.n }));
}

/** Equipment as `[{ id, name, equipmentCategoryId }]`, in the reference order. */
export function equipmentList(ref: ReferenceIndex, ids: Iterable<string>, locale: Locale): { id: string; name: string; equipmentCategoryId: string | null }[] {
  return namedList(ref.equipmentById, ids, locale).map((e) => ({ ...e, equipmentCategoryId: ref.equipmentById.get(e.id)?.equipmentCategoryId ?? null }));
}

/** Muscle groups ordered by their share of the work (largest first), as `[{ id, name }]`. */
export function musclesByShare(ref: ReferenceIndex, muscles: readonly { id: string; share: number }[], locale: Locale): { id: string; name: string }[] {
  const seen = new Set<string>();
  const out: { id: string; name: string }[] = [];
  for (const m of [...muscles].sort((a, b) => b.share - a.share)) {
    const e = ref.muscleById.get(m.id);
    if (!e || seen.has(m.id)) continue;
    seen.add(m.id);
    out.push({ id: m.id, name: pickText(e.name, locale) });
  }
  return out;
}
