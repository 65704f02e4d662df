import { z } from "zod";
import { HexId, IdName, ReadLocale, exclusiveLists } from "@/server/contracts/schemas";
import { SUPPORTED_LOCALES } from "@/server/core/locale";

/**
 * The AI operations' bodies and results (server/api/operations/ai.ts declares the operations):
 * the services take the parsed bodies, and the coach's actions and the autopilot validate with the
 * same schemas.
 */

const Level = z.enum(["beginner", "intermediate", "advanced"]);
const MAX_FREE_TEXT = 2000;

export const EndUserProfileDetails = z
  .object({
    age: z.number().min(5).max(120).optional().meta({ description: "Years." }),
    gender: z.string().max(40).optional(),
    fitnessLevels: z.array(Level).max(3).optional().meta({ description: "The lowest level named is used (the safe one). Default intermediate." }),
    goalIds: z.array(HexId).max(20).optional().meta({ description: "Plan goal ids (GET /v1/plans/metadata)." }),
    trainingDaysPerWeek: z.number().int().min(1).max(7).optional(),
    preferredEquipmentCategoryIds: z
      .array(HexId)
      .max(50)
      .optional()
      .meta({ description: "Equipment categories the member has (GET /v1/workouts/equipment/metadata)." }),
    endUserId: z
      .string()
      .min(1)
      .max(320)
      .optional()
      .meta({ description: "An end user of the organization (24-hex id, external id or email). Personalizes recommend; names the owner of a generated plan." }),
  })
  .strict()
  .meta({ id: "EndUserProfileDetails" });

/** Generate's locale: exactly one of the 18 supported locales; `no`, `no-NO` and others are 400. */
const GenerateLocale = z.enum(SUPPORTED_LOCALES, {
  error: `locale must be one of ${SUPPORTED_LOCALES.join(", ")} (generate accepts no aliases such as "no").`,
});

const ExerciseSources = z
  .array(z.enum(["premium_stock", "free_stock", "team_exercises"]))
  .max(3)
  .meta({ description: "The final exercise catalog. Omitted or empty means free plus premium stock." });

const CollectionNames = z.array(z.string().min(1).max(200)).max(100);

const GenerateWorkoutFields = {
  endUserProfileDetails: EndUserProfileDetails.optional(),
  exerciseSources: ExerciseSources.optional(),
  durationOptions: z
    .object({
      minMinutes: z.number().min(5).max(120).optional(),
      maxMinutes: z.number().min(5).max(120).optional(),
    })
    .strict()
    .refine((d) => d.minMinutes === undefined || d.maxMinutes === undefined || d.minMinutes <= d.maxMinutes, {
      message: "minMinutes must not exceed maxMinutes",
      path: ["minMinutes"],
    })
    .optional()
    .meta({ description: "Bounds of the workout's length in minutes; minMinutes must not exceed maxMinutes." }),
  categoryId: HexId.optional().meta({ description: "A category id from GET /v1/workouts/metadata." }),
  includeExerciseCollections: CollectionNames.optional(),
  excludeExerciseCollections: CollectionNames.optional(),
  muscleGroupIds: z.array(HexId).max(20).optional().meta({ description: "Every main set trains at least one of these muscle groups." }),
  preferredEquipmentCategoryIds: z.array(HexId).max(50).optional().meta({ description: "Overrides endUserProfileDetails.preferredEquipmentCategoryIds." }),
  locale: GenerateLocale.optional(),
  userRequirements: z.string().max(MAX_FREE_TEXT).optional(),
  methodologyProfileId: HexId.optional().meta({ description: "An active team profile from GET /v1/orgs/{organizationId}/methodologies." }),
};

export const GenerateWorkoutBody = exclusiveLists(
  z.object(GenerateWorkoutFields).strict(),
  "includeExerciseCollections",
  "excludeExerciseCollections",
  "includeExerciseCollections and excludeExerciseCollections are mutually exclusive; send one of them.",
).meta({ id: "GenerateWorkoutBody" });
export type GenerateWorkoutInput = z.output<typeof GenerateWorkoutBody>;

