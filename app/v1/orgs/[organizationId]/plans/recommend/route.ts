import { recommendPlans as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { recommendPlans } from "@/server/services/personalization/recommend-plans";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/plans/recommend – rank public plans for a profile
  POST: apiRoute(op, async ({ db, params, body }) => recommendPlans(db, params.organizationId, body)),
});
