import { deleteHealthData as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteMemberHealthEntry } from "@/server/services/insights/delete-health-entry";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/endusers/{endUserId}/insights/health-data/{dataType}/{externalId} – delete a pushed entry, recompute its day
  DELETE: apiRoute(op, ({ db, params }) => deleteMemberHealthEntry(db, params.organizationId, params.endUserId, params.dataType, params.externalId)),
});
