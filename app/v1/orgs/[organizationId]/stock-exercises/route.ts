import { getDb } from "@/db/client";
import { listStockExercises as op } from "@/server/api/operations/stock";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listStockExercises } from "@/server/services/content/list-stock-exercises";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/stock-exercises – the plan-gated stock clip catalog
  GET: apiRoute(op, async ({ params, query, caller, url }) => listResponse(url, query, await listStockExercises(getDb(), params.organizationId, caller, query))),
});