export const AdaptWorkoutBody = z
  .object({
    endUserProfileId: z
      .string()
      .min(1)
      .max(320)
      .optional()
      .meta({ description: "An end user of the organization (24-hex id, external id or email): personalizes from their sessions and feedback." }),
    endUserProfileDetails: EndUserProfileDetails.optional(),
    exerciseSources: ExerciseSources.optional().meta({ description: "Catalog for exercise swaps. Default: team exercises plus free and premium stock." }),
    userGuidance: z.string().max(MAX_FREE_TEXT).optional(),
    locale: GenerateLocale.optional().meta({ description: "Addition: localized fields as on generate." }),
  })
  .strict()
  .meta({ id: "AdaptWorkoutBody" });
export type AdaptWorkoutInput = z.output<typeof AdaptWorkoutBody>;

const WorkoutSources = z.array(z.enum(["team", "template"])).max(2);

export const GeneratePlanBody = z
  .object({
    endUserProfileDetails: EndUserProfileDetails.optional(),
    workoutCollectionSources: WorkoutSources.optional().meta({ description: "Default: team plus template." }),
    categoryIds: z.array(HexId).max(20).optional().meta({ description: "Hard filter on the workout pool." }),
    locale: GenerateLocale.optional(),
    userRequirements: z.string().max(MAX_FREE_TEXT).optional(),
    methodologyProfileId: HexId.optional(),
    durationWeeks: z
      .number()
      .int()
      .min(1)
      .max(12)
      .optional()
      .meta({ description: "Addition: plan length in weeks (default by level: 4 for beginners, 6 otherwise)." }),
  })
  .strict()
  .meta({ id: "GeneratePlanBody" });
export type GeneratePlanInput = z.output<typeof GeneratePlanBody>;

export const AdaptPlanBody = z
  .object({
    endUserProfileId: z
      .string({ error: "endUserProfileId is required." })
      .min(1)
      .max(320)
      .meta({ description: "Required: the end user the adapted plan is for." }),
    workoutSources: WorkoutSources.optional().meta({ description: "Where replacement workouts may come from. Default: team plus template." }),
    endUserProfileDetails: EndUserProfileDetails.optional(),
    userGuidance: z.string().max(MAX_FREE_TEXT).optional(),
    locale: GenerateLocale.optional().meta({ description: "Addition: localized fields as on generate." }),
  })
  .strict()
  .meta({ id: "AdaptPlanBody" });
export type AdaptPlanInput = z.output<typeof AdaptPlanBody>;

export const RecommendWorkoutsBody = z
  .object({
    endUserProfileDetails: EndUserProfileDetails.optional(),
    locale: ReadLocale.optional(),
    categoryIds: z
      .array(HexId)
      .max(20)
      .optional()
      .meta({ description: "Optional hard filter: only workouts in at least one of these categories (decision on the spec's open question; see docs/ai.md)." }),
  })
  .strict()
  .meta({ id: "RecommendWorkoutsBody" });
export type RecommendWorkoutsInput = z.output<typeof RecommendWorkoutsBody>;

export const RecommendPlansBody = z
  .object({ endUserProfileDetails: EndUserProfileDetails.optional(), locale: ReadLocale.optional() })
  .strict()
  .meta({ id: "RecommendPlansBody" });
export type RecommendPlansInput = z.output<typeof RecommendPlansBody>;

// ---------------------------------------------------------------------------------------------
// Responses

const AppliedRuleSchema = z.object({
  rule: z.string(),
  source: z.enum(["platform", "methodology", "request", "safety"]),
  value: z.unknown(),
  detail: z.string(),
});
const ViolationSchema = z.object({
  rule: z.string(),
  source: z.enum(["methodology", "request", "userRequirements", "userGuidance", "profile"]),
  severity: z.literal("soft"),
  detail: z.string(),
});

export const MethodologyRef = z
  .object({ id: z.string(), name: z.string(), version: z.string(), reason: z.string() })
  .nullable()
  .meta({ id: "GenerationMethodology", description: "The Programming DNA profile applied, or null." });

