import { z } from "zod";
import { HexId } from "@/server/contracts/schemas";
import {
  AdaptPlanBody,
  AdaptWorkoutBody,
  GeneratePlanBody,
  GeneratePreflight,
  GenerateWorkoutBody,
  GeneratedPlan,
  GeneratedWorkout,
  GenerationSnapshot,
  RecommendPlansBody,
  RecommendWorkoutsBody,
  RecommendedPlan,
  RecommendedWorkout,
} from "@/server/contracts/ai";
import { defineOperation } from "../operation";

/**
 * AI recommend, generate, preflight and adapt (spec "AI recommend, generate, adapt"), plus the
 * Generation Inspector read (an addition). All success responses are 200; weight 10 except
 * preflight (1). Bodies are strict: a wrong free-text key (`userGuidance` on generate,
 * `userRequirements` on adapt) or `methodologyProfileId` outside generate is a 400 ValidationError.
 */

const ORG = z.object({ organizationId: HexId });

// ---------------------------------------------------------------------------------------------
// Operations

export const recommendWorkouts = defineOperation({
  operationId: "AiApi_recommendWorkouts",
  method: "post",
  path: "/v1/orgs/{organizationId}/workouts/recommend",
  tag: "AI",
  summary: "Rank published public workouts for an end-user profile",
  description:
    "Up to 12 workouts with a text `recommendation` each, diverse rather than near-copies. Uses the profile and, when `endUserProfileDetails.endUserId` names a member, their completed sessions and feedback. An empty workspace gives 200 with an empty array. `categoryIds` is an optional hard filter.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: ORG,
  body: RecommendWorkoutsBody,
  success: {
    status: 200,
    description: "Bare recommendation response.",
    schema: z.object({ workouts: z.array(RecommendedWorkout), reasoning: z.string() }).meta({ id: "RecommendWorkoutsResponse" }),
  },
  errors: [403, 404],
});

export const recommendPlans = defineOperation({
  operationId: "AiApi_recommendPlans",
  method: "post",
  path: "/v1/orgs/{organizationId}/plans/recommend",
  tag: "AI",
  summary: "Rank public plans for an end-user profile",
  auth: ["X-Api-Key"],
  weight: 10,
  params: ORG,
  body: RecommendPlansBody,
  success: {
    status: 200,
    description: "Bare recommendation response.",
    schema: z.object({ plans: z.array(RecommendedPlan), reasoning: z.string() }).meta({ id: "RecommendPlansResponse" }),
  },
  errors: [403, 404],
});

export const generateWorkout = defineOperation({
  operationId: "AiApi_generateWorkout",
  method: "post",
  path: "/v1/orgs/{organizationId}/workouts/generate",
  tag: "AI",
  summary: "Generate an ephemeral workout from the exercise catalog",
  description:
    "Hard rules (platform, safety, methodology) are applied and verified by code; `userRequirements` and the methodology's guidance steer the rest. 400 for: an unsupported locale, both collection lists, sources with zero clips, a filtered pool under 10 exercises, an unknown/personal/inactive methodologyProfileId, or rules that make the request infeasible (the message names the rule). Keep clients open 120 s; the work completes even if the client disconnects.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: ORG,
  body: GenerateWorkoutBody,
  success: { status: 200, description: "The generated workout (ephemeral, no id).", schema: GeneratedWorkout },
  errors: [403, 404],
});

export const preflightGenerateWorkout = defineOperation({
  operationId: "AiApi_preflightGenerateWorkout",
  method: "post",
  path: "/v1/orgs/{organizationId}/workouts/generate/preflight",
  tag: "AI",
  summary: "Check a generate body: feasibility, pool size, clamps and infeasible reasons",
  description: "Same body as generate. Creates nothing. Infeasibility is reported in `infeasible[]` with 200; malformed bodies are still 400.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: ORG,
  body: GenerateWorkoutBody,
  success: { status: 200, description: "Feasibility report.", schema: GeneratePreflight },
  errors: [403, 404],
});

export const generatePlan = defineOperation({
  operationId: "AiApi_generatePlan",
  method: "post",
  path: "/v1/orgs/{organizationId}/plans/generate",
  tag: "AI",
  summary: "Generate a multi-week plan from library workouts",
  description:
    "Schedules published public workouts from `workoutCollectionSources` (default team plus template) over `trainingDaysPerWeek` with progression and a lighter week when the length warrants. Fewer than 3 eligible workouts is 400 (no template fallback). Persisted (top-level `id`, visibility end-user-ai-generated) only when `endUserProfileDetails.endUserId` names a member.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: ORG,
  body: GeneratePlanBody,
  success: { status: 200, description: "The plan.", schema: GeneratedPlan },
  errors: [403, 404],
});

export const adaptWorkout = defineOperation({
  operationId: "AiApi_adaptWorkout",
  method: "post",
  path: "/v1/orgs/{organizationId}/workouts/{workoutId}/adapt",
  tag: "AI",
  summary: "Adapt a team workout to an end user (ephemeral)",
  description:
    "Team workouts of the organization only: 400 when not eligible, 404 when not in the organization. Instances use kind `single-exercise`, as generate does.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: z.object({ organizationId: HexId, workoutId: HexId }),
  body: AdaptWorkoutBody,
  success: { status: 200, description: "The adapted workout with adaptationReasoning.", schema: GeneratedWorkout },
  errors: [403, 404],
});

export const adaptPlan = defineOperation({
  operationId: "AiApi_adaptPlan",
  method: "post",
  path: "/v1/orgs/{organizationId}/plans/{planId}/adapt",
  tag: "AI",
  summary: "Adapt a plan to an end user (persisted)",
  description:
    "`endUserProfileId` is required (400 without). The plan must belong to the organization (404 otherwise). Returns the persisted adapted plan with its id.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: z.object({ organizationId: HexId, planId: HexId }),
  body: AdaptPlanBody,
  bodyRequired: true,
  success: { status: 200, description: "The adapted plan.", schema: GeneratedPlan },
  errors: [403, 404],
});

export const getGeneration = defineOperation({
  operationId: "AiApi_getGeneration",
  method: "get",
  path: "/v1/orgs/{organizationId}/generations/{generationId}",
  tag: "AI",
  summary: "Read a Generation Inspector snapshot (addition)",
  description:
    "Not in the original contract, which says snapshots cannot be fetched later: this addition returns the snapshot stored for every generate, adapt and plan call (hard rules applied, violations, compliance, engine) by the `inspection.generationId` it returned.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId, generationId: HexId }),
  success: { status: 200, description: "The snapshot.", schema: z.object({ data: GenerationSnapshot }) },
  errors: [403, 404],
});
