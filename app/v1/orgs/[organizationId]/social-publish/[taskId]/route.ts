import {
  deleteSocialPublishAutomation as deleteOp,
  getSocialPublishAutomation as getOp,
  updateSocialPublishAutomation as patchOp,
} from "@/server/api/operations/social-publish";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteSocialPublishAutomation, getSocialPublishAutomation, updateSocialPublishAutomation } from "@/server/services/social/automations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/social-publish/{taskId} – one automation
  GET: apiRoute(getOp, async ({ db, params }) => ({ data: await getSocialPublishAutomation(db, params.organizationId, params.taskId) })),
  // PATCH /v1/orgs/{organizationId}/social-publish/{taskId} – change it; status active schedules, draft pauses (422 when it cannot apply)
  PATCH: apiRoute(patchOp, async ({ db, params, body }) => ({ data: await updateSocialPublishAutomation(db, params.organizationId, params.taskId, body) })),
  // DELETE /v1/orgs/{organizationId}/social-publish/{taskId} – soft delete (204)
  DELETE: apiRoute(deleteOp, async ({ db, params }) => {
    await deleteSocialPublishAutomation(db, params.organizationId, params.taskId);
  }),
});
