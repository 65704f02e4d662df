import { pushHealthData as op } from "@/server/api/operations/insights";
import { apiRoute, methods } from "@/server/routes/api-route";
import { pushMemberHealthData } from "@/server/services/insights/ingest-health-data";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/insights/health-data – push up to 50 health entries, per-entry results
  POST: apiRoute(op, async ({ db, params, body }) => ({ data: await pushMemberHealthData(db, params.organizationId, params.endUserId, body.entries) })),
});
