import { type AddressInfo, createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { type OutboundNotification, PermanentDeliveryError } from "./notification";
import { MemoryTransport, SmtpTransport, getNotificationTransport, setNotificationTransport } from "./notification-transport";

const message = (over: Partial<OutboundNotification> = {}): OutboundNotification => ({
  id: "n1",
  channel: "email",
  template: "library.workouts.assigned",
  to: { endUserId: "m1", email: "alex@example.com", name: "Alex", locale: "en-US" },
  subject: "Studio: 1 new workout in your library",
  text: "Hi Alex,\n\n  - Core Crusher",
  data: {},
  ...over,
});

/** A minimal SMTP server that records the DATA of each message. */
async function fakeSmtp(): Promise<{ url: string; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith("EHLO")) socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(() => r())) };
}

afterEach(() => {
  setNotificationTransport(null);
  delete process.env.SMTP_URL;
  resetEnvCache();
});

describe("notification transports", () => {
  it("send email through SMTP and push through the fallback", async () => {
    const smtp = await fakeSmtp();
    try {
      const push = new MemoryTransport();
      const transport = new SmtpTransport(smtp.url, "Forma <no-reply@forma.local>", push);
      await transport.send(message());
      await transport.send(message({ channel: "push", id: "n2" }));
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain("Subject: Studio: 1 new workout in your library");
      expect(smtp.messages[0]).toContain("To: Alex <alex@example.com>");
      expect(smtp.messages[0]).toContain("Core Crusher");
      expect(push.sent.map((n) => n.id)).toEqual(["n2"]);
      await expect(transport.send(message({ to: { endUserId: "m1", email: null, name: null, locale: "en-US" } }))).rejects.toBeInstanceOf(
        PermanentDeliveryError,
      );
    } finally {
      await smtp.close();
    }
  });

  it("default to the log transport for email, pick SMTP when SMTP_URL is set, and push to devices", () => {
    expect(getNotificationTransport().name).toBe("log+push");
    setNotificationTransport(null);
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    resetEnvCache();
    expect(getNotificationTransport().name).toBe("smtp+push");
  });
});