export const Inspection = z
  .object({
    methodology: MethodologyRef,
    hardRulesApplied: z.array(AppliedRuleSchema),
    violations: z.array(ViolationSchema).meta({ description: "Soft guidance that could not be honoured. Hard rules are never violated (they give 400)." }),
    complianceStatus: z.enum(["compliant", "partial", "not_applicable"]),
    generationId: z.string().meta({ description: "Read the snapshot later with GET /v1/orgs/{organizationId}/generations/{generationId}." }),
    engine: z.enum(["deterministic", "model"]).meta({ description: "Which engine produced the result." }),
    model: z.string().nullable().meta({ description: "The model id when engine is model." }),
    fallbackReason: z.string().optional().meta({ description: "Why a configured model's answer was not used." }),
  })
  .meta({ id: "GenerationInspection" });

export const GeneratedExercise = z
  .object({
    id: z.string().meta({ description: "Resolve media with GET /v1/video-asset/{id}." }),
    name: z.string(),
    description: z.string(),
    thumbnailUrl: z.string().nullable(),
    videoUri: z.string(),
    estimatedRepDuration: z.number(),
    muscleGroups: z.array(z.string()),
    equipment: z.array(z.string()),
    collectionName: z.string().nullable(),
    coach: z.string().nullable(),
    skillLevel: z.string().nullable(),
    categories: z.array(z.string()),
    localizedName: z.string().optional(),
    localizedDescription: z.string().optional(),
    localizedMuscleGroups: z.array(z.string()).optional(),
    localizedEquipment: z.array(z.string()).optional(),
  })
  .meta({ id: "GeneratedExercise" });

export const GeneratedInstance = z
  .object({
    id: z.string(),
    kind: z.enum(["single-exercise", "rest"]),
    phase: z.enum(["warmup", "main", "cooldown"]),
    durationSeconds: z.number().meta({ description: "Planned seconds (for rep-based sets: reps times the estimated rep duration)." }),
    reps: z.number().int().nullable(),
    skipIntro: z.boolean(),
    pace: z.enum(["slow", "moderate", "fast", "explosive"]).nullable(),
    weightLevel: z.enum(["light", "medium", "heavy"]).nullable(),
    rpe: z.number().nullable(),
    exercise: GeneratedExercise.nullable(),
  })
  .meta({ id: "GeneratedInstance" });

const Translations = z.record(z.string(), z.string());

export const GeneratedWorkout = z
  .object({
    name: z.string().meta({ description: "English base name." }),
    description: z.string(),
    instances: z.array(GeneratedInstance),
    totalDurationSeconds: z.number(),
    difficulty: Level,
    categoryId: z.string(),
    muscleGroups: z.array(z.string()),
    equipment: z.array(z.string()),
    nameTranslations: Translations,
    descriptionTranslations: Translations,
    localizedName: z.string().optional(),
    localizedDescription: z.string().optional(),
    localizedMuscleGroups: z.array(z.string()).optional(),
    localizedEquipment: z.array(z.string()).optional(),
    difficultyLabel: z.string().optional(),
    methodology: MethodologyRef,
    inspection: Inspection,
    adaptationReasoning: z.string().optional(),
    baseWorkoutId: z.string().optional(),
  })
  .meta({ id: "GeneratedWorkout", description: "Ephemeral: no top-level id; play it with the JSON receiver embed." });

const Clamp = z.object({
  field: z.string(),
  proposed: z.unknown(),
  applied: z.unknown(),
  rule: z.string(),
  source: z.enum(["platform", "methodology", "request", "safety"]),
});
const Infeasible = z.object({ rule: z.string(), target: z.string(), message: z.string() });

