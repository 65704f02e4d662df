import { createDrop as createOp, listDrops as listOp } from "@/server/api/operations/drops";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createDrop } from "@/server/services/drops/create-drop";
import { listDrops } from "@/server/services/drops/list-drops";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/drops – ready drops of the workspace, with an explanation
  GET: apiRoute(listOp, async ({ db, params, query, url }) =>
    listResponse(url, query, await listDrops(db, { organizationId: params.organizationId, ...query, durationSeconds: query.duration })),
  ),
  // POST /v1/orgs/{organizationId}/drops – make a drop from a source (202, rendered by a job)
  POST: apiRoute(createOp, async ({ db, params, body }) => ({ data: await createDrop(db, params.organizationId, body) })),
});
