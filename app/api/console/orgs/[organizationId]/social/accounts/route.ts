import { z } from "zod";
import { getDb } from "@/db/client";
import { SOCIAL_PLATFORMS } from "@/db/schema";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { connectSocialAccount, listConsoleAccounts } from "@/server/services/social/accounts";

const ConnectBody = z.strictObject({
  platform: z.enum(SOCIAL_PLATFORMS),
  accountName: z.string().trim().min(1).max(100).optional(),
});

// GET /api/console/orgs/{organizationId}/social/accounts – the four platforms, connected or not, with the grant's state and whether sign-in is set up
export const GET = consoleRoute({ params: OrgParams, name: "ListSocialAccounts" }, async ({ params }) => ({
  data: await listConsoleAccounts(getDb(), params.organizationId),
}));

// POST /api/console/orgs/{organizationId}/social/accounts – connect a sandbox account (owners; demos and tests: records posts, posts nothing; the platform sign-in is .../accounts/{platform}/connect)
export const POST = consoleRoute(
  { role: "owner", params: OrgParams, body: ConnectBody, name: "ConnectSocialAccount", status: 201 },
  async ({ params, body }) => {
    const accountName = body.accountName ?? `Sandbox ${body.platform}`;
    await connectSocialAccount(getDb(), params.organizationId, {
      platform: body.platform,
      accountId: `sandbox-${body.platform}-${params.organizationId}`,
      accountName,
    });
    return { data: await listConsoleAccounts(getDb(), params.organizationId) };
  },
);
