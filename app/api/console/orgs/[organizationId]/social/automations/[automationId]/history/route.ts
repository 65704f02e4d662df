import { z } from "zod";
import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getSocialPublishAutomation } from "@/server/services/social/automations";
import { listSocialDeliveries, listSocialPublications } from "@/server/services/social/history";

const Params = OrgParams.extend({ automationId: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hexadecimal id") });

// GET /api/console/orgs/{organizationId}/social/automations/{automationId}/history – its deliveries with every attempt, and the posts
export const GET = consoleRoute({ params: Params, name: "SocialPublishHistory" }, async ({ params }) => {
  await getSocialPublishAutomation(getDb(), params.organizationId, params.automationId); // 404 for another workspace's or a deleted one
  const args = { organizationId: params.organizationId, automationId: params.automationId };
  const [deliveries, publications] = await Promise.all([listSocialDeliveries(getDb(), { ...args, limit: 50 }), listSocialPublications(getDb(), { ...args, limit: 50, offset: 0 })]);
  return { data: { deliveries, publications: publications.items } };
});
