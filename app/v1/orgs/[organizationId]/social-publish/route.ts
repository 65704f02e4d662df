import { createSocialPublishAutomation as createOp, listSocialPublishAutomations as listOp } from "@/server/api/operations/social-publish";
import { listResponse } from "@/server/core/pagination";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createSocialPublishAutomation, listSocialPublishAutomations } from "@/server/services/social/automations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/social-publish – publish automations, filtered and sorted
  GET: apiRoute(listOp, async ({ db, params, query, url }) =>
    listResponse(url, query, await listSocialPublishAutomations(db, { organizationId: params.organizationId, ...query })),
  ),
  // POST /v1/orgs/{organizationId}/social-publish – create an automation in draft
  POST: apiRoute(createOp, async ({ db, params, body }) => ({ data: await createSocialPublishAutomation(db, params.organizationId, body) })),
});
