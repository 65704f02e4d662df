import { z } from "zod";
import { PLAN_SORT_FIELDS } from "@/db/queries/plans";
import { DIFFICULTIES } from "@/db/schema";
import { defineOperation } from "../operation";
import { HexId, IdName, ReadLocaleParam, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";
import { WorkoutListItem, deprecatedId, deprecatedNullableId, sortParam } from "./workouts";

const planFields = {
  id: z.string(),
  _id: deprecatedId("id"),
  organizationId: z.string(),
  _teamId: deprecatedId("organizationId"),
  ownerId: z.string().nullable().meta({ description: "The trainer who owns the plan." }),
  _ownerId: deprecatedNullableId("ownerId"),
  name: z.string().meta({ description: "Localized when `locale` is given." }),
  description: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  visibility: z.enum(["public", "private", "end-user-ai-generated"]),
  durationWeeks: z.number().int(),
  daysPerWeek: z.number().int(),
  workoutCount: z.number().int().meta({ description: "Scheduled workouts that can be played (published, not deleted)." }),
  goals: z.array(IdName),
  categories: z.array(IdName),
  trainer: IdName.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const Plan = z.object(planFields).meta({ id: "Plan", description: "A plan (program) in the org plan list." });

export const PlanDocument = z
  .object({
    ...planFields,
    source: z.enum(["team", "template", "ai-generated", "ai-adapted"]),
    endUserId: z.string().nullable().meta({ description: "The member a generated or adapted plan was made for." }),
    basePlanId: z.string().nullable().meta({ description: "The plan an adapted plan was derived from." }),
    nameTranslations: z.record(z.string(), z.string()).meta({ description: "Every stored translation of the name, keyed by locale." }),
    descriptionTranslations: z.record(z.string(), z.string()),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "Extra fields stored with generated or adapted plans (reasoning, progression notes); null otherwise." }),
    schedule: z
      .array(
        z.object({
          sequence: z.number().int().meta({ description: "1-based position in the plan." }),
          week: z.number().int().meta({ description: "1-based week." }),
          day: z.number().int().meta({ description: "1 (Monday) to 7 (Sunday)." }),
          position: z.number().int().meta({ description: "Order inside the day, from 0." }),
          workoutId: z.string(),
          workoutName: z.string(),
          duration: z.number().meta({ description: "The workout's planned seconds." }),
          prescription: z
            .record(z.string(), z.unknown())
            .nullable()
            .meta({ description: "Per-occurrence progression of generated plans (volume, intensity)." }),
        }),
      )
      .meta({ description: "The plan's workouts in sequence (week, day, position); full workouts at GET /v1/plans/{planId}/workouts." }),
  })
  .meta({ id: "PlanDocument", description: "The full plan document." });

export const PlanWorkout = z
  .object({
    id: z.string().meta({ description: "The schedule slot's id." }),
    sequence: z.number().int().meta({ description: "1-based position in the plan." }),
    week: z.number().int(),
    day: z.number().int().meta({ description: "1 (Monday) to 7 (Sunday)." }),
    position: z.number().int(),
    prescription: z.record(z.string(), z.unknown()).nullable(),
    workout: WorkoutListItem,
  })
  .meta({ id: "PlanWorkout", description: "One scheduled workout of a plan." });

const PlanParams = z.object({ planId: HexId });

export const listOrganizationPlans = defineOperation({
  operationId: "OrganizationPlansApi_listOrganizationPlans",
  method: "get",
  path: "/v1/orgs/{organizationId}/plans",
  tag: "Organization library",
  summary: "Published public and private workspace plans",
  description:
    "Plans made for one member (`end-user-ai-generated`) are never listed, even with `visibility=all`; read them by id. `q` matches every word as a substring of any translation of name or description.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  query: z
    .object({
      limit: limitParam(50, 20),
      offset: offsetParam,
      locale: ReadLocaleParam,
      q: z.string().max(200).optional(),
      sort: sortParam(PLAN_SORT_FIELDS).optional(),
      visibility: z.enum(["private", "public", "all"]).default("all"),
      difficulty: z.enum(DIFFICULTIES).optional(),
    })
    .strict(),
  success: { status: 200, description: "A page of plans.", schema: listOf(Plan).meta({ id: "PlanList" }) },
  errors: [403, 404],
});

export const getPlanById = defineOperation({
  operationId: "PlansApi_getPlanById",
  method: "get",
  path: "/v1/plans/{planId}",
  tag: "Plans",
  summary: "The full plan document",
  description: "Published plans of the caller's organization of any visibility, including generated plans by their stored id.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: PlanParams,
  query: z.object({ locale: ReadLocaleParam }).strict(),
  success: { status: 200, description: "The plan.", schema: z.object({ data: PlanDocument }) },
  errors: [403, 404],
});

export const getPlanWorkouts = defineOperation({
  operationId: "PlansApi_getPlanWorkouts",
  method: "get",
  path: "/v1/plans/{planId}/workouts",
  tag: "Plans",
  summary: "The plan's workouts in sequence",
  description: "Ordered by week, day and position. Workouts unpublished or deleted since the plan was made are skipped.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: PlanParams,
  query: z.object({ limit: limitParam(50, 50), offset: offsetParam, locale: ReadLocaleParam }).strict(),
  success: { status: 200, description: "A page of the plan's workouts.", schema: listOf(PlanWorkout).meta({ id: "PlanWorkoutList" }) },
  errors: [403, 404],
});
