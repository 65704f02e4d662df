import { z } from "zod";
import { SOCIAL_PLATFORMS } from "@/db/schema";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { startPlatformConnect } from "@/server/services/social/accounts";

const Params = OrgParams.extend({ platform: z.enum(SOCIAL_PLATFORMS) });

// POST /api/console/orgs/{organizationId}/social/accounts/{platform}/connect – the platform's consent screen address (owners; 400 naming what to configure when the platform's app is not set up)
export const POST = consoleRoute({ role: "owner", params: Params, name: "StartSocialConnect" }, async ({ params, principal }) => ({
  data: { authorizeUrl: await startPlatformConnect(principal, params.platform) },
}));
