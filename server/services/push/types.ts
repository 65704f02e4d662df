/** What a member's device shows: the same JSON goes to browsers (encrypted) and, as fields, to FCM. */
export interface PushMessage {
  title: string;
  body: string;
  /** Page to open when the notification is clicked (absolute URL of the hosted library). */
  url: string;
  /** Replaces an earlier notification with the same tag instead of stacking. */
  tag: string;
  data: Record<string, string>;
}

/**
 * One device's answer: delivered; gone (prune the device); retry later (network, 429, 5xx);
 * rejected (this message will never be accepted; the device stays).
 */
export type SendResult = { outcome: "sent" } | { outcome: "gone" | "retry" | "rejected"; error: string };
