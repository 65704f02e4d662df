/**
 * What a notification is and how a channel reports failure: shared by the transports
 * (notification-transport.ts) and the channels they use (server/services/push/push-transport.ts).
 */
/** One rendered notification, ready for a channel. */
export interface OutboundNotification {
  id: string;
  /** The organization the notification is from (push messages link to its hosted library). */
  organizationId?: string;
  channel: "email" | "push";
  template: string;
  /** A member (endUserId), or a team member of the workspace (trainerId) for workspace notices. */
  to: { endUserId: string | null; trainerId?: string; email: string | null; name: string | null; locale: string };
  /** Email subject, or push title. */
  subject: string;
  /** Plain-text email body, or push body. */
  text: string;
  data: Record<string, unknown>;
}

/** Delivers notifications. Throw to retry later; throw PermanentDeliveryError to give up at once. */
export interface NotificationTransport {
  readonly name: string;
  send(notification: OutboundNotification): Promise<void>;
}

/** A failure that no retry can fix (no address, member gone). */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentDeliveryError";
  }
}

/** The recipient has nowhere to receive this channel (a member without push devices): given up at once, and not an error. */
export class NoRecipientError extends PermanentDeliveryError {
  constructor(message: string) {
    super(message);
    this.name = "NoRecipientError";
  }
}
