import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FrameLocator, Page, Request } from "@playwright/test";

/**
 * A partner page that frames a Forma player: served by a tiny HTTP server of the test on another
 * port (another origin; a real loopback one, because Chromium's local-network checks block a
 * routed "public" page from framing 127.0.0.1), with the iframe attributes the docs recommend,
 * recording every message the player posts in window.__messages.
 */
let hostServer: Promise<{ server: Server; origin: string }> | null = null;

function partnerHost(): Promise<{ server: Server; origin: string }> {
  hostServer ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const src = new URL(req.url ?? "/", "http://host").searchParams.get("src") ?? "about:blank";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(hostHtml(src));
    });
    server.unref();
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
  return hostServer;
}

/** The partner page's origin (to list in an embed token's allowedOrigins). */
export async function partnerOrigin(): Promise<string> {
  return (await partnerHost()).origin;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function hostHtml(src: string): string {
  return `<!doctype html><html lang="en"><head><title>Partner</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;background:#222">
<main style="position:fixed;inset:0;width:100vw;height:100dvh">
  <iframe id="player" src="${escapeAttr(src)}" title="Workout player" allow="autoplay; fullscreen; accelerometer; gyroscope" allowfullscreen style="width:100%;height:100%;border:0"></iframe>
</main>
<script>
  window.__messages = [];
  window.addEventListener("message", (e) => {
    if (e.source === document.getElementById("player").contentWindow) window.__messages.push(e.data);
  });
  window.__post = (m) => document.getElementById("player").contentWindow.postMessage(m, "*");
</script>
</body></html>`;
}

export interface Host {
  frame: FrameLocator;
  requests: Request[];
  messages(): Promise<{ type: string; [k: string]: unknown }[]>;
  post(message: unknown): Promise<void>;
}

export async function openHost(page: Page, src: string): Promise<Host> {
  const { origin } = await partnerHost();
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  await page.goto(`${origin}/partner?src=${encodeURIComponent(src)}`);
  return {
    frame: page.frameLocator("#player"),
    requests,
    messages: () => page.evaluate(() => (window as unknown as { __messages: { type: string }[] }).__messages),
    post: (message) => page.evaluate((m) => (window as unknown as { __post: (m: unknown) => void }).__post(m), message),
  };
}

/** Waits until the host has received a message of `type` and returns it. */
export async function waitForMessage(page: Page, type: string, timeout = 15_000): Promise<Record<string, unknown>> {
  const handle = await page.waitForFunction(
    (t) => (window as unknown as { __messages: { type: string }[] }).__messages.find((m) => m.type === t) ?? null,
    type,
    { timeout },
  );
  return (await handle.jsonValue()) as Record<string, unknown>;
}
