import type { Db } from "@/db/client";
import type { Translations } from "@/db/schema/columns";
import { type Locale, pickText } from "@/server/api/locale";
import { getReferenceData } from "@/server/services/metadata/reference-cache";

/**
 * Id-indexed views of the cached platform reference data, so content shapes name categories,
 * equipment and muscle groups in memory instead of joining reference tables on every read.
 */
interface Entry {
  id: string;
  name: Translations;
  sortOrder: number;
}

export interface ReferenceIndex {
  categories: Map<string, Entry>;
  equipment: Map<string, Entry & { equipmentCategoryId: string | null }>;
  muscleGroups: Map<string, Entry>;
  goals: Map<string, Entry>;
}

type Reference = Awaited<ReturnType<typeof getReferenceData>>;
const indexes = new WeakMap<Reference, ReferenceIndex>();

export async function getReferenceIndex(db: Db): Promise<ReferenceIndex> {
  const ref = await getReferenceData(db);
  let idx = indexes.get(ref);
  if (!idx) {
    idx = {
      categories: new Map(ref.categories.map((c) => [c.id, c])),
      equipment: new Map(ref.equipment.map((e) => [e.id, e])),
      muscleGroups: new Map(ref.muscleGroups.map((m) => [m.id, m])),
      goals: new Map(ref.goals.map((g) => [g.id, g])),
    };
    indexes.set(ref, idx);
  }
  return idx;
}

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
  return namedList(ref.equipment, ids, locale).map((e) => ({ ...e, equipmentCategoryId: ref.equipment.get(e.id)?.equipmentCategoryId ?? null }));
}

/** Muscle groups ordered by their share of the work (largest first), as `[{ id, name }]`. */
export function musclesByShare(ref: ReferenceIndex, muscles: readonly { id: string; share: number }[], locale: Locale): { id: string; name: string }[] {
  const seen = new Set<string>();
  const out: { id: string; name: string }[] = [];
  for (const m of [...muscles].sort((a, b) => b.share - a.share)) {
    const e = ref.muscleGroups.get(m.id);
    if (!e || seen.has(m.id)) continue;
    seen.add(m.id);
    out.push({ id: m.id, name: pickText(e.name, locale) });
  }
  return out;
}
