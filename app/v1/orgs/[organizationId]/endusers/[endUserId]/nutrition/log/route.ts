import { getDb } from "@/db/client";
import { logNutrition as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { logNutrition } from "@/server/services/insights/log-nutrition";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log – log a meal (adds, or replaces by externalId)
  POST: route(op, async ({ params, body }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    return { data: await logNutrition(getDb(), member, body) };
  }),
});
