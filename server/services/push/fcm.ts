import { readFileSync } from "node:fs";
import { SignJWT, importPKCS8 } from "jose";
import { z } from "zod";
import { env } from "@/server/env";
import type { PushMessage, SendResult } from "./types";

/** The OAuth scope FCM HTTP v1 requires. */
export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const TIMEOUT_MS = 10_000;

/** The fields of a Google service-account key file that the token exchange needs. */
const ServiceAccount = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(3),
  private_key: z.string().includes("PRIVATE KEY"),
  private_key_id: z.string().optional(),
  token_uri: z.string().url().default("https://oauth2.googleapis.com/token"),
});
export type ServiceAccount = z.infer<typeof ServiceAccount>;

/** The configured service account (FCM_SERVICE_ACCOUNT_JSON, else FCM_SERVICE_ACCOUNT_FILE), or null when FCM is not set up. */
export function fcmServiceAccount(): ServiceAccount | null {
  const e = env();
  const text = e.FCM_SERVICE_ACCOUNT_JSON ?? (e.FCM_SERVICE_ACCOUNT_FILE ? readFileSync(e.FCM_SERVICE_ACCOUNT_FILE, "utf8") : null);
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("The FCM service account is not valid JSON.");
  }
  const r = ServiceAccount.safeParse(parsed);
  if (!r.success) throw new Error(`The FCM service account lacks ${r.error.issues.map((i) => i.path.join(".")).join(", ")}.`);
  return r.data;
}

/**
 * FCM HTTP v1 (https://firebase.google.com/docs/cloud-messaging/send/v1-api): an OAuth 2.0 access
 * token from the service account (JWT-bearer grant, RFC 7523: an RS256 assertion signed with the
 * account's key, posted to its `token_uri`), cached until a minute before it expires, then
 * `POST {FCM_BASE_URL}/v1/projects/{project_id}/messages:send` per device token.
 */
export class FcmClient {
  private token: { value: string; expiresAt: number } | null = null;
  private key: Promise<CryptoKey> | null = null;

  constructor(
    private readonly account: ServiceAccount,
    private readonly baseUrl: string,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    this.key ??= importPKCS8(this.account.private_key, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(this.account.private_key_id ? { kid: this.account.private_key_id } : {}) })
      .setIssuer(this.account.client_email)
      .setAudience(this.account.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await this.key);
    const res = await fetch(this.account.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number; error?: string } | null;
    if (!res.ok || !body?.access_token) throw new Error(`FCM token exchange failed (${res.status}${body?.error ? ` ${body.error}` : ""})`);
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  /**
   * Sends one message to one registration token. UNREGISTERED (and 404 NOT_FOUND) means the app
   * was uninstalled or the token rotated: the device is pruned. 401 drops the cached access token
   * and retries; 429, 5xx, UNAVAILABLE, INTERNAL and network errors retry; other errors
   * (INVALID_ARGUMENT, SENDER_ID_MISMATCH, ...) reject the message for that device.
   */
  async send(token: string, message: PushMessage): Promise<SendResult> {
    let bearer: string;
    try {
      bearer = await this.accessToken();
    } catch (err) {
      return { outcome: "retry", error: err instanceof Error ? err.message : String(err) };
    }
    const url = `${this.baseUrl.replace(/\/$/, "")}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: message.title, body: message.body },
            data: { ...message.data, url: message.url, tag: message.tag },
            android: { notification: { tag: message.tag } },
            apns: { headers: { "apns-collapse-id": message.tag } },
          },
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return { outcome: "retry", error: `FCM unreachable: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (res.ok) {
      await res.body?.cancel().catch(() => {});
      return { outcome: "sent" };
    }
    const body = (await res.json().catch(() => null)) as { error?: { status?: string; details?: { errorCode?: string }[] } } | null;
    const code = body?.error?.details?.find((d) => d.errorCode)?.errorCode ?? body?.error?.status ?? String(res.status);
    if (code === "UNREGISTERED" || res.status === 404) return { outcome: "gone", error: `FCM token ${code}` };
    if (res.status === 401) this.token = null;
    if (res.status === 401 || res.status === 429 || res.status >= 500 || code === "UNAVAILABLE" || code === "INTERNAL" || code === "QUOTA_EXCEEDED")
      return { outcome: "retry", error: `FCM answered ${res.status} ${code}` };
    return { outcome: "rejected", error: `FCM rejected the message (${res.status} ${code})` };
  }
}

const holder = globalThis as unknown as { __formaFcm?: { of: string; client: FcmClient | null } };

/** The process's FCM client, or null when no service account is configured (rebuilt when the settings change, as tests do). */
export function fcmClient(): FcmClient | null {
  const e = env();
  const of = `${e.FCM_SERVICE_ACCOUNT_JSON ?? ""}|${e.FCM_SERVICE_ACCOUNT_FILE ?? ""}|${e.FCM_BASE_URL}`;
  if (holder.__formaFcm?.of !== of) {
    const account = fcmServiceAccount();
    holder.__formaFcm = { of, client: account ? new FcmClient(account, e.FCM_BASE_URL) : null };
  }
  return holder.__formaFcm.client;
}
