import { log } from "@/server/core/log";
import { env } from "@/server/env";

/** One rendered notification, ready for a channel. */
export interface OutboundNotification {
  id: string;
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

/** The default: writes one structured log line per notification (no address, no body: no personal data in logs). */
export class LogTransport implements NotificationTransport {
  readonly name = "log";
  async send(n: OutboundNotification): Promise<void> {
    log("info", "notification delivered (log transport)", {
      notificationId: n.id,
      channel: n.channel,
      template: n.template,
      endUserId: n.to.endUserId,
      ...(n.to.trainerId ? { trainerId: n.to.trainerId } : {}),
      subject: n.subject,
    });
  }
}

/** Email through SMTP (nodemailer, `SMTP_URL`); push has no provider yet and goes to `push`. */
export class SmtpTransport implements NotificationTransport {
  readonly name = "smtp";
  private mailer: Promise<import("nodemailer").Transporter>;

  constructor(
    url: string,
    private readonly from: string,
    private readonly push: NotificationTransport = new LogTransport(),
  ) {
    this.mailer = import("nodemailer").then((m) => m.default.createTransport(url));
  }

  async send(n: OutboundNotification): Promise<void> {
    if (n.channel === "push") return this.push.send(n);
    if (!n.to.email) throw new PermanentDeliveryError("The member has no email address.");
    await (await this.mailer).sendMail({
      from: this.from,
      to: n.to.name ? { name: n.to.name, address: n.to.email } : n.to.email,
      subject: n.subject,
      text: n.text,
    });
  }
}

/** Keeps what it was given (tests, previews). */
export class MemoryTransport implements NotificationTransport {
  readonly name = "memory";
  readonly sent: OutboundNotification[] = [];
  async send(n: OutboundNotification): Promise<void> {
    this.sent.push(n);
  }
}

const holder = globalThis as unknown as { __formaNotificationTransport?: NotificationTransport };

/** The process's transport: SMTP when SMTP_URL is set, the log transport otherwise. */
export function getNotificationTransport(): NotificationTransport {
  if (!holder.__formaNotificationTransport) {
    const url = env().SMTP_URL;
    holder.__formaNotificationTransport = url ? new SmtpTransport(url, env().SMTP_FROM) : new LogTransport();
  }
  return holder.__formaNotificationTransport;
}

/** Replaces the transport (tests, other providers); null restores the default. */
export function setNotificationTransport(transport: NotificationTransport | null): void {
  holder.__formaNotificationTransport = transport ?? undefined;
}
