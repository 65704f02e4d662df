import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId } from "@/server/contracts/schemas";

const EndUserIdentifier = z
  .string()
  .min(1)
  .max(320)
  .meta({ description: "The member: 24-hex user id, external id, or email (case-insensitive).", example: "alex@example.com" });
const MemberParams = z.object({ organizationId: HexId, endUserId: EndUserIdentifier });

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, "base64url");

export const PushDevice = z
  .object({
    id: z.string().meta({ description: "24-hex device id (unregister with DELETE .../push-devices/{deviceId})." }),
    platform: z
      .enum(["webPush", "fcm"])
      .meta({
        description:
          "webPush: a browser subscription (hosted pages or a partner web app); fcm: a Firebase Cloud Messaging registration token of a partner app.",
      }),
    createdAt: z.string().meta({ description: "ISO 8601." }),
    updatedAt: z.string().meta({ description: "ISO 8601: the last registration of this address." }),
    lastDeliveredAt: z.string().nullable().meta({ description: "ISO 8601: the last notification the push service accepted for this device." }),
  })
  .meta({ id: "PushDevice" });

export const RegisterPushDeviceBody = z
  .discriminatedUnion("platform", [
    z
      .object({
        platform: z.literal("fcm"),
        token: z
          .string()
          .min(1)
          .max(4096)
          .regex(/^\S+$/, "no whitespace")
          .meta({ description: "The app's FCM registration token (Firebase Messaging getToken())." }),
      })
      .strict(),
    z
      .object({
        platform: z.literal("webPush"),
        endpoint: z.url().max(2048).meta({ description: "PushSubscription.endpoint (https)." }),
        keys: z
          .object({
            p256dh: Base64Url.max(200).meta({ description: "The subscription's P-256 public key, base64url (65 bytes)." }),
            auth: Base64Url.max(100).meta({ description: "The subscription's auth secret, base64url (16 bytes)." }),
          })
          .strict(),
      })
      .strict(),
  ])
  .meta({ id: "RegisterPushDeviceBody", description: "An FCM token, or a Web Push subscription as PushSubscription.toJSON() gives it." });

export const registerPushDevice = defineOperation({
  operationId: "PushDevicesApi_registerPushDevice",
  method: "post",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices",
  tag: "Push notifications",
  summary: "Register a device for the member's push notifications",
  description:
    "Assignment and plan notifications (`sendAssignmentPush`) go to every registered device. An address (FCM token or Web Push endpoint) belongs to one member: registering it again updates that one row (same id), also when it moves to another member. Devices the push service reports gone (FCM UNREGISTERED, Web Push 404/410) are removed. With a member Bearer token, the path must name that member (403 otherwise). Registering an FCM token works without FCM configured; nothing is sent to it until the installation sets FCM_SERVICE_ACCOUNT_JSON.",
  auth: ["X-Api-Key", "AccessToken"],
  weight: 1,
  params: MemberParams,
  body: RegisterPushDeviceBody,
  bodyRequired: true,
  success: { status: 201, description: "The registered device.", schema: z.object({ data: PushDevice }) },
  errors: [403, 404],
});

export const listPushDevices = defineOperation({
  operationId: "PushDevicesApi_listPushDevices",
  method: "get",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices",
  tag: "Push notifications",
  summary: "The member's registered push devices",
  description: "Oldest first (a member has few). Tokens and endpoints are not returned.",
  auth: ["X-Api-Key", "AccessToken"],
  weight: 1,
  params: MemberParams,
  success: { status: 200, description: "The member's devices.", schema: z.object({ data: z.array(PushDevice) }).meta({ id: "PushDeviceList" }) },
  errors: [403, 404],
});

export const unregisterPushDevice = defineOperation({
  operationId: "PushDevicesApi_unregisterPushDevice",
  method: "delete",
  path: "/v1/orgs/{organizationId}/endusers/{endUserId}/push-devices/{deviceId}",
  tag: "Push notifications",
  summary: "Unregister one of the member's push devices",
  description: "Call it when the member signs out of the app or turns notifications off. 404 when the member has no such device.",
  auth: ["X-Api-Key", "AccessToken"],
  weight: 1,
  params: z.object({ organizationId: HexId, endUserId: EndUserIdentifier, deviceId: HexId }),
  success: { status: 204, description: "Unregistered." },
  errors: [403, 404],
});
