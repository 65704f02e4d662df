import type { Tx } from "@/db/client";
import { DIGEST_WINDOW_DAYS, deleteMembersDigestsBetween } from "@/db/queries/digests";
import { type MemberDays, deleteMembersDaySummaries, listHealthEntriesForDays, upsertDaySummaries } from "@/db/queries/health";
import { listNutritionForDays } from "@/db/queries/nutrition";
import { summarizeDay } from "./day-summary";
import { addDays } from "./local-date";

export { DIGEST_WINDOW_DAYS };

export interface MemberRef {
  id: string;
  organizationId: string;
}

export type DayEntry = Omit<Awaited<ReturnType<typeof listHealthEntriesForDays>>[number], "endUserId">;
type DayMeal = Omit<Awaited<ReturnType<typeof listNutritionForDays>>[number], "endUserId">;

/** Map.groupBy, which Node 20 does not have. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** One member's changed days with the entries and meals they hold now. */
export interface MemberDayData {
  member: MemberRef;
  days: string[];
  entries: DayEntry[];
  meals: DayMeal[];
}

/**
 * Writes the summaries of the days computed from their entries and meals (a day left without any
 * loses its summary) and drops the cached digests whose window contains one of the days, for any
 * number of members in three statements, sent together.
 */
export async function writeMembersDaySummaries(tx: Tx, sets: MemberDayData[]): Promise<void> {
  const upserts: Parameters<typeof upsertDaySummaries>[1] = [];
  const empty: MemberDays[] = [];
  const digests: { endUserId: string; from: string; to: string }[] = [];
  for (const { member, days, entries, meals } of sets) {
    const list = [...new Set(days)].sort();
    if (list.length === 0) continue;
    const entriesOf = groupBy(entries, (e) => e.localDate);
    const mealsOf = groupBy(meals, (n) => n.localDate);
    const emptyDays: string[] = [];
    for (const day of list) {
      const summary = summarizeDay(entriesOf.get(day) ?? [], mealsOf.get(day) ?? []);
      if (summary) upserts.push({ endUserId: member.id, organizationId: member.organizationId, localDate: day, ...summary });
      else emptyDays.push(day);
    }
    if (emptyDays.length) empty.push({ endUserId: member.id, days: emptyDays });
    digests.push({ endUserId: member.id, from: list[0]!, to: addDays(list[list.length - 1]!, DIGEST_WINDOW_DAYS - 1) });
  }
  await Promise.all([upsertDaySummaries(tx, upserts), deleteMembersDaySummaries(tx, empty), deleteMembersDigestsBetween(tx, digests)]);
}

/** The same for one member. */
export function writeDaySummaries(tx: Tx, member: MemberRef, days: string[], entries: DayEntry[], meals: DayMeal[]): Promise<void> {
  return writeMembersDaySummaries(tx, [{ member, days, entries, meals }]);
}

/**
 * Recomputes the day summaries of the given member-local days from the stored entries and meals.
 * Runs in the caller's transaction, after `writeFirst` (the caller's own write) has run: the reads
 * must see it, and when a statement is sent depends on how many promise hops its call makes, so
 * the order is awaited rather than assumed from the order of the calls.
 */
export async function recomputeDays(tx: Tx, member: MemberRef, days: Iterable<string>, writeFirst?: () => PromiseLike<unknown>): Promise<void> {
  const list = [...new Set(days)];
  await writeFirst?.();
  const [entries, meals] = await Promise.all([listHealthEntriesForDays(tx, member.id, list), listNutritionForDays(tx, member.id, list)]);
  await writeDaySummaries(tx, member, list, entries, meals);
}
