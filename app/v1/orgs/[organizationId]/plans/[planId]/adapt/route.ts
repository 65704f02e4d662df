import { adaptPlan as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { adaptPlan } from "@/server/services/personalization/adapt-plan";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/plans/{planId}/adapt – a persisted adaptation of a plan for an end user
  POST: apiRoute(op, async ({ db, params, body }) => adaptPlan(db, params.organizationId, params.planId, body)),
});
