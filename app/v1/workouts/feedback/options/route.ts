import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/api/locale";
import { getFeedbackOptions as op } from "@/server/api/operations/feedback";
import { requestTypeName } from "@/server/api/operation";
import { methods, route } from "@/server/api/route";
import { getFeedbackOptions } from "@/server/services/sessions/feedback";

const target = requestTypeName(op, "Query");

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/workouts/feedback/options – the organization's rating and difficulty options
  GET: route(op, async ({ query, caller }) => ({
    data: await getFeedbackOptions(getDb(), { caller, organizationId: query.organizationId, locale: resolveReadLocale(query.locale), target }),
  })),
});
