import { z } from "zod";
import { AdaptWorkoutBody, GenerateWorkoutBody, GeneratedWorkout } from "./ai";
import { AssignResult, AssignWorkoutsBody, PlanEnrollment, StartPlanBody } from "./members";
import { HexId } from "./schemas";

/**
 * Who a chat call is for: the organization and exactly one of the member's email or external UUID
 * (the operations' schemas require one; the chat services resolve it to a member).
 */
export type ChatIdentity = { organizationId: string; userEmail?: string; userExternalUUID?: string };

const EndPlanParams = z.object({ planId: HexId }).strict().meta({ id: "EndPlanActionParams" });
const AdaptWorkoutParams = AdaptWorkoutBody.extend({ workoutId: HexId.meta({ description: "The team workout to adapt." }) })
  .strict()
  .meta({ id: "AdaptWorkoutActionParams" });

/**
 * Each action type with its parameters (the body of the operation it runs, with the path's ids
 * folded in; server/api/operations/chat.ts names the operation) and the request type its
 * ValidationError names. The member is the conversation's.
 */
export const CHAT_ACTION_PARAMS = {
  assign_workout: { params: AssignWorkoutsBody, target: "AssignWorkoutsBody" },
  start_plan: { params: StartPlanBody, target: "StartPlanBody" },
  end_plan: { params: EndPlanParams, target: "EndPlanActionParams" },
  generate_workout: { params: GenerateWorkoutBody, target: "GenerateWorkoutBody" },
  adapt_workout: { params: AdaptWorkoutParams, target: "AdaptWorkoutActionParams" },
} as const;

export const ChatActionResult = z
  .discriminatedUnion("type", [
    z.object({ actionId: z.string(), type: z.literal("assign_workout"), data: AssignResult }),
    z.object({ actionId: z.string(), type: z.literal("start_plan"), data: PlanEnrollment }),
    z.object({ actionId: z.string(), type: z.literal("end_plan"), data: PlanEnrollment }),
    z.object({ actionId: z.string(), type: z.literal("generate_workout"), data: GeneratedWorkout }),
    z.object({ actionId: z.string(), type: z.literal("adapt_workout"), data: GeneratedWorkout }),
  ])
  .meta({ id: "ChatActionResult", description: "The confirmed action and the response data of the operation it ran." });
