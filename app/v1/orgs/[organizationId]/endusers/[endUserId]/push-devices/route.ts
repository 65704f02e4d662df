import { getDb } from "@/db/client";
import { listPushDevices as listOp, registerPushDevice as registerOp } from "@/server/api/operations/push";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listMemberPushDevices, registerPushDevice } from "@/server/services/push/push-devices";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/endusers/{endUserId}/push-devices – the member's registered push devices
  GET: apiRoute(listOp, async ({ params, caller }) => ({
    data: await listMemberPushDevices(getDb(), { caller, organizationId: params.organizationId, endUserIdentifier: params.endUserId }),
  })),
  // POST /v1/orgs/{organizationId}/endusers/{endUserId}/push-devices – register an FCM token or a Web Push subscription
  POST: apiRoute(registerOp, async ({ params, body, caller, targets }) => ({
    data: await registerPushDevice(getDb(), {
      caller,
      organizationId: params.organizationId,
      endUserIdentifier: params.endUserId,
      device: body,
      target: targets.body,
    }),
  })),
});
