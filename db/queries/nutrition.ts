import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { nutritionEntries } from "../schema";
import { type MemberDays, memberDaysSource } from "./health";
import { queryPrepared } from "./workouts";

export type NutritionEntryRow = typeof nutritionEntries.$inferSelect;
export type NutritionEntryInsert = typeof nutritionEntries.$inferInsert;

export async function insertNutritionEntry(db: Tx, row: NutritionEntryInsert): Promise<NutritionEntryRow> {
  const [created] = await db.insert(nutritionEntries).values(row).returning();
  return created!;
}

export async function findNutritionEntryByExternalId(db: Tx, endUserId: string, externalId: string): Promise<NutritionEntryRow | null> {
  const [row] = await db
    .select()
    .from(nutritionEntries)
    .where(and(eq(nutritionEntries.endUserId, endUserId), eq(nutritionEntries.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** Replaces every logged value of an entry (fields not sent become null). */
export async function replaceNutritionEntry(
  db: Tx,
  id: string,
  patch: Pick<NutritionEntryInsert, "localDate" | "loggedAt" | "mealType" | "caloriesKcal" | "proteinG" | "carbsG" | "fatG">,
): Promise<NutritionEntryRow> {
  const [row] = await db
    .update(nutritionEntries)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(nutritionEntries.id, id))
    .returning();
  return row!;
}

export async function deleteNutritionEntry(db: Tx, id: string): Promise<void> {
  await db.delete(nutritionEntries).where(eq(nutritionEntries.id, id));
}

/** The nutrient columns of a member's entries on some member-local days. */
export function listNutritionForDays(db: Tx, endUserId: string, days: string[]) {
  return listMembersNutritionForDays(db, [{ endUserId, days }]);
}

/** A member-day's nutrition, added up: each nutrient's sum over the entries that logged it (null when none did). */
export interface DayMealRow {
  endUserId: string;
  localDate: string;
  entries: number;
  caloriesKcal: number | null;
  proteinG: number | null;
  carbsG: number | null;
  fatG: number | null;
}

/**
 * The same for some days of each of some members (through each member's day index, see
 * memberDaysSource), added up by PostgreSQL: one row per member-day whatever the number of entries,
 * so a write to a busy day does not fetch every meal of it.
 */
export async function listMembersNutritionForDays(db: Tx, sets: MemberDays[]): Promise<DayMealRow[]> {
  if (!sets.some((s) => s.days.length)) return [];
  return queryPrepared<DayMealRow>(
    db,
    sql`select k.u as "endUserId", n.local_date::text as "localDate", n.entries, n.calories_kcal as "caloriesKcal", n.protein_g as "proteinG",
        n.carbs_g as "carbsG", n.fat_g as "fatG"
      from ${memberDaysSource(sets)}
      cross join lateral (
        select e.local_date, count(*)::int as entries, sum(e.calories_kcal) as calories_kcal, sum(e.protein_g) as protein_g,
          sum(e.carbs_g) as carbs_g, sum(e.fat_g) as fat_g
        from nutrition_entries e where e.end_user_id = k.u and e.local_date = any(k.days) group by e.local_date) n`,
  );
}

/** How many entries a member has on a member-local day (the cap of logNutrition), counted through the day index. */
export async function countNutritionEntriesOfDay(db: Tx, endUserId: string, localDate: string, limit: number): Promise<number> {
  const [row] = await queryPrepared<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from nutrition_entries where end_user_id = ${endUserId} and local_date = ${localDate} limit ${limit}) e`,
  );
  return row?.n ?? 0;
}
