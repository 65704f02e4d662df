import { getDb } from "@/db/client";
import { deleteHealthData as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { deletePushedHealthEntry } from "@/server/services/insights/delete-health-entry";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/endusers/{endUserId}/insights/health-data/{dataType}/{externalId} – delete a pushed entry, recompute its day
  DELETE: route(op, async ({ params }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    await deletePushedHealthEntry(getDb(), member, params.dataType, params.externalId);
    return undefined;
  }),
});
