import { z } from "zod";
import { defineOperation } from "../operation";
import { AssignFlags, AssignResult, AssignWorkoutsBody, PlanEnrollment, PlanSummary, StartPlanBody } from "@/server/contracts/members";
import { HexId, ReadLocaleParam, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";

/**
 * The `{endUserId}` path segment: a 24-hex id, an external id or an email (case-insensitive). The
 * kernel percent-decodes path parameters once (decoding again would turn `%2500` into NUL).
 */
const EndUserIdentifier = z
  .string()
  .min(1)
  .max(320)
  .meta({ description: "The member: 24-hex user id, external id, or email (case-insensitive).", example: "alex@example.com" });

const OrgParams = z.object({ organizationId: HexId });
const MemberParams = z.object({ organizationId: HexId, endUserId: EndUserIdentifier });
const MemberPlanParams = z.object({ organizationId: HexId, endUserId: EndUserIdentifier, planId: HexId });
const LocaleQuery = z.object({ locale: ReadLocaleParam }).strict();
const PageQuery = z.object({ limit: limitParam(50, 20), offset: offsetParam, locale: ReadLocaleParam }).strict();

export const EndUser = z
  .object({
    id: z.string().meta({ description: "24-hex member id." }),
    email: z.string().nullable(),
    externalId: z.string().nullable().meta({ description: "The partner's own id for this member." }),
    name: z.string().nullable(),
    status: z.enum(["active", "suspended"]).meta({ description: "Suspended members are listed but resolve to 404 everywhere else." }),
    preferredLocale: z.string(),
    timeZone: z.string().meta({ description: "IANA time zone; plan days and progress follow it." }),
    createdAt: z.string().meta({ description: "ISO 8601." }),
    updatedAt: z.string().meta({ description: "ISO 8601." }),
  })
  .meta({ id: "EndUser" });

export const LibraryWorkout = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    duration: z.number().int().meta({ description: "Seconds." }),
    difficulty: z.enum(["beginner", "intermediate", "advanced"]),
    visibility: z.enum(["public", "private"]),
    locked: z.boolean(),
    rating: z.number().meta({ description: "Average rating option value from feedback; 0 without feedback." }),
    thumbnailUrl: z.string().nullable().meta({ description: "Public image URL." }),
    assignedAt: z.string().meta({ description: "When the workout was added to the member's library (ISO 8601)." }),
  })
  .meta({ id: "LibraryWorkout" });


export const LibraryPlan = PlanSummary.extend({
  assignedAt: z.string().meta({ description: "When the plan was added to the member's library (ISO 8601)." }),
}).meta({ id: "LibraryPlan" });


export const PlanProgress = z
  .object({
    enrollmentId: z.string(),
    planId: z.string(),
    planName: z.string(),
    startDate: z.string(),
    endDate: z.string().meta({ description: "Last day of the last week (YYYY-MM-DD)." }),
    status: z.enum(["upcoming", "inProgress", "finished"]),
    currentWeek: z.number().int().nullable().meta({ description: "1-based; null before the start date." }),
    currentDay: z.number().int().nullable().meta({ description: "1 to 7 within the current week; null before the start date." }),
    totalWeeks: z.number().int(),
    scheduledWorkouts: z.number().int(),
    completedWorkouts: z.number().int().meta({ description: "Scheduled workouts matched by a completed session since the start date." }),
    percentage: z.number().int().min(0).max(100),
    workouts: z.array(
      z.object({
        week: z.number().int(),
        day: z.number().int(),
        position: z.number().int(),
        workoutId: z.string(),
        name: z.string(),
        scheduledDate: z.string(),
        completed: z.boolean(),
        completedAt: z.string().nullable(),
        sessionId: z.string().nullable().meta({ description: "The completed session that counted for this slot." }),
      }),
    ),
  })
  .meta({ id: "PlanProgress" });



export const listEndUsers = defineOperation({
  operationId: "EndUsersApi_listEndUsers",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers",
  tag: "End users",
  summary: "List the organization's end users",
  description: "Newest first. Suspended members are listed with `status: suspended` unless filtered out.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: OrgParams,
  query: z
    .object({
      limit: limitParam(100, 20),
      offset: offsetParam,
      status: z.enum(["active", "suspended"]).optional().meta({ description: "Only members with this status." }),
    })
    .strict(),
  success: { status: 200, description: "A page of end users.", schema: listOf(EndUser).meta({ id: "EndUserList" }) },
  errors: [403, 404],
});

export const listEndUserWorkouts = defineOperation({
  operationId: "EndUserLibraryApi_listEndUserWorkouts",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/workouts",
  tag: "End-user library",
  summary: "Published organization workouts assigned to the member",
  auth: ["X-Api-Key"],
  weight: 1,
  params: MemberParams,
  query: PageQuery,
  success: {
    status: 200,
    description: "A page of library workouts, most recently assigned first.",
    schema: listOf(LibraryWorkout).meta({ id: "LibraryWorkoutList" }),
  },
  errors: [403, 404],
});

export const assignEndUserWorkouts = defineOperation({
  operationId: "EndUserLibraryApi_assignWorkouts",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/workouts/assign",
  tag: "End-user library",
  summary: "Assign workouts to the member's library",
  description:
    "At most 10 ids. All or nothing: any id that is not a published public or private workout of the organization gives 400 and nothing is written. Already-assigned ids are skipped; an empty list is 200. Email and push notifications (default on) announce newly added workouts only.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  body: AssignWorkoutsBody,
  bodyRequired: true,
  success: { status: 200, description: "What was added and skipped.", schema: z.object({ data: AssignResult }) },
  errors: [403, 404],
});

