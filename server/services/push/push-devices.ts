import net from "node:net";
import type { Db } from "@/db/client";
import { type PushDeviceRow, deletePushDevice, deletePushDeviceByAddress, listPushDevices, upsertPushDevice } from "@/db/queries/push-devices";
import type { Caller } from "@/server/core/caller";
import { forbidden, notFound, validationError } from "@/server/core/errors";
import { env } from "@/server/env";
import { resolveEndUserOrThrow } from "@/server/services/members/resolve-end-user";
import { isBlockedAddress, isLocalHostname } from "@/server/services/webhooks/outbound";

export type PushDeviceInput = { platform: "fcm"; token: string } | { platform: "webPush"; endpoint: string; keys: { p256dh: string; auth: string } };

export interface PushDeviceView {
  id: string;
  platform: "webPush" | "fcm";
  createdAt: string;
  updatedAt: string;
  lastDeliveredAt: string | null;
}

export function pushDeviceView(row: PushDeviceRow): PushDeviceView {
  return {
    id: row.id,
    platform: row.platform,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
  };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The server posts to a Web Push endpoint, so only push-service-shaped URLs are accepted: https, no
 * credentials, not a private, loopback or reserved address written into the URL (the webhooks'
 * rules, server/services/webhooks/outbound.ts); plain http to this machine only outside production
 * (local push fakes in tests). The keys must be what a browser makes: a 65-byte uncompressed P-256
 * point and a 16-byte secret.
 */
function checkWebPush(input: Extract<PushDeviceInput, { platform: "webPush" }>, target: string): void {
  const details: { code: string; message: string; target: string }[] = [];
  const url = new URL(input.endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local = env().NODE_ENV !== "production" && LOOPBACK.has(url.hostname) && (url.protocol === "http:" || url.protocol === "https:");
  const privateHost = isLocalHostname(host) || (net.isIP(host) !== 0 && isBlockedAddress(host));
  if (url.username || url.password || (!local && (url.protocol !== "https:" || privateHost)))
    details.push({ code: "InvalidEndpoint", message: "endpoint must be an https URL of a public push service.", target: `${target}.endpoint` });
  const key = Buffer.from(input.keys.p256dh, "base64url");
  if (key.length !== 65 || key[0] !== 4)
    details.push({
      code: "InvalidKey",
      message: "keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).",
      target: `${target}.keys.p256dh`,
    });
  if (Buffer.from(input.keys.auth, "base64url").length !== 16)
    details.push({ code: "InvalidKey", message: "keys.auth must be a 16-byte secret (base64url).", target: `${target}.keys.auth` });
  if (details.length > 0) throw validationError(target, details, "The push subscription is not valid.");
}

/** The member named by the path; a member Bearer token may only act for itself (403). */
async function memberFor(db: Db, caller: Caller | null, organizationId: string, identifier: string) {
  const member = await resolveEndUserOrThrow(db, organizationId, identifier);
  if (caller?.member && caller.member.endUserId !== member.id) throw forbidden("The access token belongs to another member.");
  return member;
}

/** Registers (or re-registers) a device of a member; `caller` is null for the hosted pages' session, which names the member itself. */
export async function registerPushDevice(
  db: Db,
  args: { caller: Caller | null; organizationId: string; endUserIdentifier: string; device: PushDeviceInput; target: string },
): Promise<PushDeviceView> {
  if (args.device.platform === "webPush") checkWebPush(args.device, args.target);
  const member = await memberFor(db, args.caller, args.organizationId, args.endUserIdentifier);
  const d = args.device;
  const row = await upsertPushDevice(db, {
    organizationId: args.organizationId,
    endUserId: member.id,
    platform: d.platform,
    address: d.platform === "fcm" ? d.token : d.endpoint,
    p256dh: d.platform === "webPush" ? d.keys.p256dh : null,
    auth: d.platform === "webPush" ? d.keys.auth : null,
  });
  return pushDeviceView(row);
}

export async function listMemberPushDevices(
  db: Db,
  args: { caller: Caller | null; organizationId: string; endUserIdentifier: string },
): Promise<PushDeviceView[]> {
  const member = await memberFor(db, args.caller, args.organizationId, args.endUserIdentifier);
  return (await listPushDevices(db, member.id)).map(pushDeviceView);
}

export async function unregisterPushDevice(
  db: Db,
  args: { caller: Caller | null; organizationId: string; endUserIdentifier: string; deviceId: string },
): Promise<void> {
  const member = await memberFor(db, args.caller, args.organizationId, args.endUserIdentifier);
  if (!(await deletePushDevice(db, member.id, args.deviceId))) throw notFound("The member has no push device with this id.");
}

/** The hosted pages turn notifications off by the browser's own endpoint (idempotent). */
export async function unsubscribeWebPush(db: Db, args: { endUserId: string; endpoint: string }): Promise<boolean> {
  return deletePushDeviceByAddress(db, args.endUserId, "webPush", args.endpoint);
}
