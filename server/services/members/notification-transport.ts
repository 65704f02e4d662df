import { log } from "@/server/core/log";
import { env } from "@/server/env";
import { PushTransport } from "@/server/services/push/push-transport";
import { type NotificationTransport, type OutboundNotification, PermanentDeliveryError } from "./notification";

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

/** Email through SMTP (nodemailer, `SMTP_URL`); push goes to `push`. */
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

/** Email to one transport, push to another. */
export class ChannelTransport implements NotificationTransport {
  readonly name: string;
  constructor(
    private readonly email: NotificationTransport,
    private readonly push: NotificationTransport,
  ) {
    this.name = `${email.name}+${push.name}`;
  }
  send(n: OutboundNotification): Promise<void> {
    return n.channel === "push" ? this.push.send(n) : this.email.send(n);
  }
}

/**
 * The process's transport: email by SMTP when SMTP_URL is set (the log transport otherwise), push
 * to the member's registered devices (Web Push, FCM: server/services/push/push-transport.ts).
 */
export function getNotificationTransport(): NotificationTransport {
  if (!holder.__formaNotificationTransport) {
    const url = env().SMTP_URL;
    const push = new PushTransport();
    holder.__formaNotificationTransport = new ChannelTransport(url ? new SmtpTransport(url, env().SMTP_FROM, push) : new LogTransport(), push);
  }
  return holder.__formaNotificationTransport;
}

/** Replaces the transport (tests, other providers); null restores the default. */
export function setNotificationTransport(transport: NotificationTransport | null): void {
  holder.__formaNotificationTransport = transport ?? undefined;
}
