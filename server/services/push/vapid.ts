import webpush from "web-push";
import type { Db } from "@/db/client";
import { env } from "@/server/env";
import { installationSecret } from "@/server/secrets";

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the `applicationServerKey` browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url; never leaves the server. */
  privateKey: string;
}

/**
 * The installation's VAPID key pair, generated on first use and kept in the database beside the
 * other installation secrets, so every instance signs with the same key and subscriptions made
 * through one instance are accepted by the push service for all. Nothing to configure.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await installationSecret(db, "vapid-keys", undefined, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as VapidKeys;
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") throw new Error("stored VAPID keys are malformed");
  return keys;
}

/** The VAPID `sub` claim: VAPID_SUBJECT, else a mailto: of the notification sender address. */
export function vapidSubject(): string {
  const e = env();
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(e.SMTP_FROM)?.[1] ?? e.SMTP_FROM;
  return `mailto:${address.trim()}`;
}
