import { z } from "zod";
import { VIDEO_ASSET_SORT_FIELDS } from "@/db/queries/video-assets";
import { AUDIO_TYPES, EXECUTION_SIDES, SKILL_LEVELS, VIDEO_ASSET_KINDS } from "@/db/schema";
import { defineOperation } from "../operation";
import { HexId, HexIdList, OptionalReadLocaleParam, enumList, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";
import { EquipmentRef, MediaVideo, deprecatedId, sortParam } from "./workouts";

export const AudioInstruction = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    assetUri: z.string().meta({ description: "Presigned M4A URL (about 7 days)." }),
    type: z.enum(AUDIO_TYPES),
    locale: z.string(),
    scriptText: z.string().optional().meta({ description: "Verbatim transcript; omitted when none is stored." }),
  })
  .meta({ id: "AudioInstruction" });

/** Fields of every clip shape (workspace rows, detail, group exercises, stock rows). */
export const clipFields = {
  id: z.string(),
  _id: deprecatedId("id"),
  kind: z.enum(VIDEO_ASSET_KINDS),
  name: z.string().meta({ description: "Localized when `locale` is given." }),
  description: z.string(),
  skillLevel: z.enum(SKILL_LEVELS).nullable(),
  executionSide: z.enum(EXECUTION_SIDES).nullable(),
  coach: z.string().nullable(),
  collectionName: z.string().nullable().meta({ description: "Not localized." }),
  duration: z.number().meta({ description: "Clip length in seconds." }),
  estimatedRepDuration: z.number().meta({ description: "Seconds one repetition takes; reps times this is the planned work window." }),
  equipment: z.array(EquipmentRef),
  muscleGroups: z.array(z.object({ id: z.string(), name: z.string(), share: z.number().meta({ description: "Share of the work, 0 to 1." }) })),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const videoAssetFields = {
  ...clipFields,
  organizationId: z.string(),
  _teamId: deprecatedId("organizationId"),
  video: MediaVideo,
  audioInstructions: z
    .array(AudioInstruction)
    .optional()
    .meta({ description: "single-exercise clips only. With `locale`: the best track of each type for it; without: every stored locale." }),
};

export const VideoAsset = z.object(videoAssetFields).meta({ id: "VideoAsset", description: "A workspace exercise video." });

export const VideoAssetDetail = z
  .object({
    ...videoAssetFields,
    stockTier: z.enum(["free", "premium"]).nullable().meta({ description: "Set on platform stock catalog clips." }),
    chapters: z
      .array(
        z.object({
          name: z.string(),
          startTimeSec: z.number(),
          endTimeSec: z.number(),
          equipment: z.array(z.object({ id: z.string(), name: z.string() })),
          muscleGroups: z.array(z.object({ id: z.string(), name: z.string() })),
        }),
      )
      .optional()
      .meta({ description: "Class videos after chapter analysis." }),
  })
  .meta({ id: "VideoAssetDetail", description: "One clip's media as the JSON player needs it." });

export const listOrganizationVideoAssets = defineOperation({
  operationId: "OrganizationVideoAssetsApi_listOrganizationVideoAssets",
  method: "get",
  path: "/v1/orgs/{organizationId}/video-assets",
  tag: "Organization library",
  summary: "Workspace exercise videos",
  description:
    "Workspace clips only (no stock, no visibility filter). Filters are AND-combined in the database before pagination (values within one filter are alternatives), so `links.total` is exact. An equipment id yields exactly that equipment (no bodyweight expansion). With `locale`, names and `audioInstructions[]` are localized; without it every locale's instruction audio is returned.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  query: z
    .object({
      limit: limitParam(50, 10),
      offset: offsetParam,
      locale: OptionalReadLocaleParam,
      q: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name in any translation (every word must occur)." }),
      equipmentIds: HexIdList.optional(),
      muscleGroupIds: HexIdList.optional(),
      kinds: enumList(VIDEO_ASSET_KINDS).optional(),
      skillLevels: enumList(SKILL_LEVELS).optional(),
      executionSides: enumList(EXECUTION_SIDES).optional(),
      coach: z.string().min(1).max(200).optional().meta({ description: "Exact coach name." }),
      collectionNames: z
        .string()
        .max(2000)
        .transform((s) =>
          s
            .split(",")
            .map((p) => p.trim())
            .filter(Boolean),
        )
        .optional()
        .meta({ description: "Comma-separated exact collection names." }),
      sort: sortParam(VIDEO_ASSET_SORT_FIELDS).optional().meta({ description: "+/- on date (createdAt), name or kind; default -date." }),
    })
    .strict(),
  success: { status: 200, description: "A page of clips.", schema: listOf(VideoAsset).meta({ id: "VideoAssetList" }) },
  errors: [403, 404],
});

export const getVideoAssetById = defineOperation({
  operationId: "VideoAssetsApi_getVideoAssetById",
  method: "get",
  path: "/v1/video-asset/{videoAssetId}",
  tag: "Video assets",
  summary: "One exercise's media by id",
  description:
    "Used by the JSON player for each exercise id of a generated or adapted workout. Resolves clips of any organization the key may act for and platform stock clips; premium stock clips need the premiumStock entitlement (403).",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ videoAssetId: HexId }),
  query: z.object({ locale: OptionalReadLocaleParam.meta({ description: "Selects the instruction audio (and names)." }) }).strict(),
  success: { status: 200, description: "The clip.", schema: z.object({ data: VideoAssetDetail }) },
  errors: [403, 404],
});
