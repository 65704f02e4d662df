import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/db/client";
import { env } from "@/server/env";
import { installationSecret } from "@/server/secrets";

/**
 * Webhook signing secrets. They must be usable to sign, so they cannot be hashed like API keys:
 * they are stored sealed with AES-256-GCM under WEBHOOK_SECRETS_KEY (or a key generated once per
 * installation), shown in clear only in the create and rotate answers, and never logged.
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

async function sealingKey(): Promise<Buffer> {
  const secret = await installationSecret(getDb(), "webhook-secrets", env().WEBHOOK_SECRETS_KEY);
  return createHash("sha256").update(secret).digest();
}

export async function sealSecret(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

export async function openSecret(sealed: string): Promise<string> {
  const raw = Buffer.from(sealed.slice(3), "base64");
  const decipher = createDecipheriv("aes-256-gcm", await sealingKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/**
 * The `webhook-signature` header: one `v1,<base64 HMAC-SHA256>` per secret, space-separated
 * (Standard Webhooks), so a receiver that knows either secret of a rotation verifies the message.
 */
export function signatureHeader(secrets: string[], msgId: string, timestamp: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(msgId, timestamp, body)).join(" ");
}
