import { getDb } from "@/db/client";
import { getPlanMetadata as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getReferenceMetadataResponse } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/plans/metadata – plan goals and difficulties, localized
  GET: apiRoute(op, async ({ query }) => getReferenceMetadataResponse(getDb(), "plans", query.locale)),
});
