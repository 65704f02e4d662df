import { deleteNutritionLog as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteMemberNutritionLog } from "@/server/services/insights/log-nutrition";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/endusers/{endUserId}/nutrition/log/{externalId} – remove a logged meal, recompute the day
  DELETE: apiRoute(op, ({ db, params }) => deleteMemberNutritionLog(db, params.organizationId, params.endUserId, params.externalId)),
});
