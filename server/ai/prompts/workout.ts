import { z } from "zod";
import type { Locale } from "@/server/core/locale";
import type { WorkoutBounds } from "../rules";
import type { MethodologyInput, PoolExercise, ReferenceIndex } from "../types";

/**
 * The model's part in workout generate and adapt: read the free text into constraints, choose
 * main exercises among the candidates the engine proposes, and write the name and description
 * (and their translation). Every field is required and nullable so strict structured-output
 * servers accept the schema.
 */
export const WorkoutModelOutput = z.object({
  constraints: z.object({
    impact: z.enum(["avoid-high", "prefer-high"]).nullable(),
    intensity: z.number().int().min(-2).max(2).nullable(),
    focusMuscleGroupIds: z.array(z.string()).max(20).nullable(),
    avoidExerciseIds: z.array(z.string()).max(200).nullable(),
    rest: z.enum(["shorter", "longer"]).nullable(),
    workStyle: z.enum(["reps", "time"]).nullable(),
  }),
  exerciseIds: z.array(z.string()).min(1).max(16),
  name: z.string().min(3).max(90),
  description: z.string().min(10).max(700),
  localizedName: z.string().max(90).nullable(),
  localizedDescription: z.string().max(700).nullable(),
  reasoning: z.string().max(700).nullable(),
});
export type WorkoutModelOutput = z.output<typeof WorkoutModelOutput>;

export const WORKOUT_SYSTEM = [
  "You are the programming assistant of a fitness platform. You help build one workout from a fixed catalog.",
  "You never invent exercises: choose exercise ids only from the candidate list you are given.",
  "Hard rules (durations, rests, safety, banned exercises) are enforced by code after you answer; do not try to set durations.",
  "Precedence: the member's own text wins over the methodology's guidance text; both are guidance, not hard rules.",
  "Answer with the JSON object only.",
].join(" ");

export function workoutPrompt(args: {
  ref: ReferenceIndex;
  bounds: WorkoutBounds;
  categoryKey: string | null;
  goalCategoryKeys: string[];
  candidates: PoolExercise[];
  wanted: number;
  userText: string | undefined;
  userTextLabel: "userRequirements" | "userGuidance";
  methodology: MethodologyInput | null;
  locale: Locale | null;
  baseWorkoutName?: string;
}): string {
  const muscle = (id: string) => args.ref.muscleById.get(id)?.name["en-US"] ?? id;
  const lines = [
    args.baseWorkoutName ? `Task: adapt the workout "${args.baseWorkoutName}" for this member.` : "Task: generate a workout.",
    `Member level: ${args.bounds.level}. Duration window: ${Math.round(args.bounds.durationMinSec / 60)}-${Math.round(args.bounds.durationMaxSec / 60)} minutes.`,
    args.categoryKey ? `Category: ${args.categoryKey}.` : "",
    args.goalCategoryKeys.length ? `Goal-related categories: ${args.goalCategoryKeys.join(", ")}.` : "",
    `Choose ${args.wanted} main exercises (ordered, distinct) from the candidates, balancing muscle groups.`,
    args.userText ? `Member's ${args.userTextLabel} (highest priority guidance): """${args.userText}"""` : `No ${args.userTextLabel}.`,
    args.methodology?.guidance
      ? `Methodology "${args.methodology.name}" guidance (lower priority than the member's text): """${args.methodology.guidance}"""`
      : "",
    `Muscle group ids you may use in focusMuscleGroupIds: ${[...args.ref.muscleById.values()].map((m) => `${m.id}=${m.name["en-US"]}`).join(", ")}.`,
    "Candidates (id | name | muscles | impact | skill | pattern):",
    ...args.candidates.map(
      (e) =>
        `${e.id} | ${e.nameEn} | ${e.muscles
          .slice(0, 3)
          .map(([m]) => muscle(m))
          .join("/")} | ${e.impact} | ${e.skillLevel ?? "beginner"} | ${e.movementPattern ?? "-"}`,
    ),
    "constraints: what the texts ask for (null when they say nothing). avoidExerciseIds must be candidate ids.",
    "name: a short English workout name. description: one or two English sentences.",
    args.locale && !args.locale.startsWith("en")
      ? `localizedName and localizedDescription: the same in ${args.locale}.`
      : "localizedName and localizedDescription: null.",
    "reasoning: one English sentence on why this selection suits the member.",
  ];
  return lines.filter(Boolean).join("\n");
}
