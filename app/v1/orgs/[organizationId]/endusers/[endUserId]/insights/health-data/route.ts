import { getDb } from "@/db/client";
import { pushHealthData as op } from "@/server/api/operations/insights";
import { methods, route } from "@/server/api/route";
import { ingestHealthEntries } from "@/server/services/insights/ingest-health-data";
import { resolveInsightsMember } from "@/server/services/insights/resolve-member";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/insights/health-data – push up to 50 health entries, per-entry results
  POST: route(op, async ({ params, body }) => {
    const member = await resolveInsightsMember(getDb(), params.organizationId, params.endUserId);
    return { data: await ingestHealthEntries(getDb(), member, body.entries, "api") };
  }),
});
