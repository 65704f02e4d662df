import type { IncomingMessage } from "node:http";

/** A finished response kept on a DirectRequest (see direct-body.ts). */
export interface DirectBody {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/**
 * The part of the Fetch `Headers` the direct dispatcher's requests implement (NodeHeaders): the read
 * side. No `set`, `append` or `delete`: a handler copies what it needs into its response's headers.
 */
export interface ApiHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  getSetCookie(): string[];
  forEach(fn: (value: string, key: string) => void): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/**
 * What a handler the direct dispatcher serves may use of its request: the part of the Fetch
 * `Request` DirectRequest implements. A Fetch `Request` (Next's, a test's) is one too, so the same
 * handler runs on both paths; what is missing here (`formData()`, `clone()`, `headers.set()`, ...)
 * does not type-check in such a handler instead of failing on the fast path only. The kernel's
 * handlers get it as `ctx.req`; other route files the dispatcher serves wrap their handlers in
 * `directRoute` (server/http/direct-routes.test.ts checks every one of them, and runs each route on
 * both paths).
 */
export interface ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: ApiHeaders;
  readonly signal: AbortSignal;
  readonly body: ReadableStream<Uint8Array> | null;
  readonly bodyUsed: boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
  bytes(): Promise<Uint8Array>;
}

/** A route handler for a route file the direct dispatcher serves: written against ApiRequest, exported with Next's signature. */
export function directRoute<C>(fn: (req: ApiRequest, ctx: C) => Promise<Response>): ((req: Request, ctx: C) => Promise<Response>) & { direct: true } {
  // The handler itself, marked: a Request is an ApiRequest, so no wrapper call is needed.
  return Object.assign(fn, { direct: true as const });
}

/**
 * The request object the direct dispatcher hands to the API's route handlers: the part of the
 * Fetch `Request` they use (method, url, headers, body, signal, text/json/arrayBuffer), built
 * without undici's per-request machinery (a second URL parse, an AbortController, webidl
 * conversions), which cost about a tenth of a cached API call. Every API route runs on it in the
 * integration tests too (test/harness.ts serves the routes through the same dispatcher).
 *
 * A body is collected from the moment the request arrives (as the Fetch Request's stream did), up
 * to `maxBodyBytes`: a client that hangs up right after sending still has its request served,
 * and a larger body is left to drain unread while the kernel answers 413.
 */
export class DirectRequest implements ApiRequest {
  readonly headers: ApiHeaders;
  /** The finished response, when the kernel answered with a body (server/http/direct-body.ts). */
  finished: DirectBody | null = null;
  /** The raw (still percent-encoded) path and query of the request line; `search` is "" or starts with "?". */
  readonly pathname: string;
  readonly search: string;
  private controller: AbortController | null = null;
  private readonly loaded: Promise<Buffer | null> | null;
  private used = false;
  private url_: URL | null = null;

  constructor(
    readonly node: IncomingMessage,
    readonly method: string,
    /** The request line's target (`/v1/...?...`). */
    private readonly target: string,
    /** The service's public origin, for the absolute URL (built only when asked for). */
    private readonly origin: string,
    maxBodyBytes: number,
  ) {
    if (PLAIN_TARGET.test(target) && !UNPLAIN.test(target)) {
      const q = target.indexOf("?");
      this.pathname = q < 0 ? target : target.slice(0, q);
      this.search = q < 0 || q === target.length - 1 ? "" : target.slice(q);
    } else {
      // Dot segments, backslashes, characters URL parsing escapes: exactly what the URL parser makes of them.
      const url = this.parsedUrl;
      this.pathname = url.pathname;
      this.search = url.search;
    }
    this.headers = new NodeHeaders(node);
    this.loaded = method === "GET" || method === "HEAD" ? null : collect(node, maxBodyBytes);
    // Read or not, a failed upload must not become an unhandled rejection.
    this.loaded?.catch(() => {});
  }

  /**
   * The request's absolute URL, parsed on first use: the kernel itself reads only `pathname` and
   * `search`, so a request whose handler never asks costs no URL parse.
   */
  get parsedUrl(): URL {
    this.url_ ??= new URL(this.target, this.origin);
    return this.url_;
  }

  get url(): string {
    return this.parsedUrl.href;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.node.once("close", () => {
        if (!this.node.complete) controller.abort();
      });
      this.controller = controller;
    }
    return this.controller.signal;
  }

  get body(): ReadableStream<Uint8Array> | null {
    const loaded = this.loaded;
    if (!loaded) return null;
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        const bytes = await loaded;
        if (!bytes) throw new RangeError("The body is larger than this server accepts.");
        if (bytes.byteLength) controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    });
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  /** The body's bytes; null when it is larger than the dispatcher's limit. */
  async bodyBuffer(): Promise<Buffer | null> {
    if (this.used) throw new TypeError("Body has already been read.");
    this.used = true;
    return this.loaded ? this.loaded : Buffer.alloc(0);
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.required());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const buf = await this.required();
    return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return (await this.required()).toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /**
   * Typed as the Fetch Request of Next's route-handler signature, for the dispatcher's call: the
   * handlers behind it are written against ApiRequest (`route`'s `ctx.req`, `directRoute`).
   */
  asRequest(): Request {
    return this as unknown as Request;
  }

  private async required(): Promise<Buffer> {
    const bytes = await this.bodyBuffer();
    if (!bytes) throw new RangeError("The body is larger than this server accepts.");
    return bytes;
  }
}

/**
 * A request target the URL parser would return unchanged as pathname + search: printable ASCII
 * without the characters it escapes or treats as separators (`"'<>\`{}\\#`), and no dot segment
 * (`/.`, or `%2e`, which it decodes as a dot). Anything else is parsed with URL, as before.
 */
const PLAIN_TARGET = /^\/(?![^?]*(?:\/\.|%2e))[\x21-\x7e]*$/i;
const UNPLAIN = /["'<>`{}\\#]/;

/**
 * The read side of Fetch `Headers` over Node's own header object (lower-cased names, repeated
 * headers joined as Node joins them), which is all API handlers use: undici's `Headers` validated
 * and copied every header of every request, which cost more than the authentication.
 */
class NodeHeaders implements ApiHeaders {
  constructor(private readonly node: IncomingMessage) {}

  get(name: string): string | null {
    const v = this.node.headers[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }

  has(name: string): boolean {
    return this.node.headers[name.toLowerCase()] !== undefined;
  }

  getSetCookie(): string[] {
    const v = this.node.headers["set-cookie"];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  }

  forEach(fn: (value: string, key: string) => void): void {
    for (const [k, v] of this.entries()) fn(v, k);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const k of Object.keys(this.node.headers).sort()) yield [k, this.get(k)!];
  }

  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** A Node request's headers as Fetch Headers, in the order and spelling they arrived. */
export function headersOf(node: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = node.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

function collect(node: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    node.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.byteLength;
      if (size > max) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    node.once("end", () => {
      if (!over) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    node.once("error", reject);
    node.once("close", () => {
      if (!node.complete) reject(new Error("The client closed the connection before sending the whole body."));
    });
  });
}
