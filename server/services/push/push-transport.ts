import { type Db, getDb } from "@/db/client";
import { type PushDeviceRow, findDeliveredTo, listPushDevices, markPushDelivered, prunePushDevice } from "@/db/queries/push-devices";
import { log } from "@/server/core/log";
import { publicBaseUrl } from "@/server/env";
import { metrics } from "@/server/observability/metrics";
import { NoRecipientError, type NotificationTransport, type OutboundNotification, PermanentDeliveryError } from "@/server/services/members/notification";
import { fcmClient } from "./fcm";
import type { PushMessage, SendResult } from "./types";
import { vapidKeys, vapidSubject } from "./vapid";
import { sendWebPush } from "./web-push-sender";

/** The message a notification becomes on a device: title, body, the library page to open. */
export function pushMessage(n: OutboundNotification): PushMessage {
  const kind = n.data.kind === "plans" ? "plans" : "workouts";
  const url = new URL(`/${kind}`, publicBaseUrl());
  if (n.organizationId) url.searchParams.set("orgId", n.organizationId);
  return {
    title: n.subject,
    body: n.text,
    url: url.toString(),
    tag: n.template,
    data: { notificationId: n.id, template: n.template, ...(n.organizationId ? { organizationId: n.organizationId } : {}) },
  };
}

/**
 * Push notifications to every device the member registered: Web Push subscriptions of the hosted
 * pages, FCM tokens of partner apps. Each device that accepts is recorded on the outbox row, so
 * when another device asks for a retry (network, 429, 5xx) the outbox retries only the rest.
 * Devices the push service reports gone are pruned. The row fails for good when no device
 * received it and none will (no devices, all gone or rejected).
 */
export class PushTransport implements NotificationTransport {
  readonly name = "push";

  constructor(private readonly db: () => Db = getDb) {}

  async send(n: OutboundNotification): Promise<void> {
    if (n.channel !== "push") throw new PermanentDeliveryError("The push transport only sends push notifications.");
    if (!n.to.endUserId) throw new PermanentDeliveryError("Push notifications go to members only.");
    const db = this.db();
    const [devices, delivered] = await Promise.all([listPushDevices(db, n.to.endUserId), findDeliveredTo(db, n.id)]);
    const done = new Set(delivered);
    const message = pushMessage(n);
    const retry: string[] = [];
    let received = done.size > 0;
    for (const device of devices) {
      if (done.has(device.id)) continue;
      const result = await this.sendTo(db, device, message);
      const counter = metrics().pushDeliveries;
      if (result.outcome === "sent") {
        await markPushDelivered(db, { outboxId: n.id, deviceId: device.id });
        counter.inc({ channel: device.platform, outcome: "sent" });
        received = true;
        continue;
      }
      if (result.outcome === "gone") {
        await prunePushDevice(db, device.id);
        counter.inc({ channel: device.platform, outcome: "pruned" });
      } else counter.inc({ channel: device.platform, outcome: "failed" });
      if (result.outcome === "retry") retry.push(`${device.platform}: ${result.error}`);
      log(result.outcome === "gone" ? "info" : "warn", "push send did not deliver", {
        notificationId: n.id,
        deviceId: device.id,
        channel: device.platform,
        outcome: result.outcome,
        err: result.error,
      });
    }
    if (retry.length > 0) throw new Error(`Push delivery will be retried: ${retry.join("; ")}`);
    if (devices.length === 0 && !received) throw new NoRecipientError("The member has no push device registered.");
    if (!received) throw new PermanentDeliveryError("No push device accepted the notification.");
  }

  private async sendTo(db: Db, device: PushDeviceRow, message: PushMessage): Promise<SendResult> {
    if (device.platform === "webPush") {
      if (!device.p256dh || !device.auth) return { outcome: "rejected", error: "subscription has no keys" };
      const keys = await vapidKeys(db);
      return sendWebPush({ endpoint: device.address, p256dh: device.p256dh, auth: device.auth }, message, { ...keys, subject: vapidSubject() });
    }
    const fcm = fcmClient();
    if (!fcm) return { outcome: "rejected", error: "FCM is not configured (FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE)" };
    return fcm.send(device.address, message);
  }
}
