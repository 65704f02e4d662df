import { getDb } from "@/db/client";
import { pickText } from "@/server/core/locale";
import { getReferenceData } from "@/server/services/metadata/reference-cache";
import { listMusicPools } from "@/server/services/content/workspace-library";

/** What the builders' pickers offer: categories, goals and the workspace's music pools (first paint of the builder pages). */
export async function libraryOptions(organizationId: string) {
  const [ref, pools] = await Promise.all([getReferenceData(getDb()), listMusicPools(getDb(), organizationId)]);
  return {
    categories: ref.categories.map((c) => ({ id: c.id, name: pickText(c.name) })),
    goals: ref.goals.map((g) => ({ id: g.id, name: pickText(g.name) })),
    pools: pools.items,
  };
}
