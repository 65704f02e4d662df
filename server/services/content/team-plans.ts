/**
 * Team plans built week by week in the console: each week lists its training days and the
 * workouts of each day. Plans reference the workspace's published workouts only (a plan must
 * be playable when it is published). Stored like generated plans (insertPlanWithSchedule), so
 * they list, read and assign like any plan.
 */
import { z } from "zod";
import type { Db } from "@/db/client";
import { insertPlanWithSchedule } from "@/db/queries/ai";
import { findPlanForEditing, lockOrgPlan, replacePlanContent } from "@/db/queries/plans";
import { listPublishedWorkoutIds } from "@/db/queries/workouts";
import { DIFFICULTIES } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { badRequest, notFound } from "@/server/api/errors";
import { pickText } from "@/server/api/locale";
import { HexId } from "@/server/api/schemas";
import { getReferenceData } from "@/server/services/metadata/reference-cache";
import { TextMap, Translations, searchDocument } from "./create-workout";
import { publishPlan, unpublishPlan } from "./publish-content";

const PlanDay = z
  .object({
    day: z.number().int().min(1).max(7),
    workoutIds: z.array(HexId).min(1, "a training day has at least one workout").max(5),
  })
  .strict();

const PlanWeek = z
  .object({ days: z.array(PlanDay).max(7) })
  .strict()
  .superRefine((w, ctx) => {
    const seen = new Set<number>();
    w.days.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: "custom", path: ["days", i, "day"], message: `day ${d.day} appears twice in this week` });
      seen.add(d.day);
    });
  });

/** A plan from the console's plan builder. */
export const PlanForm = z
  .object({
    name: Translations,
    description: TextMap.optional(),
    difficulty: z.enum(DIFFICULTIES),
    visibility: z.enum(["public", "private"]),
    goalIds: z.array(HexId).max(10).default([]),
    categoryIds: z.array(HexId).max(20).default([]),
    weeks: z.array(PlanWeek).min(1).max(52),
  })
  .strict()
  .refine((p) => p.weeks.some((w) => w.days.length > 0), { path: ["weeks"], message: "schedule at least one workout" });
export type PlanForm = z.output<typeof PlanForm>;

async function preparePlan(db: Db, organizationId: string, form: PlanForm) {
  const ref = await getReferenceData(db);
  const goals = new Set(ref.goals.map((g) => g.id));
  const categories = new Set(ref.categories.map((c) => c.id));
  const badGoals = form.goalIds.filter((id) => !goals.has(id));
  if (badGoals.length) throw badRequest(`Unknown goal id(s): ${badGoals.join(", ")}.`, "goalIds");
  const badCategories = form.categoryIds.filter((id) => !categories.has(id));
  if (badCategories.length) throw badRequest(`Unknown category id(s): ${badCategories.join(", ")}.`, "categoryIds");
  const schedule = form.weeks.flatMap((w, wi) =>
    [...w.days].sort((a, b) => a.day - b.day).flatMap((d) => d.workoutIds.map((workoutId, position) => ({ week: wi + 1, day: d.day, position, workoutId }))),
  );
  const ids = [...new Set(schedule.map((s) => s.workoutId))];
  const published = new Set(await listPublishedWorkoutIds(db, organizationId, ids));
  for (const [wi, w] of form.weeks.entries()) {
    for (const [di, d] of w.days.entries()) {
      for (const [i, id] of d.workoutIds.entries()) {
        if (!published.has(id)) throw badRequest(`Workout ${id} is not a published workout of this workspace.`, `weeks[${wi}].days[${di}].workoutIds[${i}]`);
      }
    }
  }
  const columns = {
    name: form.name,
    description: form.description ?? { "en-US": "" },
    searchText: searchDocument(form.name, form.description),
    difficulty: form.difficulty,
    visibility: form.visibility,
    goalIds: form.goalIds,
    categoryIds: form.categoryIds,
    durationWeeks: form.weeks.length,
    daysPerWeek: Math.max(1, ...form.weeks.map((w) => w.days.length)),
  };
  return { columns, schedule };
}

/** Creates a team plan as a draft (publish it when it is ready). */
export async function createTeamPlan(db: Db, args: { organizationId: string; trainerId: string; form: PlanForm }) {
  const { columns, schedule } = await preparePlan(db, args.organizationId, args.form);
  const id = newId();
  const now = new Date();
  await db.transaction((tx) =>
    insertPlanWithSchedule(tx, { id, organizationId: args.organizationId, trainerId: args.trainerId, ...columns, status: "draft", source: "team", createdAt: now, updatedAt: now }, schedule),
  );
  return { id, status: "draft" as const };
}

/** Replaces a team plan's fields and schedule; members enrolled in it follow the new schedule. */
export async function saveTeamPlan(db: Db, args: { organizationId: string; planId: string; form: PlanForm }) {
  const { columns, schedule } = await preparePlan(db, args.organizationId, args.form);
  return db.transaction(async (tx) => {
    const current = await lockOrgPlan(tx, args.organizationId, args.planId);
    if (!current || current.visibility === "end-user-ai-generated") throw notFound("Plan not found in this workspace.");
    await replacePlanContent(tx, args.planId, { ...columns, updatedAt: new Date() }, schedule);
    return { id: args.planId, status: current.status };
  });
}

/** A plan as the plan builder edits it, with the names of its scheduled workouts. */
export async function getPlanDraft(db: Db, organizationId: string, planId: string) {
  const found = await findPlanForEditing(db, organizationId, planId);
  if (!found) throw notFound("Plan not found in this workspace.");
  const { plan: p, schedule } = found;
  const weeks: { days: { day: number; workoutIds: string[] }[] }[] = Array.from({ length: p.durationWeeks }, () => ({ days: [] }));
  const workouts: Record<string, { id: string; name: string; status: string; duration: number }> = {};
  for (const s of schedule) {
    while (weeks.length < s.week) weeks.push({ days: [] });
    const week = weeks[s.week - 1]!;
    let day = week.days.find((d) => d.day === s.day);
    if (!day) {
      day = { day: s.day, workoutIds: [] };
      week.days.push(day);
    }
    day.workoutIds.push(s.workoutId);
    workouts[s.workoutId] = { id: s.workoutId, name: pickText(s.workoutName), status: s.workoutStatus, duration: s.duration };
  }
  return {
    id: p.id,
    status: p.status,
    source: p.source,
    updatedAt: p.updatedAt.toISOString(),
    form: {
      name: p.name,
      description: p.description,
      difficulty: p.difficulty,
      visibility: p.visibility as "public" | "private",
      goalIds: p.goalIds,
      categoryIds: p.categoryIds,
      weeks,
    },
    workouts,
  };
}

export async function publishPlanById(db: Db, organizationId: string, planId: string) {
  const outcome = await db.transaction((tx) => publishPlan(tx, organizationId, planId));
  if (outcome === "not_found") throw notFound("Plan not found in this workspace.");
  if (outcome === "empty") throw badRequest("A plan needs at least one scheduled workout to be published.", "weeks");
  return { id: planId, status: "published" as const, outcome };
}

export async function unpublishPlanById(db: Db, organizationId: string, planId: string) {
  const outcome = await db.transaction((tx) => unpublishPlan(tx, organizationId, planId));
  if (outcome === "not_found") throw notFound("Plan not found in this workspace.");
  return { id: planId, status: "draft" as const, outcome };
}
