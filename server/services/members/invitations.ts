import type { Locale } from "@/server/core/locale";

/** Outbox template of member invitations. */
export const INVITATION_TEMPLATE = "member.invited";

export interface InvitationPayload {
  kind: "invitation";
  organizationName: string;
  locale: Locale;
  /** Where the member starts: the workspace's hosted library. */
  joinUrl: string;
  invitedBy: string;
}

/** Subject and text of an invitation (English copy, like the assignment notifications). */
export function renderInvitation(payload: InvitationPayload, memberName: string | null): { subject: string; text: string } {
  return {
    subject: `${payload.invitedBy} invited you to train with ${payload.organizationName}`,
    text: [
      `Hi${memberName ? ` ${memberName}` : ""},`,
      "",
      `${payload.invitedBy} invited you to ${payload.organizationName}. Your workouts and plans are waiting:`,
      "",
      `  ${payload.joinUrl}`,
      "",
      "See you there.",
    ].join("\n"),
  };
}
