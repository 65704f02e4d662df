import { z } from "zod";
import { getDb } from "@/db/client";
import { updateSocialPublishAutomation as patchOp } from "@/server/api/operations/social-publish";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { deleteSocialPublishAutomation, updateSocialPublishAutomation } from "@/server/services/social/automations";

const Params = OrgParams.extend({ automationId: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hexadecimal id") });

// PATCH /api/console/orgs/{organizationId}/social/automations/{automationId} – activate, pause or edit (the API's body and service)
export const PATCH = consoleRoute({ params: Params, body: patchOp.body!, name: "PatchSocialPublish" }, async ({ params, body }) => ({
  data: await updateSocialPublishAutomation(getDb(), params.organizationId, params.automationId, body),
}));

// DELETE /api/console/orgs/{organizationId}/social/automations/{automationId} – soft delete
export const DELETE = consoleRoute({ params: Params, name: "DeleteSocialPublish" }, async ({ params }) => {
  await deleteSocialPublishAutomation(getDb(), params.organizationId, params.automationId);
});