export const unassignEndUserWorkouts = defineOperation({
  operationId: "EndUserLibraryApi_unassignWorkouts",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/workouts/unassign",
  tag: "End-user library",
  summary: "Remove workouts from the member's library",
  description: "Idempotent: ids that are unknown, not assigned or of another organization are ignored. No notification.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  body: z
    .object({ workoutIds: z.array(HexId).max(100) })
    .strict()
    .meta({ id: "UnassignWorkoutsBody" }),
  bodyRequired: true,
  success: {
    status: 200,
    description: "The ids that were removed.",
    schema: z.object({ data: z.object({ removed: z.array(z.string()) }).meta({ id: "UnassignWorkoutsResult" }) }),
  },
  errors: [403, 404],
});

export const listEndUserPlans = defineOperation({
  operationId: "EndUserLibraryApi_listEndUserPlans",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans",
  tag: "End-user library",
  summary: "Public and private organization plans in the member's library",
  description: "The active plan is not part of this list (read it with GET .../plans/active); end-user-ai-generated plans never are.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: MemberParams,
  query: PageQuery,
  success: { status: 200, description: "A page of library plans, most recently added first.", schema: listOf(LibraryPlan).meta({ id: "LibraryPlanList" }) },
  errors: [403, 404],
});

export const assignEndUserPlans = defineOperation({
  operationId: "EndUserLibraryApi_assignPlans",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/assign",
  tag: "End-user library",
  summary: "Assign plans to the member's library (does not start them)",
  description:
    "At most 5 ids. All or nothing: every id must be a trainer-owned public or private plan of the organization (never end-user-ai-generated), otherwise 400 and nothing is written. Already-assigned ids are skipped; notifications announce newly added plans only.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  body: z
    .object({ planIds: z.array(HexId).max(5), ...AssignFlags })
    .strict()
    .meta({ id: "AssignPlansBody" }),
  bodyRequired: true,
  success: { status: 200, description: "What was added and skipped.", schema: z.object({ data: AssignResult }) },
  errors: [403, 404],
});

export const unassignEndUserPlans = defineOperation({
  operationId: "EndUserLibraryApi_unassignPlans",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/unassign",
  tag: "End-user library",
  summary: "Remove plans from the member's library",
  description: "Idempotent. Removing the active plan also ends its enrollment.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  body: z
    .object({ planIds: z.array(HexId).max(100) })
    .strict()
    .meta({ id: "UnassignPlansBody" }),
  bodyRequired: true,
  success: {
    status: 200,
    description: "The ids that were removed, and whether the active plan was among them.",
    schema: z.object({ data: z.object({ removed: z.array(z.string()), activePlanEnded: z.boolean() }).meta({ id: "UnassignPlansResult" }) }),
  },
  errors: [403, 404],
});

export const startEndUserPlan = defineOperation({
  operationId: "EndUserLibraryApi_startPlan",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/start",
  tag: "End-user library",
  summary: "Enroll the member in a plan and make it the active one",
  description:
    "The plan need not be assigned first (it is added to the library). One active plan per member: a previously active plan is ended; starting the active plan again restarts it. Eligible: trainer-owned public or private plans of the organization, and plans generated or adapted for this member. `startDate` defaults to today in the member's time zone.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  query: LocaleQuery,
  body: StartPlanBody,
  bodyRequired: true,
  success: { status: 201, description: "The new active enrollment.", schema: z.object({ data: PlanEnrollment }) },
  errors: [403, 404],
});

export const endEndUserPlan = defineOperation({
  operationId: "EndUserLibraryApi_endPlan",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/{planId}/end",
  tag: "End-user library",
  summary: "End the member's active plan",
  description: "Clears the active flag; the plan stays in the library. 404 when this plan is not the member's active plan. No body.",
  auth: ["X-Api-Key"],
  weight: 1,
  idempotency: "transaction",
  params: MemberPlanParams,
  query: LocaleQuery,
  success: { status: 200, description: "The ended enrollment (isActive false).", schema: z.object({ data: PlanEnrollment }) },
  errors: [403, 404],
});

export const getEndUserActivePlan = defineOperation({
  operationId: "EndUserLibraryApi_getActivePlan",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/active",
  tag: "End-user library",
  summary: "The member's active plan enrollment",
  description: "`data` is null when the member has no active plan.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: MemberParams,
  query: LocaleQuery,
  success: { status: 200, description: "The active enrollment or null.", schema: z.object({ data: PlanEnrollment.nullable() }) },
  errors: [403, 404],
});

export const getEndUserActivePlanProgress = defineOperation({
  operationId: "EndUserLibraryApi_getActivePlanProgress",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/plans/active/progress",
  tag: "End-user library",
  summary: "Progress through the member's active plan",
  description:
    "Computed from the member's completed sessions since the start date: each completed session fills the earliest unfilled scheduled slot of its workout. `data` is null when the member has no active plan.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: MemberParams,
  query: LocaleQuery,
  success: { status: 200, description: "Progress or null.", schema: z.object({ data: PlanProgress.nullable() }) },
  errors: [403, 404],
});
