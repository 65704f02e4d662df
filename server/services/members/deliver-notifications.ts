import { getDb, type Tx } from "@/db/client";
import { claimOutboxNotifications, findNotificationRecipients, findPendingOutboxNotification, markOutboxFailed, markOutboxSent } from "@/db/queries/notifications";
import { log } from "@/server/api/log";
import type { JobIo } from "@/server/jobs/types";
import { type AssignmentPayload, renderAssignment } from "./assignment-notifications";
import { INVITATION_TEMPLATE, type InvitationPayload, renderInvitation } from "./invitations";
import { type NotificationTransport, PermanentDeliveryError, getNotificationTransport } from "./notification-transport";

/** Attempts before a row is given up as `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** How long a claimed row stays invisible to other deliverers while it is being sent. */
const LEASE_SECONDS = 300;

export type DeliveryOutcome = "sent" | "retry" | "failed" | "skipped";

/** Seconds to wait before attempt `attempts + 1`: 30 s, 1, 2, 4, 8 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Claims due outbox rows (only `ids` when given); returns their ids. */
export async function claimNotifications(db: Tx, args: { ids?: string[]; limit: number }): Promise<string[]> {
  const rows = await claimOutboxNotifications(db, { ids: args.ids, limit: args.limit, leaseSeconds: LEASE_SECONDS });
  return rows.map((r) => r.id);
}

/** Sends one claimed row through the transport and records the outcome on the row. */
export async function deliverNotification(db: Tx, id: string, transport: NotificationTransport = getNotificationTransport()): Promise<DeliveryOutcome> {
  const row = await findPendingOutboxNotification(db, id);
  if (!row) return "skipped";
  const [recipient] = await findNotificationRecipients(db, [row.endUserId]);
  try {
    if (recipient?.status !== "active") throw new PermanentDeliveryError("The member is no longer active.");
    const payload = row.payload as unknown as AssignmentPayload | InvitationPayload;
    const { subject, text } =
      row.template === INVITATION_TEMPLATE
        ? renderInvitation(payload as InvitationPayload, recipient.name)
        : renderAssignment(payload as AssignmentPayload, row.channel, recipient.name);
    await transport.send({
      id: row.id,
      channel: row.channel,
      template: row.template,
      to: { endUserId: recipient.id, email: recipient.email, name: recipient.name, locale: payload.locale },
      subject,
      text,
      data: row.payload,
    });
    await markOutboxSent(db, row.id);
    return "sent";
  } catch (err) {
    const final = err instanceof PermanentDeliveryError || row.attempts >= MAX_DELIVERY_ATTEMPTS;
    const message = err instanceof Error ? err.message : String(err);
    log(final ? "error" : "warn", "notification delivery failed", {
      notificationId: row.id,
      channel: row.channel,
      attempt: row.attempts,
      final,
      transport: transport.name,
      err: message,
    });
    await markOutboxFailed(db, row.id, { error: message, final, retryAfterSeconds: retryDelaySeconds(row.attempts) });
    return final ? "failed" : "retry";
  }
}

/**
 * The delivery job's body: claim a batch, then send each row in its own step, so a retried run
 * (under Inngest) never resends a row that was already delivered.
 */
export async function deliverNotificationBatch(io: JobIo, args: { ids?: string[]; limit: number }): Promise<Record<DeliveryOutcome, number>> {
  const ids = await io.run("claim", () => claimNotifications(getDb(), args));
  const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  for (const id of ids) counts[await io.run(`deliver-${id}`, () => deliverNotification(getDb(), id))]++;
  return counts;
}
