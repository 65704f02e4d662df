import { z } from "zod";
import { getDb } from "@/db/client";
import { SOCIAL_PLATFORMS } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { disconnectPlatformAccount } from "@/server/services/social/accounts";

const Params = OrgParams.extend({ platform: z.enum(SOCIAL_PLATFORMS) });

// DELETE /api/console/orgs/{organizationId}/social/accounts/{platform} – disconnect it, revoking the grant at the platform where it can be (owners; automations skip it until reconnected)
export const DELETE = consoleRoute({ role: "owner", params: Params, name: "DisconnectSocialAccount" }, async ({ params }) => {
  if (!(await disconnectPlatformAccount(getDb(), params.organizationId, params.platform))) throw notFound(`No ${params.platform} account is connected.`);
});
