import { getDb } from "@/db/client";
import { getExerciseMetadata as op } from "@/server/api/operations/metadata";
import { methods, route } from "@/server/api/route";
import { getExerciseMetadata } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/exercises/metadata – muscle groups (localized) and the workspace's collections
  GET: route(op, async ({ query, caller }) => ({
    data: await getExerciseMetadata(getDb(), { caller, organizationId: query.organizationId, locale: query.locale }),
  })),
});
