import { getDb } from "@/db/client";
import { getEquipmentMetadata as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getReferenceMetadataResponse } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/equipment/metadata – equipment categories and items, localized
  GET: apiRoute(op, async ({ query }) => getReferenceMetadataResponse(getDb(), "equipment", query.locale)),
});
