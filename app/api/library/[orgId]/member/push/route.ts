import { z } from "zod";
import { getDb } from "@/db/client";
import { parseOrThrow } from "@/server/core/validation";
import { unauthorized, validationError } from "@/server/core/errors";
import { RegisterPushDeviceBody } from "@/server/api/operations/push";
import { hexParam, json, pageRoute, readJson, routeViewer } from "@/server/routes/page-route";
import { registerPushDevice, unsubscribeWebPush } from "@/server/services/push/push-devices";
import { vapidKeys } from "@/server/services/push/vapid";

/**
 * The hosted pages' Web Push opt-in for the signed-in member (the member cookie names them): the
 * page reads the installation's VAPID public key, subscribes the browser with it after the member
 * presses "Turn on notifications", and posts the subscription here; turning them off deletes it.
 */

const WebPushSubscriptionBody = z.object({ subscription: RegisterPushDeviceBody.options[1].omit({ platform: true }) }).strict();

async function signedInMember(req: Request, orgId: string) {
  const viewer = await routeViewer(req, hexParam(orgId, "orgId"));
  if (!viewer.member) throw unauthorized("Sign in to turn on notifications.");
  return { viewer, member: viewer.member };
}

// GET /api/library/{orgId}/member/push – the VAPID public key the browser subscribes with
export const GET = pageRoute(async ({ req, params }) => {
  await signedInMember(req, params.orgId!);
  return json({ data: { vapidPublicKey: (await vapidKeys(getDb())).publicKey } });
});

// POST /api/library/{orgId}/member/push – store this browser's push subscription for the member
export const POST = pageRoute(async ({ req, params }) => {
  const { viewer, member } = await signedInMember(req, params.orgId!);
  const { subscription } = parseOrThrow(WebPushSubscriptionBody, await readJson(req), "WebPushSubscriptionBody");
  const device = await registerPushDevice(getDb(), {
    caller: null,
    organizationId: viewer.organizationId,
    endUserIdentifier: member.endUserId,
    device: { platform: "webPush", ...subscription },
    target: "subscription",
  });
  return json({ data: device }, 201);
});

// DELETE /api/library/{orgId}/member/push?endpoint=... – forget this browser's subscription (idempotent)
export const DELETE = pageRoute(async ({ req, url, params }) => {
  const { member } = await signedInMember(req, params.orgId!);
  const endpoint = url.searchParams.get("endpoint");
  if (!endpoint) throw validationError("PageQuery", [{ code: "Required", message: "endpoint is required.", target: "endpoint" }]);
  const removed = await unsubscribeWebPush(getDb(), { endUserId: member.endUserId, endpoint });
  return json({ data: { removed } });
});
