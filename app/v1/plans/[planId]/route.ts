import { getDb } from "@/db/client";
import { getPlanById as op } from "@/server/api/operations/plans";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getPlan } from "@/server/services/content/get-plan";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/plans/{planId} – the full plan document, also for generated plans
  GET: apiRoute(op, async ({ params, query, caller }) => ({ data: await getPlan(getDb(), caller, params.planId, query.locale) })),
});
