import type { Tx } from "@/db/client";
import { DIGEST_WINDOW_DAYS, deleteDigestsBetween } from "@/db/queries/digests";
import { deleteDaySummaries, listHealthEntriesForDays, upsertDaySummaries } from "@/db/queries/health";
import { listNutritionForDays } from "@/db/queries/nutrition";
import { summarizeDay } from "./day-summary";
import { addDays } from "./local-date";

export { DIGEST_WINDOW_DAYS };

export interface MemberRef {
  id: string;
  organizationId: string;
}

type DayEntry = Awaited<ReturnType<typeof listHealthEntriesForDays>>[number];
type DayMeal = Awaited<ReturnType<typeof listNutritionForDays>>[number];

/**
 * Writes the summaries of `days` computed from their entries and meals (a day left without any
 * loses its summary) and drops the cached digests whose window contains one of the days. The
 * writes are independent and sent together.
 */
export async function writeDaySummaries(tx: Tx, member: MemberRef, days: string[], entries: DayEntry[], meals: DayMeal[]): Promise<void> {
  const list = [...new Set(days)].sort();
  if (list.length === 0) return;
  const upserts: Parameters<typeof upsertDaySummaries>[1] = [];
  const empty: string[] = [];
  for (const day of list) {
    const summary = summarizeDay(
      entries.filter((e) => e.localDate === day),
      meals.filter((n) => n.localDate === day),
    );
    if (summary) upserts.push({ endUserId: member.id, organizationId: member.organizationId, localDate: day, ...summary });
    else empty.push(day);
  }
  await Promise.all([
    upsertDaySummaries(tx, upserts),
    deleteDaySummaries(tx, member.id, empty),
    deleteDigestsBetween(tx, member.id, list[0]!, addDays(list[list.length - 1]!, DIGEST_WINDOW_DAYS - 1)),
  ]);
}

/**
 * Recomputes the day summaries of the given member-local days from the stored entries and meals.
 * Runs in the caller's transaction. `writeFirst`, the caller's own write, is sent in the same
 * pipeline ahead of the reads (one round trip instead of two); the connection runs statements in
 * the order they are issued, so the reads see it.
 */
export async function recomputeDays(tx: Tx, member: MemberRef, days: Iterable<string>, writeFirst?: () => PromiseLike<unknown>): Promise<void> {
  const list = [...new Set(days)];
  const [, entries, meals] = await Promise.all([writeFirst?.(), listHealthEntriesForDays(tx, member.id, list), listNutritionForDays(tx, member.id, list)]);
  await writeDaySummaries(tx, member, list, entries, meals);
}
