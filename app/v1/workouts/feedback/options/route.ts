import { getDb } from "@/db/client";
import { getFeedbackOptions as op } from "@/server/api/operations/feedback";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getFeedbackOptions } from "@/server/services/sessions/feedback";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/feedback/options – the organization's rating and difficulty options
  GET: apiRoute(op, async ({ query, caller, targets }) => ({ data: await getFeedbackOptions(getDb(), { ...query, caller, target: targets.query }) })),
});
