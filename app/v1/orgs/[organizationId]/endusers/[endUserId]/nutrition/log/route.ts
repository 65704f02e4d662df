import { logNutrition as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { logMemberNutrition } from "@/server/services/insights/log-nutrition";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log – log a meal (adds, or replaces by externalId)
  POST: apiRoute(op, async ({ db, params, body }) => ({ data: await logMemberNutrition(db, params.organizationId, params.endUserId, body) })),
});