export const GeneratePreflight = z
  .object({
    feasible: z.boolean(),
    pool: z.object({
      sources: z.number().int().meta({ description: "Clips in the selected exerciseSources." }),
      afterCollections: z.number().int(),
      afterHardRules: z.number().int(),
      afterEquipment: z.number().int(),
      eligible: z.number().int(),
      minimum: z.number().int(),
      removedBy: z.record(z.string(), z.number()),
    }),
    clamps: z.array(Clamp),
    infeasible: z.array(Infeasible),
    hardRulesApplied: z.array(AppliedRuleSchema),
    estimate: z
      .object({
        totalDurationSeconds: z.number(),
        sets: z.number().int(),
        distinctExercises: z.number().int(),
        rounds: z.number().int(),
        warmup: z.boolean(),
        cooldown: z.boolean(),
      })
      .nullable(),
    methodology: MethodologyRef,
  })
  .meta({ id: "GeneratePreflight", description: "Feasibility of a generate body; creates nothing and is not an Inspector snapshot." });

const PreviewSchema = z.object({ url: z.string().nullable(), poster: z.string().nullable(), thumbnail: z.string().nullable() });

export const RecommendedWorkout = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    duration: z.number(),
    difficulty: Level,
    thumbnailUrl: z.string().nullable(),
    recommendation: z.string().meta({ description: "Why this workout, in words (not a score)." }),
    categories: z.array(IdName),
    preview: PreviewSchema,
  })
  .meta({ id: "RecommendedWorkout" });

export const RecommendedPlan = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    difficulty: Level,
    durationWeeks: z.number().int(),
    daysPerWeek: z.number().int(),
    thumbnailUrl: z.string().nullable(),
    recommendation: z.string(),
    goals: z.array(IdName),
    categories: z.array(IdName),
  })
  .meta({ id: "RecommendedPlan" });

const PlanWorkoutRef = z.object({
  id: z.string(),
  name: z.string(),
  duration: z.number(),
  difficulty: Level,
  categories: z.array(IdName),
  thumbnailUrl: z.string().nullable(),
});

const Prescription = z.object({
  volumeFactor: z.number().meta({ description: "Multiply sets or work time by this factor." }),
  intensityDelta: z.number().meta({ description: "RPE points added to the workout's prescription." }),
  targetRpe: z.number(),
  note: z.string(),
});

export const PlanWeek = z
  .object({
    week: z.number().int(),
    phase: z.enum(["base", "build", "peak", "deload"]),
    volumeFactor: z.number(),
    intensityDelta: z.number(),
    targetRpe: z.number(),
    trainingDays: z.array(z.number().int()),
    restDays: z.array(z.number().int()),
    sessions: z.array(
      z.object({ day: z.number().int().meta({ description: "1 (Monday) to 7 (Sunday)." }), workout: PlanWorkoutRef, prescription: Prescription }),
    ),
  })
  .meta({ id: "GeneratedPlanWeek" });

export const GeneratedPlan = z
  .object({
    id: z.string().optional().meta({ description: "Present when the plan was persisted (readable with GET /v1/plans/{planId}, never listed)." }),
    visibility: z.literal("end-user-ai-generated").optional(),
    endUserId: z.string().optional(),
    basePlanId: z.string().optional(),
    name: z.string(),
    description: z.string(),
    nameTranslations: Translations,
    descriptionTranslations: Translations,
    localizedName: z.string().optional(),
    localizedDescription: z.string().optional(),
    difficultyLabel: z.string().optional(),
    difficulty: Level,
    durationWeeks: z.number().int(),
    daysPerWeek: z.number().int(),
    goalIds: z.array(z.string()),
    categoryIds: z.array(z.string()),
    weeks: z.array(PlanWeek),
    reasoning: z.string(),
    adaptationReasoning: z.string().optional(),
    methodology: MethodologyRef,
    inspection: Inspection,
  })
  .meta({ id: "GeneratedPlan" });

export const GenerationSnapshot = z
  .object({
    generationId: z.string(),
    kind: z.enum(["workout", "workout-adapt", "plan", "plan-adapt"]),
    engine: z.enum(["deterministic", "model"]),
    createdAt: z.string(),
    methodology: MethodologyRef,
    inspection: Inspection,
    request: z.record(z.string(), z.unknown()).meta({ description: "The validated request body." }),
    result: z.record(z.string(), z.unknown()).nullable().meta({ description: "What was produced, in brief." }),
  })
  .meta({ id: "GenerationSnapshot" });
