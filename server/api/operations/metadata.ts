import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, IdName, ReadLocaleParam } from "../schemas";

const Difficulty = z.enum(["beginner", "intermediate", "advanced"]).meta({ id: "Difficulty" });
const LocaleQuery = z.object({ locale: ReadLocaleParam }).strict();

export const WorkoutMetadata = z
  .object({ categories: z.array(IdName), difficulties: z.array(Difficulty) })
  .meta({ id: "WorkoutMetadata", description: "Workout categories (localized) and difficulty values." });

export const EquipmentMetadata = z
  .object({
    categories: z.array(z.object({ id: z.string(), name: z.string(), category: z.string().meta({ description: "Broader grouping (English)." }) })),
    equipment: z.array(z.object({ id: z.string(), name: z.string(), equipmentCategoryId: z.string().nullable().optional() })),
  })
  .meta({ id: "EquipmentMetadata" });

export const ExerciseMetadata = z
  .object({
    muscleGroups: z.array(IdName),
    collections: z.array(z.object({ name: z.string().meta({ description: "Collection name (not localized)." }), count: z.number().int() })),
  })
  .meta({ id: "ExerciseMetadata" });

export const PlanMetadata = z
  .object({ goals: z.array(IdName), difficulties: z.array(Difficulty) })
  .meta({ id: "PlanMetadata", description: "Plan goals (localized) and difficulty values." });

export const OrganizationMetadata = z
  .object({
    id: z.string(),
    name: z.string(),
    branding: z.object({ logoUrl: z.string().nullable(), primaryColor: z.string(), secondaryColor: z.string(), watermarkUrl: z.string().nullable() }),
    modules: z.object({
      workouts: z.boolean(),
      plans: z.boolean(),
      insights: z.boolean(),
      chat: z.boolean(),
      cast: z.boolean(),
      drops: z.boolean(),
      autopilot: z.boolean(),
      socialPublish: z.boolean(),
    }),
    aiChatEnabled: z.boolean().meta({ description: "Member-app visibility only; does not gate API routes." }),
    aiRecommendationsEnabled: z.boolean(),
    aiGenerationEnabled: z.boolean(),
    insightsEnabled: z.boolean(),
    defaultLocale: z.string(),
    supportedLocales: z.array(z.string()),
  })
  .meta({ id: "OrganizationMetadata" });

export const MethodologyListItem = z
  .object({
    id: z.string(),
    name: z.string(),
    version: z.string(),
    applicability: z.enum(["workout", "plan", "both"]),
    isTeamDefault: z.boolean().meta({ description: "Informational; never applied automatically." }),
    ruleSummary: z.string(),
  })
  .meta({ id: "MethodologyListItem" });

export const getWorkoutMetadata = defineOperation({
  operationId: "WorkoutsApi_getWorkoutMetadata",
  method: "get",
  path: "/v1/workouts/metadata",
  tag: "Metadata",
  summary: "Workout categories and difficulties",
  auth: ["X-Api-Key"],
  weight: 1,
  query: LocaleQuery,
  success: { status: 200, description: "Workout metadata.", schema: z.object({ data: WorkoutMetadata }) },
});

export const getEquipmentMetadata = defineOperation({
  operationId: "WorkoutsApi_getEquipmentMetadata",
  method: "get",
  path: "/v1/workouts/equipment/metadata",
  tag: "Metadata",
  summary: "Equipment categories and equipment items",
  auth: ["X-Api-Key"],
  weight: 1,
  query: LocaleQuery,
  success: { status: 200, description: "Equipment metadata.", schema: z.object({ data: EquipmentMetadata }) },
});

export const getExerciseMetadata = defineOperation({
  operationId: "WorkoutsApi_getExerciseMetadata",
  method: "get",
  path: "/v1/workouts/exercises/metadata",
  tag: "Metadata",
  summary: "Muscle groups and exercise collections",
  description:
    "Muscle group names are localized; collection names are not. Collections are those of the key's organization; keys spanning several organizations may pass `organizationId`.",
  auth: ["X-Api-Key"],
  weight: 1,
  query: z.object({ locale: ReadLocaleParam, organizationId: HexId.optional() }).strict(),
  success: { status: 200, description: "Exercise metadata.", schema: z.object({ data: ExerciseMetadata }) },
  errors: [403],
});

export const getPlanMetadata = defineOperation({
  operationId: "PlansApi_getPlanMetadata",
  method: "get",
  path: "/v1/plans/metadata",
  tag: "Metadata",
  summary: "Plan goals and difficulties",
  auth: ["X-Api-Key"],
  weight: 1,
  query: LocaleQuery,
  success: { status: 200, description: "Plan metadata.", schema: z.object({ data: PlanMetadata }) },
});

export const getOrganizationMetadata = defineOperation({
  operationId: "OrganizationsApi_getOrganizationMetadata",
  method: "get",
  path: "/v1/orgs/{organizationId}/metadata",
  tag: "Metadata",
  summary: "Organization branding, modules and member-app AI visibility flags",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  success: { status: 200, description: "Organization metadata.", schema: z.object({ data: OrganizationMetadata }) },
  errors: [403, 404],
});

export const listMethodologies = defineOperation({
  operationId: "MethodologiesApi_listMethodologies",
  method: "get",
  path: "/v1/orgs/{organizationId}/methodologies",
  tag: "Metadata",
  summary: "Programming DNA profiles usable with workout generate",
  description: "Active team profiles of the workspace. Listing never applies a profile; guidance text is never returned.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  success: { status: 200, description: "Profiles (possibly empty).", schema: z.object({ items: z.array(MethodologyListItem) }).meta({ id: "MethodologyList" }) },
  errors: [403, 404],
});
