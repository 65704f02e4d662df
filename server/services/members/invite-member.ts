import { z } from "zod";
import type { Db } from "@/db/client";
import { insertOutboxNotifications } from "@/db/queries/notifications";
import { insertEndUser } from "@/db/queries/end-users";
import { getOrganization } from "@/db/queries/organizations";
import { conflict, notFound } from "@/server/core/errors";
import { SUPPORTED_LOCALES, resolveReadLocale } from "@/server/core/locale";
import { publicBaseUrl } from "@/server/env";
import { sendJobEventSafely } from "@/server/jobs";
import { isUniqueViolation } from "@/db/errors";
import { INVITATION_TEMPLATE, type InvitationPayload } from "./invitations";
import { toEndUser } from "./serialize";

export const InviteMemberInput = z
  .object({
    email: z.string().trim().toLowerCase().email("enter an email address").max(320),
    name: z.string().trim().min(1).max(200).optional(),
    externalId: z.string().trim().min(1).max(200).optional(),
    preferredLocale: z.enum(SUPPORTED_LOCALES).optional(),
  })
  .strict();
export type InviteMemberInput = z.output<typeof InviteMemberInput>;

/**
 * Adds a member to the organization and emails them an invitation through the notification
 * outbox (written in the same transaction, delivered by the notifications job through the
 * configured transport, retried on failure). An email or external id already in the
 * workspace is a 409.
 */
export async function inviteMember(db: Db, args: { organizationId: string; invitedBy: string; input: InviteMemberInput }) {
  const { organizationId, input } = args;
  const { member, outboxIds } = await db
    .transaction(async (tx) => {
      const org = await getOrganization(tx, organizationId);
      if (!org) throw notFound("Organization not found.");
      const row = await insertEndUser(tx, {
        organizationId,
        email: input.email,
        name: input.name ?? null,
        externalId: input.externalId ?? null,
        preferredLocale: input.preferredLocale ?? org.defaultLocale,
        timeZone: org.timeZone,
      });
      const payload: InvitationPayload = {
        kind: "invitation",
        organizationName: org.name,
        locale: resolveReadLocale(row.preferredLocale),
        joinUrl: `${publicBaseUrl()}/workouts?orgId=${organizationId}`,
        invitedBy: args.invitedBy,
      };
      const ids = await insertOutboxNotifications(tx, [
        { organizationId, endUserId: row.id, channel: "email", template: INVITATION_TEMPLATE, payload: payload as unknown as Record<string, unknown> },
      ]);
      return { member: row, outboxIds: ids };
    })
    .catch((err) => {
      if (isUniqueViolation(err, "end_users_org_email_uq")) throw conflict("A member with this email is already in the workspace.");
      if (isUniqueViolation(err, "end_users_org_external_uq")) throw conflict("A member with this external id is already in the workspace.");
      throw err;
    });
  await sendJobEventSafely({ name: "notifications/outbox.enqueued", data: { outboxIds } });
  return toEndUser(member);
}
