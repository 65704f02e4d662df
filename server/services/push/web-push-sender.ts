import webpush from "web-push";
import type { PushMessage, SendResult } from "./types";
import type { VapidKeys } from "./vapid";

/** Seconds a push service keeps an undelivered message for an offline browser. */
export const WEB_PUSH_TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * Sends one message to one browser subscription (RFC 8030 / 8291 / 8292): `web-push` encrypts the
 * payload for the subscription's keys (aes128gcm) and signs the VAPID JWT for the endpoint's
 * origin; the request itself goes through fetch (timeout, tracing). 404 and 410 mean the
 * subscription is gone (pruned); 429, 5xx and network errors are retried; any other answer is a
 * rejection of this message that no retry fixes.
 */
export async function sendWebPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
  vapid: VapidKeys & { subject: string },
): Promise<SendResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    { vapidDetails: vapid, TTL: WEB_PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
  let res: Response;
  try {
    res = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { outcome: "retry", error: `push service unreachable: ${err instanceof Error ? err.message : String(err)}` };
  }
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) return { outcome: "sent" };
  if (res.status === 404 || res.status === 410) return { outcome: "gone", error: `subscription gone (${res.status})` };
  if (res.status === 429 || res.status >= 500) return { outcome: "retry", error: `push service answered ${res.status}` };
  return { outcome: "rejected", error: `push service rejected the message (${res.status})` };
}
