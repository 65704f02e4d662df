import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { isBlockedAddress, isLocalHostname, postWebhook } from "./outbound";

describe("isBlockedAddress", () => {
  it("blocks private, loopback, link-local, CGNAT, multicast, reserved and documentation ranges", () => {
    for (const ip of [
      "0.0.0.0",
      "10.0.0.1",
      "100.64.1.1",
      "127.0.0.1",
      "127.255.0.9",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "192.0.2.10",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::127.0.0.1",
      "fe80::1%eth0",
      "::a00:1",
      "0:0:0:0:0:ffff:7f00:1",
      "2002:7f00:1::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "not-an-ip",
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
  });

  it("lets public addresses through", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"]) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it("treats local names as local whatever DNS says", () => {
    expect(["localhost", "LOCALHOST.", "api.localhost", "printer.local", "db.internal", "nas.home.arpa"].every(isLocalHostname)).toBe(true);
    expect(isLocalHostname("partner.example.com")).toBe(false);
  });
});

describe("postWebhook", () => {
  const args = { headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 2000 };

  it("refuses a name when any address it resolves to is private, before connecting", async () => {
    const out = await postWebhook("https://hooks.example.com/x", {
      ...args,
      allowPrivate: false,
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    });
    expect(out).toMatchObject({
      statusCode: null,
      error: "hooks.example.com resolves to 10.0.0.5, which is a private, loopback or reserved address; webhooks go to public addresses only.",
    });
  });

  it("connects to the address it checked (pinned), sending the URL's host name", async () => {
    let host: string | undefined;
    const server = createServer((req, res) => {
      host = req.headers.host;
      res.end("pinned");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const { port } = server.address() as { port: number };
    let lookups = 0;
    try {
      const out = await postWebhook(`http://receiver.test:${port}/hook`, {
        ...args,
        allowPrivate: true,
        resolve: async () => {
          lookups++;
          return [{ address: "127.0.0.1", family: 4 }];
        },
      });
      expect(out).toMatchObject({ statusCode: 200, excerpt: "pinned", error: null });
      expect(host).toBe(`receiver.test:${port}`);
      expect(lookups).toBe(1);
    } finally {
      server.close();
    }
  });
});
