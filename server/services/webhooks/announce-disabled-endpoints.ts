import type { Tx } from "@/db/client";
import { findUnannouncedDisabledEndpoints, findWorkspaceContacts, updateWebhookEndpoint } from "@/db/queries/webhooks";
import { log } from "@/server/core/log";
import { getNotificationTransport } from "@/server/services/members/notification-transport";

/**
 * Tells each workspace whose endpoint was disabled for failures, by email to its team members with
 * an address (through the service's notification transport). The endpoint row is the outbox: its
 * `disabled_notified_at` stays null until the notice went out, so the sweep retries a failed send.
 */
export async function announceDisabledEndpoints(db: Tx, limit = 20): Promise<number> {
  const endpoints = await findUnannouncedDisabledEndpoints(db, limit);
  const transport = getNotificationTransport();
  let sent = 0;
  for (const endpoint of endpoints) {
    const team = await findWorkspaceContacts(db, endpoint.organizationId);
    try {
      for (const t of team) {
        await transport.send({
          id: `${endpoint.id}-disabled-${t.id}`,
          channel: "email",
          template: "webhooks.endpoint.disabled",
          to: { endUserId: null, trainerId: t.id, email: t.email, name: t.name, locale: t.locale },
          subject: "Forma: a webhook endpoint was disabled",
          text: [
            `Every delivery to ${endpoint.url} failed for 24 hours, so Forma disabled this webhook endpoint (${endpoint.id}).`,
            `Last failures started at ${endpoint.failingSince?.toISOString() ?? "unknown"}. Fix the receiver, then enable the endpoint again`,
            "(PATCH /v1/orgs/{organizationId}/webhooks/{webhookId} with enabled: true) and replay the failed deliveries",
            "(POST .../deliveries/replay with a since time).",
          ].join("\n"),
          data: { endpointId: endpoint.id, url: endpoint.url },
        });
      }
      await updateWebhookEndpoint(db, endpoint.id, { disabledNotifiedAt: new Date() });
      sent++;
    } catch (err) {
      log("warn", "could not announce a disabled webhook endpoint; the sweep retries", {
        endpointId: endpoint.id,
        err: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return sent;
}
