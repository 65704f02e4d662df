import { getDb } from "@/db/client";
import { deleteNutritionLog as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { deleteNutritionLog } from "@/server/services/insights/log-nutrition";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log/{externalId} – remove a logged meal, recompute the day
  DELETE: route(op, async ({ params }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    await deleteNutritionLog(getDb(), member, params.externalId);
    return undefined;
  }),
});
