import type { Db } from "@/db/client";
import { type PlanSortField, listOrgPlans } from "@/db/queries/plans";
import type { Difficulty } from "@/db/schema";
import type { Locale } from "@/server/core/locale";
import { type SortKey, searchWords } from "./list-query";
import { planListItem } from "./serialize";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";

export interface ListPlansInput {
  limit: number;
  offset: number;
  locale: Locale;
  q?: string;
  sort?: SortKey<PlanSortField>[];
  visibility?: "public" | "private" | "all";
  difficulty?: Difficulty;
}

/**
 * Published public and private plans of a workspace. Plans made for one member
 * (`end-user-ai-generated`) are never listed, whatever `visibility` says.
 */
export async function listPlans(db: Db, organizationId: string, input: ListPlansInput) {
  const [page, ref] = await Promise.all([
    listOrgPlans(db, {
      organizationId,
      limit: input.limit,
      offset: input.offset,
      locale: input.locale,
      visibility: input.visibility === "all" ? undefined : input.visibility,
      difficulty: input.difficulty,
      words: input.q ? searchWords(input.q) : undefined,
      sort: input.sort ?? [{ field: "createdAt", direction: "desc" }],
    }),
    getReferenceIndex(db),
  ]);
  return { data: page.rows.map((r) => planListItem(r, ref, input.locale)), total: page.total };
}
