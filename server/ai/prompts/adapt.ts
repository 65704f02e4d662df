import { z } from "zod";

/**
 * The model's part in workout adapt: read `userGuidance` (and the member's situation) into
 * constraints and explain the adaptation. Swaps, scaling and all hard rules stay with code.
 */
export const AdaptModelOutput = z.object({
  constraints: z.object({
    impact: z.enum(["avoid-high", "prefer-high"]).nullable(),
    intensity: z.number().int().min(-2).max(2).nullable(),
    avoidExerciseIds: z.array(z.string()).max(100).nullable(),
    equipment: z.enum(["none", "use"]).nullable(),
    rest: z.enum(["shorter", "longer"]).nullable(),
  }),
  adaptationReasoning: z.string().min(10).max(900),
  localizedName: z.string().max(90).nullable(),
});
export type AdaptModelOutput = z.output<typeof AdaptModelOutput>;

export const ADAPT_SYSTEM = [
  "You are the programming assistant of a fitness platform adapting an existing workout for one member.",
  "Read the member's guidance into constraints (null when it says nothing). avoidExerciseIds must be ids from the workout's exercise list.",
  "Code applies the constraints, swaps exercises and enforces every safety bound; explain the adaptation in two or three English sentences.",
  "Answer with the JSON object only.",
].join(" ");

export function adaptPrompt(args: {
  workoutName: string;
  exercises: { id: string; line: string }[];
  profileLines: string[];
  userGuidance?: string;
  locale: string | null;
}): string {
  return [
    `Workout: "${args.workoutName}".`,
    ...args.profileLines,
    args.userGuidance ? `Member's userGuidance: """${args.userGuidance}"""` : "No userGuidance.",
    "Exercises (id | name | impact | skill | equipment):",
    ...args.exercises.map((e) => `${e.id} | ${e.line}`),
    args.locale && !args.locale.startsWith("en") ? `localizedName: the workout's name, adapted, in ${args.locale}.` : "localizedName: null.",
  ].join("\n");
}
