import type { Db } from "@/db/client";
import { findPlanById, listPlanSchedule, listPlanWorkoutsPage } from "@/db/queries/plans";
import { listWorkoutFacets } from "@/db/queries/workouts";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { groupFacets, planListItem, workoutListItem } from "./serialize";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";

/** A published plan by id (any visibility, including end-user-ai-generated) of the caller's organization. */
async function findReadablePlan(db: Db, caller: Caller, planId: string) {
  const plan = await findPlanById(db, planId);
  if (plan?.status !== "published" || plan.deletedAt) throw notFound("Plan not found.");
  caller.assertOrganization(plan.organizationId);
  return plan;
}

/**
 * The full plan document: the list fields, every translation of name and description, where
 * a generated or adapted plan came from, its extra generated fields, and the schedule in sequence.
 */
export async function getPlan(db: Db, caller: Caller, planId: string, locale: Locale) {
  const plan = await findReadablePlan(db, caller, planId);
  const [schedule, ref] = await Promise.all([listPlanSchedule(db, plan.id), getReferenceIndex(db)]);
  return {
    ...planListItem(plan, ref, locale),
    source: plan.source,
    endUserId: plan.endUserId,
    basePlanId: plan.basePlanId,
    nameTranslations: plan.name,
    descriptionTranslations: plan.description,
    details: plan.details ?? null,
    schedule: schedule.map((s, i) => ({
      sequence: i + 1,
      week: s.week,
      day: s.day,
      position: s.position,
      workoutId: s.workoutId,
      workoutName: pickText(s.workoutName, locale),
      duration: s.workoutDuration,
      prescription: s.prescription ?? null,
    })),
  };
}

/** The plan's workouts in sequence (week, day, position), each as a full workout list item. */
export async function listPlanWorkouts(db: Db, caller: Caller, planId: string, input: { limit: number; offset: number; locale: Locale }) {
  const plan = await findReadablePlan(db, caller, planId);
  const page = await listPlanWorkoutsPage(db, { planId: plan.id, limit: input.limit, offset: input.offset });
  const [facetRows, ref] = await Promise.all([listWorkoutFacets(db, [...new Set(page.rows.map((r) => r.workout.id))]), getReferenceIndex(db)]);
  const facets = groupFacets(facetRows);
  return {
    data: page.rows.map((r, i) => ({
      id: r.slotId,
      sequence: input.offset + i + 1,
      week: r.week,
      day: r.day,
      position: r.position,
      prescription: r.prescription ?? null,
      workout: workoutListItem(r.workout, facets.get(r.workout.id), ref, input.locale),
    })),
    total: page.total,
  };
}
