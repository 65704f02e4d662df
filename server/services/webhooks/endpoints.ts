import net from "node:net";
import type { Db } from "@/db/client";
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  lockWorkspaceWebhookEndpoints,
  updateWebhookEndpoint,
} from "@/db/queries/webhooks";
import { badRequest, conflict, notFound } from "@/server/core/errors";
import { listResult } from "@/server/core/pagination";
import { env } from "@/server/env";
import type { WebhookEventType } from "./event-types";
import { isBlockedAddress, isLocalHostname } from "./outbound";
import { generateWebhookSecret, sealSecret } from "./secrets";
import { toWebhookEndpoint } from "./serialize";

/** Endpoints per workspace. */
export const MAX_ENDPOINTS = 20;
const NOT_FOUND = "Webhook endpoint not found.";

/**
 * Checks a receiver URL when it is set: http or https, no credentials, and (unless private
 * networks are allowed) no literal private address or local name. Names are resolved and checked
 * again at every delivery, since DNS can change after this check.
 */
export function assertDeliverableUrl(raw: string, target: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("url is not a valid absolute URL.", target);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw badRequest("url must use https (or http).", target);
  if (url.username || url.password) throw badRequest("url must not carry credentials; verify deliveries by their signature instead.", target);
  url.hash = "";
  if (!env().WEBHOOKS_ALLOW_PRIVATE_NETWORKS) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isLocalHostname(host) || (net.isIP(host) && isBlockedAddress(host))) {
      throw badRequest("url points to a private, loopback or reserved address; webhooks go to public addresses only.", target);
    }
  }
  return url.toString();
}

export interface EndpointInput {
  url: string;
  description?: string;
  eventTypes: WebhookEventType[];
  enabled?: boolean;
}

/** Creates an endpoint; the answer carries its signing secret, shown this once. */
export async function createWebhookEndpoint(db: Db, organizationId: string, input: EndpointInput, target: string) {
  const url = assertDeliverableUrl(input.url, `${target}.url`);
  const secret = generateWebhookSecret();
  const sealed = await sealSecret(secret);
  const row = await db.transaction(async (tx) => {
    await lockWorkspaceWebhookEndpoints(tx, organizationId);
    if ((await countWebhookEndpoints(tx, organizationId)) >= MAX_ENDPOINTS) throw conflict(`A workspace has at most ${MAX_ENDPOINTS} webhook endpoints.`);
    return insertWebhookEndpoint(tx, {
      organizationId,
      url,
      description: input.description ?? "",
      eventTypes: [...new Set(input.eventTypes)],
      status: input.enabled === false ? "disabled" : "enabled",
      disabledReason: input.enabled === false ? "manual" : null,
      disabledAt: input.enabled === false ? new Date() : null,
      secret: sealed,
    });
  });
  return { ...toWebhookEndpoint(row), secret };
}

export async function listWebhookEndpointsOf(db: Db, organizationId: string, args: { limit: number; offset: number; url: string }) {
  const { rows, total } = await listWebhookEndpoints(db, { organizationId, limit: args.limit, offset: args.offset });
  return listResult(args.url, rows.map(toWebhookEndpoint), { limit: args.limit, offset: args.offset, total });
}

export async function getWebhookEndpoint(db: Db, organizationId: string, id: string) {
  const row = await findWebhookEndpoint(db, organizationId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toWebhookEndpoint(row);
}

/**
 * Changes an endpoint. `enabled: true` re-enables a disabled one (its failure streak starts over);
 * `enabled: false` disables it (reason `manual`); deliveries of a disabled endpoint are not sent.
 */
export async function updateWebhookEndpointOf(db: Db, organizationId: string, id: string, input: Partial<EndpointInput>, target: string) {
  const url = input.url === undefined ? undefined : assertDeliverableUrl(input.url, `${target}.url`);
  return db.transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, organizationId, id, { forUpdate: true });
    if (!current) throw notFound(NOT_FOUND);
    const status =
      input.enabled === true && current.status !== "enabled"
        ? { status: "enabled" as const, disabledReason: null, disabledAt: null, disabledNotifiedAt: null, failingSince: null }
        : input.enabled === false && current.status !== "disabled"
          ? { status: "disabled" as const, disabledReason: "manual" as const, disabledAt: new Date() }
          : {};
    const row = await updateWebhookEndpoint(tx, id, {
      ...(url !== undefined ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
      ...status,
    });
    return toWebhookEndpoint(row);
  });
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpointOf(db: Db, organizationId: string, id: string): Promise<void> {
  if (!(await deleteWebhookEndpoint(db, organizationId, id))) throw notFound(NOT_FOUND);
}

/**
 * Issues a new signing secret. The old one stays valid for `overlapSeconds` (default 24 h):
 * meanwhile every delivery carries a signature with each (Standard Webhooks allows several), so
 * receivers can switch whenever they like. 0 ends the old secret at once.
 */
export async function rotateWebhookSecret(db: Db, organizationId: string, id: string, overlapSeconds: number) {
  const secret = generateWebhookSecret();
  const sealed = await sealSecret(secret);
  return db.transaction(async (tx) => {
    const current = await findWebhookEndpoint(tx, organizationId, id, { forUpdate: true });
    if (!current) throw notFound(NOT_FOUND);
    const row = await updateWebhookEndpoint(tx, id, {
      secret: sealed,
      previousSecret: overlapSeconds > 0 ? current.secret : null,
      previousSecretExpiresAt: overlapSeconds > 0 ? new Date(Date.now() + overlapSeconds * 1000) : null,
    });
    return { ...toWebhookEndpoint(row), secret };
  });
}
