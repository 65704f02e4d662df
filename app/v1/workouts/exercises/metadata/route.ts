import { getDb } from "@/db/client";
import { getExerciseMetadata as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getExerciseMetadata } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/exercises/metadata – muscle groups (localized) and the workspace's collections
  GET: apiRoute(op, async ({ query, caller }) => ({
    data: await getExerciseMetadata(getDb(), { caller, organizationId: query.organizationId, locale: query.locale }),
  })),
});
