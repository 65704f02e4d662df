import { type IncomingMessage, type Server, type ServerResponse, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A slow network between the browser and the server under test, for the HLS rendition switch: a
 * forwarding proxy on another loopback port whose responses to the paths `throttle` matches are
 * sent at `bytesPerSecond` once throttling is on (headers at once, then the body in small timed
 * slices, as a slow link delivers it: the time to first byte stays short and the transfer is long,
 * which is what a player's bandwidth estimate measures). Pages are opened through the proxy, and the
 * server's absolute URLs in text answers (a /v1 `text/plain` URL, an HLS playlist's signed URIs)
 * are rewritten to the proxy's origin, so everything the page loads passes through it. Media
 * signatures cover the key and expiry, not the host, so the rewritten URLs still verify.
 */
export interface ThrottlingProxy {
  origin: string;
  /** Starts sending matching responses at `bytesPerSecond` (null: full speed again). */
  setRate(bytesPerSecond: number | null): void;
  /** Paths requested through the proxy, in order, with whether each was throttled. */
  log: { path: string; throttled: boolean; at: number }[];
  close(): Promise<void>;
}

const REWRITTEN = /mpegurl|^text\/plain/i;
const SLICES_PER_SECOND = 10;

export async function startThrottlingProxy(target: string, throttle: RegExp): Promise<ThrottlingProxy> {
  const upstream = new URL(target);
  let rate: number | null = null;
  const log: ThrottlingProxy["log"] = [];
  let origin = "";

  function forward(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? "/";
    const headers = { ...req.headers, host: upstream.host };
    delete headers["accept-encoding"]; // bodies to rewrite or slice arrive uncompressed
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (up) => {
      const type = String(up.headers["content-type"] ?? "");
      const throttled = rate !== null && throttle.test(new URL(path, origin).pathname);
      log.push({ path: new URL(path, origin).pathname, throttled, at: Date.now() });
      if (!REWRITTEN.test(type) && !throttled) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        let body = Buffer.concat(chunks);
        if (REWRITTEN.test(type)) body = Buffer.from(body.toString("utf8").replaceAll(target, origin));
        const { "content-length": _, etag: __, ...rest } = up.headers;
        res.writeHead(up.statusCode ?? 502, { ...rest, "content-length": String(body.length), "cache-control": "no-store" });
        if (throttled && rate !== null) sendSlowly(res, body, rate);
        else res.end(body);
      });
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  }

  const server: Server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    setRate: (bytesPerSecond) => {
      rate = bytesPerSecond;
    },
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `body` in slices, `bytesPerSecond` a second; stops if the client goes away (a player's abort). */
function sendSlowly(res: ServerResponse, body: Buffer, bytesPerSecond: number) {
  const slice = Math.max(1, Math.round(bytesPerSecond / SLICES_PER_SECOND));
  let offset = 0;
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      return;
    }
    const next = body.subarray(offset, offset + slice);
    offset += next.length;
    if (offset >= body.length) {
      clearInterval(timer);
      res.end(next);
    } else res.write(next);
  }, 1000 / SLICES_PER_SECOND);
}
