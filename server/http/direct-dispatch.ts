import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type RouteFile, discoverRoutes, matchRoute } from "./app-router";
import { isDirectRoute } from "./direct-routes";
import { bundledRoutes } from "./route-table";
import { directBody } from "./direct-body";
import { DirectRequest, headersOf } from "./direct-request";
import { corsHeaders, preflightHeaders } from "@/server/api/cors";
import { env } from "@/server/env";
import { labelRequest, observedDispatcher } from "@/server/observability/requests";

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) & { methodNotAllowed?: boolean };
const SERVED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The API fast path of the custom server. `/v1`, `/media` and `/health` requests go straight to
 * the very same App Router route handlers (app/**\/route.ts), matched the way the App Router
 * matches them, without Next's per-request page machinery, which costs more than the whole API
 * operation (see BENCHMARKS.md). Everything else (pages, docs, console) is served by Next.
 * Set FORMA_API_VIA_NEXT=1 to send API traffic through Next instead.
 */
export interface DirectDispatcher {
  handles(pathname: string): boolean;
  dispatch(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const PREFIXES = ["/v1/", "/media/"];
const EXACT = new Set(["/health", "/v1", "/metrics", "/ready"]);
/**
 * The console's internal routes take the same path, so they share this process's module copies
 * (and caches) with the /v1 handlers: a key revoked in the console is evicted from the very cache
 * the API reads. They get the full streaming Request (uploads send chunks of several megabytes).
 */
const CONSOLE_PREFIX = "/api/console/";
/** Inngest calls the jobs here: they run in this process's module copy, like every other job. */
const INNGEST_PATH = "/api/inngest";

const isApiPath = (pathname: string) => EXACT.has(pathname) || PREFIXES.some((p) => pathname.startsWith(p));
const isConsolePath = (pathname: string) => pathname.startsWith(CONSOLE_PREFIX) || pathname === INNGEST_PATH;

function fullRequest(nodeReq: IncomingMessage, method: string, url: URL, hasBody: boolean): Request {
  return new Request(url, {
    method,
    headers: headersOf(nodeReq),
    body: hasBody ? (Readable.toWeb(nodeReq) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies
    duplex: hasBody ? "half" : undefined,
  });
}

/**
 * The route files the dispatcher serves (every one of `appDir` with `all`), the table
 * server/http/direct-routes.int.test.ts runs through both paths.
 */
export function servedRoutes(appDir: string, opts: { all?: boolean } = {}): RouteFile[] {
  return (bundledRoutes ?? discoverRoutes(appDir)).filter((r) => opts.all || isDirectRoute(r));
}

/**
 * Whether the dispatcher hands `route`'s handlers its light DirectRequest (the API's paths), not a
 * Fetch Request: those handlers are written against ApiRequest (`apiRoute`'s `ctx.req`, `directRoute`).
 */
export function getsDirectRequest(route: RouteFile): boolean {
  const first = route.segments[0];
  return first?.kind === "static" && (first.value === "v1" || first.value === "media" || (route.segments.length === 1 && EXACT.has(`/${first.value}`)));
}

/**
 * `all: true` serves every route file of `appDir` (the integration-test harness uses that to run the
 * real handlers over HTTP without a Next build).
 */
export async function createDirectDispatcher(appDir: string, baseUrl: () => string, opts: { all?: boolean } = {}): Promise<DirectDispatcher> {
  const routes = servedRoutes(appDir, opts);
  type RouteModule = Record<string, Handler | undefined>;
  const modules = new Map<RouteFile, Promise<RouteModule>>();
  const loaded = new Map<RouteFile, RouteModule>();
  // The compiled server's routes come with their modules; from sources they are imported by path.
  for (const r of bundledRoutes ?? []) {
    loaded.set(r, r.module as RouteModule);
    modules.set(r, Promise.resolve(r.module as RouteModule));
  }
  const load = (r: RouteFile) => {
    let m = modules.get(r);
    if (!m) {
      m = (import(path.resolve(r.file)) as Promise<RouteModule>).then((mod) => {
        loaded.set(r, mod);
        return mod;
      });
      modules.set(r, m);
    }
    return m;
  };
  // The server loads every API route up front, so a broken module fails start-up, not a request.
  if (!opts.all) await Promise.all(routes.map(load));

  const dispatcher: DirectDispatcher = {
    handles: (pathname) => Boolean(opts.all) || isApiPath(pathname) || isConsolePath(pathname),
    async dispatch(nodeReq, nodeRes) {
      const method = (nodeReq.method ?? "GET").toUpperCase();
      const target = nodeReq.url ?? "/";
      const api = isApiPath(target.split("?", 1)[0]!);
      // API routes get the light request (no URL parse unless a handler asks for one); the rest
      // (the harness's `all`: Inngest's endpoint...) the full Request, built once the route is known.
      const light = api ? new DirectRequest(nodeReq, method, target, baseUrl(), env().MAX_BODY_BYTES) : null;
      const url = light ? null : new URL(target, baseUrl());
      const match = matchRoute(routes, light ? light.pathname : url!.pathname);
      labelRequest(nodeReq, match?.route, match?.params); // observability: the route template (server/observability)
      const mod = match ? (loaded.get(match.route) ?? (await load(match.route))) : undefined;
      const origin = typeof nodeReq.headers.origin === "string" ? nodeReq.headers.origin : null;
      if (method === "OPTIONS" && mod && api) {
        // CORS preflight (and plain OPTIONS): the methods this path serves, answered here for every route file.
        const served = SERVED_METHODS.filter((m) => mod[m] && !mod[m]!.methodNotAllowed);
        nodeRes.writeHead(204, preflightHeaders(origin, served.length ? served : ["GET"]));
        nodeRes.end();
        return;
      }
      const handler = mod?.[method] ?? (method === "HEAD" ? mod?.GET : undefined);
      if (!match || !handler) {
        nodeRes.writeHead(match ? 405 : 404, { "content-type": "application/json; charset=utf-8", ...corsHeaders(origin) });
        nodeRes.end(JSON.stringify({ error: { code: match ? "MethodNotAllowed" : "NotFound", message: match ? "Method not allowed." : "Not found." } }));
        return;
      }
      const request = light ? light.asRequest() : fullRequest(nodeReq, method, url!, method !== "GET" && method !== "HEAD");
      const response = await handler(request, { params: Promise.resolve(match.params) });
      const direct = directBody(request, response);
      if (direct) {
        nodeRes.writeHead(direct.status, { ...direct.headers, "content-length": Buffer.byteLength(direct.body) });
        nodeRes.end(method === "HEAD" ? undefined : direct.body);
        return;
      }
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((v, k) => {
        out[k] = v;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      nodeRes.writeHead(response.status, out);
      if (!response.body || method === "HEAD") {
        nodeRes.end();
        return;
      }
      await pipeline(Readable.fromWeb(response.body as never), nodeRes).catch((err: NodeJS.ErrnoException) => {
        // The client went away mid-response (a player seeking, a closed tab): nothing to report.
        if (err.code !== "ERR_STREAM_PREMATURE_CLOSE") throw err;
      });
    },
  };
  // Observability: each request's metrics, access-log line and span (server/observability/requests.ts).
  return observedDispatcher(dispatcher);
}
