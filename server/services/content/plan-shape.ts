import type { PlanListRow } from "@/db/queries/plans";
import { type Locale, pickText } from "@/server/core/locale";
import { namedList } from "./reference";
import type { ReferenceIndex } from "@/server/ai/types";

/** The org plan list item (also the head of the plan document). */
export function planListItem(row: PlanListRow, ref: ReferenceIndex, locale: Locale) {
  return {
    id: row.id,
    _id: row.id,
    organizationId: row.organizationId,
    _teamId: row.organizationId,
    ownerId: row.trainerId,
    _ownerId: row.trainerId,
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    difficulty: row.difficulty,
    visibility: row.visibility,
    durationWeeks: row.durationWeeks,
    daysPerWeek: row.daysPerWeek,
    workoutCount: Number(row.workoutCount),
    goals: namedList(ref.goalById, row.goalIds, locale),
    categories: namedList(ref.categoryById, row.categoryIds, locale),
    trainer: row.trainerId && row.trainerName !== null ? { id: row.trainerId, name: row.trainerName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
