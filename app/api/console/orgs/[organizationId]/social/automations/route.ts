import { getDb } from "@/db/client";
import { createSocialPublishAutomation as createOp, listSocialPublishAutomations as listOp } from "@/server/api/operations/social-publish";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { createSocialPublishAutomation, listSocialPublishAutomations } from "@/server/services/social/automations";

// GET /api/console/orgs/{organizationId}/social/automations – publish automations (the API's query and service)
export const GET = consoleRoute({ params: OrgParams, query: listOp.query!, name: "ListSocialPublish" }, async ({ params, query }) => {
  const { items, total } = await listSocialPublishAutomations(getDb(), { organizationId: params.organizationId, ...query });
  return { data: items, links: { total } };
});

// POST /api/console/orgs/{organizationId}/social/automations – create one in draft (the API's body and service)
export const POST = consoleRoute({ params: OrgParams, body: createOp.body!, name: "CreateSocialPublish", status: 201 }, async ({ params, body }) => ({
  data: await createSocialPublishAutomation(getDb(), params.organizationId, body),
}));
