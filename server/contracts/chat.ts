/**
 * Who a chat call is for: the organization and exactly one of the member's email or external UUID
 * (the operations' schemas require one; the chat services resolve it to a member).
 */
export type ChatIdentity = { organizationId: string; userEmail?: string; userExternalUUID?: string };
