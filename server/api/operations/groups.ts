import { z } from "zod";
import { GROUP_TYPES } from "@/db/queries/groups";
import { defineOperation } from "../operation";
import { HexId, OptionalReadLocaleParam, ReadLocaleParam, enumList, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";
import { VideoAsset } from "./video-assets";
import { deprecatedId } from "./workouts";

const groupFields = {
  id: z.string(),
  _id: deprecatedId("id"),
  organizationId: z.string(),
  _teamId: deprecatedId("organizationId"),
  name: z.string().meta({ description: "Localized when `locale` is given." }),
  type: z.enum(GROUP_TYPES),
  rounds: z.number().int(),
  restBetweenRoundsSeconds: z.number().int(),
  exerciseCount: z.number().int(),
  estimatedDuration: z
    .number()
    .meta({ description: "Planned seconds of all rounds: work (time, or reps times the clip's estimated rep duration), rests, and rests between rounds." }),
  thumbnail: z.string().nullable().meta({ description: "Public thumbnail of the first exercise." }),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const itemFields = {
  id: z.string().meta({ description: "The group item's id." }),
  position: z.number().int(),
  exerciseId: z.string().meta({ description: "The clip's video asset id." }),
  workSeconds: z.number().int().nullable(),
  reps: z.number().int().nullable(),
  restSeconds: z.number().int(),
  duration: z.number().meta({ description: "Planned work seconds of the item (without its rest)." }),
};

export const ExerciseGroup = z.object(groupFields).meta({ id: "ExerciseGroup", description: "An exercise collection: circuit, set or superset." });

export const ExerciseGroupDetail = z
  .object({
    ...groupFields,
    items: z
      .array(z.object({ ...itemFields, name: z.string(), thumbnail: z.string().nullable() }))
      .meta({ description: "The exercises in order, without media URLs." }),
  })
  .meta({ id: "ExerciseGroupDetail" });

export const ExerciseGroupExercise = z
  .object({ ...itemFields, exercise: VideoAsset })
  .meta({ id: "ExerciseGroupExercise", description: "One exercise of a group: how it is performed and the full clip." });

const GroupParams = z.object({ organizationId: HexId, groupId: HexId });

export const listExerciseGroups = defineOperation({
  operationId: "OrganizationGroupsApi_listExerciseGroups",
  method: "get",
  path: "/v1/orgs/{organizationId}/groups",
  tag: "Organization library",
  summary: "Exercise groups (micro workouts, collections)",
  description: "Newest first.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  query: z.object({ limit: limitParam(50, 10), offset: offsetParam, locale: ReadLocaleParam, types: enumList(GROUP_TYPES).optional() }).strict(),
  success: { status: 200, description: "A page of groups.", schema: listOf(ExerciseGroup).meta({ id: "ExerciseGroupList" }) },
  errors: [403, 404],
});

export const getExerciseGroup = defineOperation({
  operationId: "OrganizationGroupsApi_getExerciseGroup",
  method: "get",
  path: "/v1/orgs/{organizationId}/groups/{groupId}",
  tag: "Organization library",
  summary: "One exercise group with its items",
  auth: ["X-Api-Key"],
  weight: 1,
  params: GroupParams,
  query: z.object({ locale: ReadLocaleParam }).strict(),
  success: { status: 200, description: "The group.", schema: z.object({ data: ExerciseGroupDetail }) },
  errors: [403, 404],
});

export const listExerciseGroupExercises = defineOperation({
  operationId: "OrganizationGroupsApi_listExerciseGroupExercises",
  method: "get",
  path: "/v1/orgs/{organizationId}/groups/{groupId}/exercises",
  tag: "Organization library",
  summary: "The exercises of a group, in order, with media",
  description: "With `locale`, names and instruction audio are localized; without it every locale's instruction audio is returned.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: GroupParams,
  query: z.object({ limit: limitParam(50, 50), offset: offsetParam, locale: OptionalReadLocaleParam }).strict(),
  success: { status: 200, description: "A page of the group's exercises.", schema: listOf(ExerciseGroupExercise).meta({ id: "ExerciseGroupExerciseList" }) },
  errors: [403, 404],
});
