import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * The one outbound HTTP call of webhooks, with the SSRF rules: the host is resolved here and every
 * address it resolves to is checked (private, loopback, link-local, CGNAT, multicast, reserved and
 * documentation ranges are refused unless `allowPrivate`), then the connection is pinned to the
 * checked address (a second, different DNS answer cannot slip in). Redirects are never followed
 * (a 3xx is a failed attempt). One deadline covers DNS, connect, request and the response excerpt.
 */
const BLOCKED = new net.BlockList();
for (const [net4, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net4, bits, "ipv4");
}
for (const [net6, bits] of [
  ["::", 96], // IPv4-compatible (deprecated): ::a.b.c.d
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32], // Teredo: tunnels to an IPv4 address embedded in the IPv6 one
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: the same
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net6, bits, "ipv6");
}

/** True for addresses a webhook must not reach (see above); IPv4-mapped and NAT64 IPv6 are checked as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  // The canonical (compressed) form, so the mapped and NAT64 checks below see every way of writing one.
  let lower: string;
  try {
    lower = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return true; // a zone id (fe80::1%eth0) or anything else a URL cannot hold: link-local at best
  }
  const mapped = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return BLOCKED.check(mapped[1]!, "ipv4");
  const hexMapped = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = Number.parseInt(hexMapped[1]!, 16);
    const lo = Number.parseInt(hexMapped[2]!, 16);
    return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  return BLOCKED.check(address, "ipv6");
}

/** Hostnames that name this machine or a private network whatever DNS says. */
export function isLocalHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".internal") || h.endsWith(".home.arpa");
}

export class RefusedDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedDestinationError";
  }
}

export interface PostOutcome {
  /** The receiver's status; null when no response arrived. */
  statusCode: number | null;
  latencyMs: number;
  /** The first EXCERPT_CHARS characters of the response body. */
  excerpt: string | null;
  /** Why no (successful) response: timeout, refused destination, network error. */
  error: string | null;
}

export const EXCERPT_CHARS = 1024;

type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Resolves and checks `hostname`; returns the address to connect to. */
async function resolveChecked(hostname: string, allowPrivate: boolean, resolve: Resolver): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isLocalHostname(bare)) throw new RefusedDestinationError(`${bare} is a local name; webhooks go to public addresses only.`);
  const literal = net.isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await resolve(bare);
  if (addresses.length === 0) throw new Error(`${bare} has no address.`);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) {
      const what = literal ? bare : `${bare} resolves to ${blocked.address}, which`;
      throw new RefusedDestinationError(`${what} is a private, loopback or reserved address; webhooks go to public addresses only.`);
    }
  }
  return addresses[0]!;
}

/** POSTs `body` to `url`; never throws (the outcome says what happened). */
export async function postWebhook(
  url: string,
  args: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean; resolve?: Resolver },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let request: http.ClientRequest | null = null;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      request?.destroy();
      reject(new Error(`No response within ${Math.round(args.timeoutMs / 1000)} s (timeout).`));
    }, args.timeoutMs);
  });
  const attempt = (async (): Promise<PostOutcome> => {
    const target = new URL(url);
    const pinned = await resolveChecked(target.hostname, args.allowPrivate, args.resolve ?? systemResolver);
    const client = target.protocol === "https:" ? https : http;
    return new Promise<PostOutcome>((resolve, reject) => {
      request = client.request(
        {
          protocol: target.protocol,
          hostname: target.hostname.replace(/^\[|\]$/g, ""),
          port: target.port || undefined,
          path: `${target.pathname}${target.search}`,
          method: "POST",
          headers: { ...args.headers, "content-length": Buffer.byteLength(args.body) },
          agent: false,
          // Connect to the address checked above, whatever a second resolution would say.
          lookup: (_host, opts, cb) => {
            if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
            else (cb as (e: null, a: string, f: number) => void)(null, pinned.address, pinned.family);
          },
        },
        (res) => {
          const statusCode = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => {
            const text = Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_CHARS);
            resolve({ statusCode, latencyMs: elapsed(), excerpt: text, error: null });
          };
          res.on("data", (chunk: Buffer) => {
            if (size >= EXCERPT_CHARS * 4) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= EXCERPT_CHARS * 4) {
              finish();
              res.destroy();
            }
          });
          res.on("end", finish);
          res.on("error", () => finish());
        },
      );
      request.on("error", reject);
      request.end(args.body);
    });
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { statusCode: null, latencyMs: elapsed(), excerpt: null, error: message };
  } finally {
    clearTimeout(timer);
    attempt.catch(() => {});
  }
}
