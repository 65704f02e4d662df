import { generatePlan as op } from "@/server/api/operations/ai";
import { apiRoute, methods } from "@/server/routes/api-route";
import { generatePlan } from "@/server/services/personalization/generate-plan";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/plans/generate – a multi-week plan, persisted when an end user is named
  POST: apiRoute(op, async ({ db, params, body }) => generatePlan(db, params.organizationId, body)),
});
