import { z } from "zod";
import { SKILL_LEVELS } from "@/db/schema";
import { defineOperation } from "../operation";
import { HexId, HexIdList, ReadLocaleParam, enumList, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";
import { clipFields } from "./video-assets";
import { MediaVideo, sortParam } from "./workouts";

export const StockExercise = z
  .object({
    ...clipFields,
    tier: z.enum(["free", "premium"]),
    locked: z.boolean().meta({ description: "Premium clip and the workspace lacks the premium stock entitlement: images only, no video." }),
    thumbnail: z.string().nullable(),
    poster: z.string().nullable(),
    video: MediaVideo.nullable().meta({ description: "Null when `locked`." }),
  })
  .meta({ id: "StockExercise", description: "A clip of the platform stock catalog." });

export const listStockExercises = defineOperation({
  operationId: "StockExercisesApi_listStockExercises",
  method: "get",
  path: "/v1/orgs/{organizationId}/stock-exercises",
  tag: "Organization library",
  summary: "Browse the stock clip catalog",
  description:
    "Gated by the organization's plan: 403 when the plan does not include the stock catalog, and that 403 consumes no rate-limit weight. Free and premium clips are listed; premium clips are `locked` (no video) without the premium stock entitlement. Default sort +name.",
  auth: ["X-Api-Key"],
  weight: 10,
  gate: "stockCatalog",
  params: z.object({ organizationId: HexId }),
  query: z
    .object({
      limit: limitParam(50, 20),
      offset: offsetParam,
      locale: ReadLocaleParam,
      q: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name in any translation." }),
      tiers: enumList(["free", "premium"] as const).optional(),
      equipmentIds: HexIdList.optional(),
      muscleGroupIds: HexIdList.optional(),
      skillLevels: enumList(SKILL_LEVELS).optional(),
      sort: sortParam(["date", "name"] as const).optional(),
    })
    .strict(),
  success: { status: 200, description: "A page of stock clips.", schema: listOf(StockExercise).meta({ id: "StockExerciseList" }) },
  errors: [403, 404],
});
