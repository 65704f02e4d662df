import { getDb } from "@/db/client";
import { unregisterPushDevice as op } from "@/server/api/operations/push";
import { apiRoute, methods } from "@/server/routes/api-route";
import { unregisterPushDevice } from "@/server/services/push/push-devices";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /v1/orgs/{organizationId}/endusers/{endUserId}/push-devices/{deviceId} – unregister one device
  DELETE: apiRoute(op, async ({ params, caller }) => {
    await unregisterPushDevice(getDb(), { caller, organizationId: params.organizationId, endUserIdentifier: params.endUserId, deviceId: params.deviceId });
    return null;
  }),
});
