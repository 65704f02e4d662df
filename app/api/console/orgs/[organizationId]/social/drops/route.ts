import { getDb } from "@/db/client";
import { createDrop as createOp, listDrops as listOp } from "@/server/api/operations/drops";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { createDrop } from "@/server/services/drops/create-drop";
import { listDrops } from "@/server/services/drops/list-drops";

// GET /api/console/orgs/{organizationId}/social/drops – ready drops (the API's query and service)
export const GET = consoleRoute({ params: OrgParams, query: listOp.query!, name: "ListDrops" }, async ({ params, query }) => {
  const { items, total, explanation } = await listDrops(getDb(), { organizationId: params.organizationId, ...query, durationSeconds: query.duration });
  return { data: items, links: { total }, explanation };
});

// POST /api/console/orgs/{organizationId}/social/drops – make a drop (202; the API's body and service)
export const POST = consoleRoute({ params: OrgParams, body: createOp.body!, name: "CreateDrop", status: 202 }, async ({ params, body }) => ({
  data: await createDrop(getDb(), params.organizationId, body),
}));
