import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getDb } from "@/db/client";
import { findApiKeyByHash } from "@/db/queries/api-keys";
import { hashApiKey } from "@/server/core/api-keys";
import { env, publicBaseUrl } from "@/server/env";

/**
 * Whether /docs may pre-fill the demo workspace's key for "try it", and which. Only on a fresh
 * local install: in development, or when every sign says the reader sits at this machine: the
 * custom server saw the connection come from a loopback address with no Forwarded,
 * X-Forwarded-For or X-Real-IP header (no proxy relayed it; `server.ts` records that verdict in
 * `x-forma-local-request` before Next adds forwarding headers of its own, overwriting anything a
 * client sent), and the service's public URL is itself a loopback URL (a deployment behind a proxy
 * sets PUBLIC_BASE_URL to its public address). The key must still be valid. Anything else gets an
 * empty key field: a key is never shown to the internet.
 */
export const LOCAL_REQUEST_HEADER = "x-forma-local-request";

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  return a === "::1" || /^127\./.test(a) || /^::ffff:127\./.test(a);
}

/** The custom server's verdict on a connection: from this machine, and not relayed by a proxy. */
export function isLocalRequest(remoteAddress: string | undefined, headers: Record<string, string | string[] | undefined>): boolean {
  if (!remoteAddress || !isLoopbackAddress(remoteAddress)) return false;
  return !headers.forwarded && !headers["x-forwarded-for"] && !headers["x-real-ip"];
}

export function mayPrefillDemoKey(headers: Headers): boolean {
  if (env().NODE_ENV === "development") return true;
  if (headers.get(LOCAL_REQUEST_HEADER) !== "1") return false;
  return LOOPBACK_HOST.test(new URL(publicBaseUrl()).hostname);
}

export interface DemoCredentials {
  organizationId: string;
  apiKey: string;
}

/** The demo workspace (DATA_DIR/demo-workspace.json, written by db/seed/demo.ts) when the rules above allow it. */
export async function demoCredentialsFor(headers: Headers): Promise<DemoCredentials | null> {
  if (!mayPrefillDemoKey(headers)) return null;
  const file = path.join(path.resolve(env().DATA_DIR), "demo-workspace.json");
  if (!existsSync(file)) return null;
  try {
    const demo = JSON.parse(readFileSync(file, "utf8")) as Partial<DemoCredentials>;
    if (typeof demo.apiKey !== "string" || typeof demo.organizationId !== "string") return null;
    if (!(await findApiKeyByHash(getDb(), hashApiKey(demo.apiKey)))) return null;
    return { organizationId: demo.organizationId, apiKey: demo.apiKey };
  } catch {
    return null;
  }
}
