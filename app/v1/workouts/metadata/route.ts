import { getDb } from "@/db/client";
import { getWorkoutMetadata as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getReferenceMetadataResponse } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/metadata – workout categories and difficulties, localized
  GET: apiRoute(op, async ({ query }) => getReferenceMetadataResponse(getDb(), "workouts", query.locale)),
});
