import { z } from "zod";
import { HexId } from "./schemas";

/**
 * Bodies and results of the end-user library operations (server/api/operations/endusers.ts) that
 * the coach's actions run too (server/contracts/chat.ts).
 */

export const PlanSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    difficulty: z.enum(["beginner", "intermediate", "advanced"]),
    visibility: z.enum(["public", "private", "end-user-ai-generated"]),
    durationWeeks: z.number().int(),
    daysPerWeek: z.number().int(),
    goalIds: z.array(z.string()),
  })
  .meta({ id: "PlanSummary" });

export const PlanEnrollment = z
  .object({
    id: z.string().meta({ description: "Enrollment id." }),
    planId: z.string(),
    endUserId: z.string(),
    startDate: z.string().meta({ description: "YYYY-MM-DD in the member's time zone: day 1 of week 1." }),
    isActive: z.boolean(),
    createdAt: z.string(),
    endedAt: z.string().nullable(),
    plan: PlanSummary,
  })
  .meta({ id: "PlanEnrollment" });

export const AssignResult = z
  .object({
    added: z.array(z.string()).meta({ description: "Ids newly added to the library by this call." }),
    alreadyAssigned: z.array(z.string()).meta({ description: "Ids that were already in the library (skipped)." }),
    notifications: z
      .object({ email: z.boolean(), push: z.boolean() })
      .meta({ description: "Whether an email and a push announcing the added ids were queued (never for skipped ids; email needs an address)." }),
  })
  .meta({ id: "AssignResult" });

export const AssignFlags = {
  sendAssignmentEmail: z.boolean().default(true).meta({ description: "Email the member about newly added items (default true)." }),
  sendAssignmentPush: z.boolean().default(true).meta({ description: "Push-notify the member about newly added items (default true)." }),
};

export const AssignWorkoutsBody = z
  .object({ workoutIds: z.array(HexId).max(10), ...AssignFlags })
  .strict()
  .meta({ id: "AssignWorkoutsBody" });

export const StartPlanBody = z
  .object({
    planId: HexId,
    startDate: z.iso.date().max(10).optional().meta({ description: "YYYY-MM-DD: day 1 of week 1 (default: today for the member)." }),
  })
  .strict()
  .meta({ id: "StartPlanBody" });
