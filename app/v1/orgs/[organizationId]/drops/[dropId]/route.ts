import { getDb } from "@/db/client";
import { getDrop as op } from "@/server/api/operations/drops";
import { methods, route } from "@/server/api/route";
import { getDropDetail } from "@/server/services/drops/get-drop";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/drops/{dropId} – one drop with variants, copy packs and channel presets
  GET: route(op, async ({ params }) => ({ data: await getDropDetail(getDb(), params.organizationId, params.dropId) })),
});
