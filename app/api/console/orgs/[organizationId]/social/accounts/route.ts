import { z } from "zod";
import { getDb } from "@/db/client";
import { SOCIAL_PLATFORMS } from "@/db/schema";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { connectSocialAccount, listConnectedPlatforms } from "@/server/services/social/accounts";

const ConnectBody = z.strictObject({
  platform: z.enum(SOCIAL_PLATFORMS),
  accountName: z.string().trim().min(1).max(100).optional(),
});

// GET /api/console/orgs/{organizationId}/social/accounts – the four platforms, connected or not
export const GET = withTrainer({ params: OrgParams, name: "ListSocialAccounts" }, async ({ params }) => ({ data: await listConnectedPlatforms(getDb(), params.organizationId) }));

// POST /api/console/orgs/{organizationId}/social/accounts – connect a platform's account (owners; the installation's adapter, sandbox by default)
export const POST = withTrainer({ role: "owner", params: OrgParams, body: ConnectBody, name: "ConnectSocialAccount", status: 201 }, async ({ params, body }) => {
  const accountName = body.accountName ?? `Sandbox ${body.platform}`;
  await connectSocialAccount(getDb(), params.organizationId, { platform: body.platform, accountId: `sandbox-${body.platform}-${params.organizationId}`, accountName });
  return { data: await listConnectedPlatforms(getDb(), params.organizationId) };
});
