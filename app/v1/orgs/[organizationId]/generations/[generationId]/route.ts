import { getDb } from "@/db/client";
import { getGeneration as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getGeneration } from "@/server/services/personalization/get-generation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/generations/{generationId} – a stored Generation Inspector snapshot (addition)
  GET: apiRoute(op, async ({ params }) => ({ data: await getGeneration(getDb(), params.organizationId, params.generationId) })),
});
