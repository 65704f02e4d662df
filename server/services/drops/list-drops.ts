import type { Tx } from "@/db/client";
import { type ListDropsArgs, listReadyDrops } from "@/db/queries/drops";
import { SOURCE_TYPE_LABELS } from "./presets";
import { toDropListItem } from "./serialize";

export type ListDropsInput = Omit<ListDropsArgs, "sort"> & { sort?: ListDropsArgs["sort"] };

/** What a drops page holds, in words: filters, order, and what lists never show. */
export function explainDropList(input: ListDropsInput, total: number): string {
  const sort = input.sort ?? { field: "updatedAt", direction: "desc" };
  const filters: string[] = [];
  if (input.q) filters.push(`titles containing "${input.q}"`);
  if (input.sourceType) filters.push(`${SOURCE_TYPE_LABELS[input.sourceType].toLowerCase()} sources`);
  if (input.sourceId) filters.push(`source ${input.sourceId}`);
  if (input.aspectRatio || input.durationSeconds) {
    const what = [input.aspectRatio, input.durationSeconds ? `${input.durationSeconds} s` : null].filter(Boolean).join(", ");
    filters.push(`a ready ${what} variant`);
  }
  const order = `${sort.field === "createdAt" ? "creation" : "last change"}, ${sort.direction === "desc" ? "newest" : "oldest"} first`;
  return [
    `${total} ready drop${total === 1 ? "" : "s"}${filters.length ? ` with ${filters.join(" and ")}` : ""}, by ${order}.`,
    "Drops still rendering or whose rendering failed are not listed, and each drop offers only the formats whose files exist.",
  ].join(" ");
}

/** A page of the workspace's ready drops. */
export async function listDrops(db: Tx, input: ListDropsInput) {
  const sort = input.sort ?? { field: "updatedAt" as const, direction: "desc" as const };
  const { rows, total } = await listReadyDrops(db, { ...input, sort });
  return { items: rows.map((r) => toDropListItem(r.drop, r.availableVariants)), total, explanation: explainDropList(input, total) };
}
