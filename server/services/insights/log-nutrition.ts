import type { Db } from "@/db/client";
import { resolveInsightsMember } from "./resolve-member";
import {
  type NutritionEntryRow,
  countNutritionEntriesOfDay,
  deleteNutritionEntry,
  findNutritionEntryByExternalId,
  insertNutritionEntry,
  replaceNutritionEntry,
} from "@/db/queries/nutrition";
import { lockMemberInsights } from "@/db/queries/health";
import { badRequest, notFound, unprocessable } from "@/server/api/errors";
import { BACKFILL_DAYS, FUTURE_SKEW_MS } from "./health-fields";
import type { InsightsMember } from "./ingest-health-data";
import { addDays, localDateOf, safeTimeZone } from "./local-date";
import { recomputeDays } from "./recompute-days";
import { PILLARS, nutrient } from "./scoring";
import { dayOf, loadWindow } from "./window";

/**
 * Entries one member may have on one member-local day: a day of real meals and snacks is a few
 * dozen, and the bound keeps every write to a day (which rolls the day up again) the same size.
 * A log past it is 422 UnprocessableEntity (docs/insights.md).
 */
export const MAX_NUTRITION_ENTRIES_PER_DAY = 200;

export interface NutritionLogInput {
  caloriesKcal?: number;
  proteinG?: number;
  carbsG?: number;
  fatG?: number;
  externalId?: string;
  loggedAt?: string;
  mealType?: "breakfast" | "lunch" | "dinner" | "snack";
}

export interface NutritionDay {
  date: string;
  caloriesKcal: number | null;
  proteinG: number | null;
  carbsG: number | null;
  fatG: number | null;
  entries: number;
  nutritionScore: number | null;
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** A day's nutrition totals and score after a change, read back from the recomputed day. */
export async function nutritionDayOf(db: Db, member: InsightsMember, date: string): Promise<NutritionDay> {
  const w = await loadWindow(db, member, safeTimeZone(member.timeZone), date);
  const d = dayOf(w, date);
  return {
    date,
    caloriesKcal: r1(nutrient(d, "caloriesKcal")),
    proteinG: r1(nutrient(d, "proteinG")),
    carbsG: r1(nutrient(d, "carbsG")),
    fatG: r1(nutrient(d, "fatG")),
    entries: d.entryCounts.nutrition ?? 0,
    nutritionScore: PILLARS.nutrition.score(w, date)?.score ?? null,
  };
}

/**
 * Logs one meal or snack. Without externalId every call adds to the day's totals; with one, a
 * repeat replaces the earlier contribution (also moving it to another day when loggedAt says so).
 */
export async function logNutrition(db: Db, member: InsightsMember, input: NutritionLogInput, now = new Date()) {
  const tz = safeTimeZone(member.timeZone);
  const loggedAt = input.loggedAt ? new Date(input.loggedAt) : now;
  if (loggedAt.getTime() > now.getTime() + FUTURE_SKEW_MS) throw badRequest("loggedAt is in the future.", "loggedAt");
  const localDate = localDateOf(loggedAt, tz);
  const oldest = addDays(localDateOf(now, tz), -BACKFILL_DAYS);
  if (localDate < oldest) throw badRequest(`loggedAt is more than ${BACKFILL_DAYS} days ago: the oldest accepted day is ${oldest} (${tz}).`, "loggedAt");
  const values = {
    localDate,
    loggedAt,
    mealType: input.mealType ?? null,
    caloriesKcal: input.caloriesKcal ?? null,
    proteinG: input.proteinG ?? null,
    carbsG: input.carbsG ?? null,
    fatG: input.fatG ?? null,
  };

  const { entry, status } = await db.transaction(async (tx) => {
    await lockMemberInsights(tx, member.id); // before the read, which must see every write committed before it
    const existing = input.externalId ? await findNutritionEntryByExternalId(tx, member.id, input.externalId) : null;
    if (existing?.localDate !== localDate && (await countNutritionEntriesOfDay(tx, member.id, localDate, MAX_NUTRITION_ENTRIES_PER_DAY)) >= MAX_NUTRITION_ENTRIES_PER_DAY) {
      throw unprocessable(
        `This member already has ${MAX_NUTRITION_ENTRIES_PER_DAY} nutrition entries on ${localDate}, the most one day holds; log a meal's items together or replace an entry by its externalId.`,
      );
    }
    let entry: NutritionEntryRow | undefined;
    await recomputeDays(tx, member, existing ? [existing.localDate, localDate] : [localDate], async () => {
      entry = existing
        ? await replaceNutritionEntry(tx, existing.id, values)
        : await insertNutritionEntry(tx, { organizationId: member.organizationId, endUserId: member.id, externalId: input.externalId ?? null, ...values });
    });
    return { entry: entry!, status: existing ? ("replaced" as const) : ("created" as const) };
  });

  return {
    id: entry.id,
    externalId: entry.externalId,
    status,
    localDate: entry.localDate,
    loggedAt: entry.loggedAt.toISOString(),
    mealType: entry.mealType,
    caloriesKcal: entry.caloriesKcal,
    proteinG: entry.proteinG,
    carbsG: entry.carbsG,
    fatG: entry.fatG,
    day: await nutritionDayOf(db, member, localDate),
  };
}

/** Removes a logged entry by its externalId: the day's totals drop by its values and its score is recomputed. */
export async function deleteNutritionLog(db: Db, member: InsightsMember, externalId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberInsights(tx, member.id);
    const existing = await findNutritionEntryByExternalId(tx, member.id, externalId);
    if (!existing) throw notFound(`No nutrition entry with externalId "${externalId}" for this member.`);
    await recomputeDays(tx, member, [existing.localDate], () => deleteNutritionEntry(tx, existing.id));
  });
}

/** POST nutrition/log for the member named in the path. */
export async function logMemberNutrition(db: Db, organizationId: string, identifier: string, input: NutritionLogInput) {
  return logNutrition(db, await resolveInsightsMember(db, organizationId, identifier), input);
}

/** DELETE nutrition/log/{externalId} for the member named in the path. */
export async function deleteMemberNutritionLog(db: Db, organizationId: string, identifier: string, externalId: string): Promise<void> {
  await deleteNutritionLog(db, await resolveInsightsMember(db, organizationId, identifier), externalId);
}
