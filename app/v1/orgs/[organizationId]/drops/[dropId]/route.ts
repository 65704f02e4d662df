import { getDb } from "@/db/client";
import { getDrop as op } from "@/server/api/operations/drops";
import { apiRoute, methods } from "@/server/routes/api-route";
import { getDropDetail } from "@/server/services/drops/get-drop";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/drops/{dropId} – one drop with variants, copy packs and channel presets
  GET: apiRoute(op, async ({ params }) => ({ data: await getDropDetail(getDb(), params.organizationId, params.dropId) })),
});
