import { getDb } from "@/db/client";
import { listMethodologies as op } from "@/server/api/operations/metadata";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listMethodologies } from "@/server/services/metadata/get-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/methodologies – Programming DNA profiles usable with generate
  GET: apiRoute(op, async ({ params }) => listMethodologies(getDb(), params.organizationId)),
});
