import { createHash, randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";

/**
 * Test support: local fakes of the four platforms' documented endpoints on one HTTP server.
 * The service reaches them through SOCIAL_PLATFORM_BASE_URL (`<base>/<host>/<path>`). Each fake
 * checks what its documentation requires of a request (parameters, auth header, upload
 * chunking) and answers as the documentation shows, error bodies included; tests script
 * failures (`failNext`), slow processing (`processingPolls`), rejected media and revoked tokens.
 */
export interface FakeRequest {
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The body parsed as a form or JSON, when it is one. */
  fields: Record<string, any>;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

type Handler = (req: FakeRequest, fake: PlatformFakes) => Promise<FakeAnswer> | FakeAnswer;

interface Route {
  method: string;
  host: string;
  pattern: RegExp;
  handler: (req: FakeRequest, match: RegExpMatchArray, fake: PlatformFakes) => Promise<FakeAnswer> | FakeAnswer;
}

export interface ScriptedFailure {
  host: string;
  /** Matches the path (a substring or a pattern). */
  path: string | RegExp;
  answer: FakeAnswer;
  times: number;
}

export interface IssuedGrant {
  platform: string;
  accessToken: string;
  refreshToken?: string;
  revoked: boolean;
  expiresAt: number;
}

export const sha256url = (s: string) => createHash("sha256").update(s).digest("base64url");
export const token = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;

export class PlatformFakes {
  baseUrl = "";
  readonly requests: FakeRequest[] = [];
  readonly routes: Route[] = [];
  readonly failures: ScriptedFailure[] = [];
  /** Grants by access token and by refresh token. */
  readonly grants = new Map<string, IssuedGrant>();
  readonly refreshGrants = new Map<string, IssuedGrant>();
  /** Authorization codes issued by the consent screens: code -> what it was issued for. */
  readonly codes = new Map<string, { platform: string; clientId: string; redirectUri: string; challenge?: string }>();
  /** Status checks answered "in progress" before a container, upload or post is done. */
  processingPolls = 0;
  /** The platforms reject the next media (as the docs' media errors). */
  rejectMedia = false;
  /** Instagram's publishing-limit usage to report (default: the posts of the last 24 hours). */
  instagramQuotaUsed: number | undefined = undefined;
  /** Expiry of issued access tokens (seconds). */
  accessTokenSeconds = 3600;
  /** Posts each platform made: what a real account would show. */
  readonly posts: { platform: string; id: string; caption: string; videoBytes: number; coverBytes?: number }[] = [];
  private server: Server | null = null;
  readonly apps: Record<string, { clientId: string; clientSecret: string }> = {};

  route(method: string, host: string, pattern: RegExp, handler: Route["handler"]): void {
    this.routes.push({ method, host, pattern, handler });
  }

  /** Answers the next `times` matching requests with `answer` instead of handling them. */
  failNext(host: string, path: string | RegExp, answer: FakeAnswer, times = 1): void {
    this.failures.push({ host, path, answer, times });
  }

  /** Answers the `n`th matching request from now (1 = the next) with `answer`. */
  failOnNth(host: string, method: string, path: string, n: number, answer: FakeAnswer): { hit: boolean } {
    const hook = { hit: false, seen: 0, host, method, path, n, answer };
    this.nthHooks.push(hook);
    return hook;
  }

  readonly nthHooks: { hit: boolean; seen: number; host: string; method: string; path: string; n: number; answer: FakeAnswer }[] = [];

  issueGrant(platform: string, opts: { refresh?: boolean; seconds?: number } = {}): IssuedGrant {
    const g: IssuedGrant = {
      platform,
      accessToken: token(`${platform.slice(0, 2)}-at-`),
      refreshToken: opts.refresh ? token(`${platform.slice(0, 2)}-rt-`) : undefined,
      revoked: false,
      expiresAt: Date.now() + (opts.seconds ?? this.accessTokenSeconds) * 1000,
    };
    this.grants.set(g.accessToken, g);
    if (g.refreshToken) this.refreshGrants.set(g.refreshToken, g);
    return g;
  }

  /** The platform's user revokes the app: every token of the platform stops working. */
  revokeAll(platform: string): void {
    for (const g of this.grants.values()) if (g.platform === platform) g.revoked = true;
  }

  /** The live grant of an access token, or null (unknown, revoked, expired). */
  grantOf(accessToken: string | null | undefined, platform: string): IssuedGrant | null {
    const g = accessToken ? this.grants.get(accessToken) : undefined;
    return g && g.platform === platform && !g.revoked && g.expiresAt > Date.now() ? g : null;
  }

  requestsTo(host: string, path?: string | RegExp): FakeRequest[] {
    return this.requests.filter((r) => r.host === host && (path === undefined || (typeof path === "string" ? r.path.includes(path) : path.test(r.path))));
  }

  /** Downloads a URL the platform was asked to pull (Forma's signed links), as the platform would. */
  async pull(url: string): Promise<{ ok: boolean; status: number; type: string; bytes: Buffer }> {
    try {
      const res = await fetch(url);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { ok: res.ok, status: res.status, type: res.headers.get("content-type") ?? "", bytes };
    } catch {
      return { ok: false, status: 0, type: "", bytes: Buffer.alloc(0) };
    }
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, "127.0.0.1", () => r()));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server?.listening ? this.server.close(() => r()) : r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    const [, host = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    const type = req.headers["content-type"] ?? "";
    let fields: Record<string, any> = {};
    if (type.startsWith("application/x-www-form-urlencoded")) fields = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
    else if (type.startsWith("application/json") && body.length) {
      try {
        fields = JSON.parse(body.toString("utf8"));
      } catch {
        fields = { __invalidJson: true };
      }
    }
    const fr: FakeRequest = { method: req.method ?? "GET", host, path, query: url.searchParams, headers: req.headers, body, fields };
    this.requests.push(fr);
    let answer: FakeAnswer;
    const failure = this.failures.find((f) => f.host === host && f.times > 0 && (typeof f.path === "string" ? path.includes(f.path) : f.path.test(path)));
    const nth = this.nthHooks.find((h) => !h.hit && h.host === host && h.method === fr.method && path.startsWith(h.path) && ++h.seen === h.n);
    if (nth) {
      nth.hit = true;
      answer = nth.answer;
    } else if (failure) {
      failure.times--;
      answer = failure.answer;
    } else {
      const route = this.routes.map((r) => ({ r, m: r.method === fr.method && r.host === host ? path.match(r.pattern) : null })).find((x) => x.m);
      try {
        answer = route ? await route.r.handler(fr, route.m!, this) : { status: 404, json: { error: { message: `no fake for ${fr.method} ${host}${path}` } } };
      } catch (err) {
        answer = { status: 500, json: { error: { message: String(err) } } };
      }
    }
    res.writeHead(answer.status, { ...(answer.json !== undefined ? { "content-type": "application/json; charset=UTF-8" } : {}), ...answer.headers });
    res.end(answer.json !== undefined ? JSON.stringify(answer.json) : undefined);
  }
}

export type { Handler };
