import { z } from "zod";

/**
 * The model's part in plan generate and adapt: read the free text into constraints and write
 * the plan's name, description and reasoning. Workouts and progression stay with the engine.
 */
export const PlanModelOutput = z.object({
  constraints: z.object({
    impact: z.enum(["avoid-high", "prefer-high"]).nullable(),
    intensity: z.number().int().min(-2).max(2).nullable(),
    equipment: z.enum(["none", "use"]).nullable(),
  }),
  name: z.string().min(3).max(90),
  description: z.string().min(10).max(700),
  localizedName: z.string().max(90).nullable(),
  localizedDescription: z.string().max(700).nullable(),
  reasoning: z.string().min(3).max(900),
});
export type PlanModelOutput = z.output<typeof PlanModelOutput>;

export const PLAN_SYSTEM = [
  "You are the programming assistant of a fitness platform writing about a multi-week training plan.",
  "The schedule is built by code; you read the member's text into constraints and write the plan's texts.",
  "The member's text wins over the methodology's guidance. Answer with the JSON object only.",
].join(" ");

export function planPrompt(args: {
  task: string;
  facts: string[];
  userText?: string;
  userTextLabel: string;
  methodologyGuidance?: string;
  locale: string | null;
}): string {
  return [
    args.task,
    ...args.facts,
    args.userText ? `Member's ${args.userTextLabel} (highest priority): """${args.userText}"""` : "",
    args.methodologyGuidance ? `Methodology guidance (lower priority): """${args.methodologyGuidance}"""` : "",
    "name: short English plan name. description: one or two English sentences. reasoning: two or three English sentences on why this plan suits the member.",
    args.locale && !args.locale.startsWith("en")
      ? `localizedName and localizedDescription: the same in ${args.locale}.`
      : "localizedName and localizedDescription: null.",
  ]
    .filter(Boolean)
    .join("\n");
}
