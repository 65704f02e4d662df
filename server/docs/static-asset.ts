import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

/**
 * A large static file served by a route (the reference's bundle): read once per process and
 * answered with an ETag and long caching (its URL carries the version). Compression is left to
 * the server in front (Next compresses route responses itself and would compress an already
 * compressed body a second time).
 */
interface Prepared {
  raw: Buffer;
  etag: string;
}

const cache = new Map<string, Prepared>();

function prepare(file: string): Prepared {
  let p = cache.get(file);
  if (!p) {
    const raw = readFileSync(file);
    p = { raw, etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"` };
    cache.set(file, p);
  }
  return p;
}

export function staticAssetResponse(req: Request, file: string, contentType: string): Response {
  const p = prepare(file);
  const headers: Record<string, string> = { "content-type": contentType, etag: p.etag, "cache-control": "public, max-age=31536000, immutable" };
  if (req.headers.get("if-none-match") === p.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(p.raw), { status: 200, headers });
}
