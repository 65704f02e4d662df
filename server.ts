import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import next from "next";
import { bootstrapDatabase } from "./db/bootstrap";
import { startCacheInvalidation } from "./db/cache-invalidation";
import { closeDb, getDb } from "./db/client";
import { ensureDemoWorkspace } from "./db/seed/demo";
import { log } from "./server/core/log";
import { flushUsageTally } from "./server/services/usage/usage-tally";
import { releaseRateLimitLeases } from "./server/core/rate-limit";
import { applyDerivedEnv, env, publicBaseUrl } from "./server/env";
import { createDirectDispatcher } from "./server/http/direct-dispatch";
import { markPages, pagesBuildRunning } from "./server/http/pages-build";
import {
  SecurityHeaders,
  arrivedOverTls,
  isEmbeddablePath,
  loadPrerenderedScriptHashes,
  newNonce,
  responseKind,
  scriptHash,
} from "./server/http/security-headers";
import { embedTokenOrigins } from "./server/services/embed/embed-token";
import { startJobWorker, stopJobWorker } from "./server/jobs/worker";
import { LOCAL_REQUEST_HEADER, isLocalRequest } from "./server/docs/demo-credentials";
import { REFERENCE_BOOT_SCRIPT } from "./server/docs/reference-page";
import { ffmpegChoice } from "./server/media/ffmpeg";
import { loadMediaSigningSecret } from "./server/media/signing";
import { attachRealtime, closeRealtime } from "./server/realtime/socket";
import { pageRoute } from "./server/observability/page-routes";
import { beginDraining } from "./server/observability/readiness";
import { observeRequest } from "./server/observability/requests";
import { inRequestSpan, startTracing, stopTracing } from "./server/observability/tracing";

/**
 * The one process: PostgreSQL (embedded or DATABASE_URL), Next (API, pages, console) and
 * Socket.IO (cast pairing) on one port.
 */
const dev = env().NODE_ENV === "development";
const { PORT: port, HOST: host } = env();
const say = (m: string) => log("info", m);
applyDerivedEnv();
// Observability: OpenTelemetry only when OTEL_* asks for it (server/observability/tracing.ts).
if (await startTracing()) say("tracing on (OpenTelemetry, OTLP/HTTP)");

const { embedded, timings } = await bootstrapDatabase({ log: say });
await loadMediaSigningSecret(getDb());
const ffmpeg = ffmpegChoice();
if (ffmpeg.warning) log("warn", ffmpeg.warning, { ffmpeg: ffmpeg.path });
else say(`ffmpeg ${ffmpeg.version} (${ffmpeg.source === "PATH" ? ffmpeg.path : "FFMPEG_PATH"})`);
await startCacheInvalidation();
const demoStarted = performance.now();
const demo = await ensureDemoWorkspace({ log: say });
const demoMs = performance.now() - demoStarted;
/** Seconds, for the start-up timing lines. */
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const app = next({ dev, hostname: "localhost", port, turbopack: dev });
/** Next's handler, once the pages are prepared (null before: pages answer 503, the API answers already). */
let handle: ReturnType<typeof app.getRequestHandler> | null = null;
// The security headers of every answer (server/http/security-headers.ts). Pages Next prerendered
// are allowed their inline scripts by hash (read from the build once it is there); /docs's one
// inline script too.
const scriptHashes = new Map<string, string[]>();
async function preparePages(): Promise<void> {
  await app.prepare();
  if (!dev) for (const [page, hashes] of loadPrerenderedScriptHashes(path.resolve(env().NEXT_DIST_DIR))) scriptHashes.set(page, hashes);
  scriptHashes.set("/docs", [scriptHash(REFERENCE_BOOT_SCRIPT)]);
  handle = app.getRequestHandler();
}
// On a first start npm start is still building the pages (scripts/start.mjs): the API answers
// first, the pages when they are built (server/http/pages-build.ts). Otherwise they are prepared
// before the server listens.
const pagesBuild = pagesBuildRunning();
const pagesPrepared = pagesBuild
  ? pagesBuild
      .then(preparePages)
      .then(() => {
        markPages("ready");
        say(`pages built: the console, library pages and players answer (${secs(process.uptime() * 1000)} after start)`);
      })
      .catch((err) => {
        log("error", "the pages could not be prepared", { err: String(err) });
        process.exit(1);
      })
  : null;
if (pagesPrepared) markPages("building");
else await preparePages();

const direct = env().FORMA_API_VIA_NEXT === "1" ? null : await createDirectDispatcher(path.join(process.cwd(), "app"), publicBaseUrl);
const security = new SecurityHeaders(
  {
    // Media URLs and links are made with PUBLIC_BASE_URL, which may name another origin than the one a page was opened at.
    extraOrigins: env().PUBLIC_BASE_URL ? [new URL(publicBaseUrl()).origin] : [],
    embedFrameAncestors: env().EMBED_FRAME_ANCESTORS,
    development: dev,
  },
  scriptHashes,
);
/** Sets headers on a response before its handler writes it (a handler's own value of a header wins). */
function setAll(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const k in headers) res.setHeader(k, headers[k]!);
}

// Handlers still running. A client may hang up while its request is handled (the server then no
// longer counts the connection), so shutdown waits for these before it closes the database.
let running = 0;
let drained: (() => void) | null = null;

const trustProxy = env().TRUST_PROXY;
/** One request, start to end (a function, not per-request closures: the direct path is hot). */
async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  running++;
  try {
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    const tls = arrivedOverTls(req.headers, false, trustProxy);
    if (direct?.handles(pathname)) {
      setAll(res, security.forApi(tls));
      await direct.dispatch(req, res);
    } else {
      const kind = responseKind(pathname);
      if (kind === "page") {
        // A player's embed token names the origins that may frame it (its signature is checked; an
        // expired token keeps them, so its partner page can still show why it does not play).
        const query = req.url?.indexOf("?") ?? -1;
        const token = query >= 0 && isEmbeddablePath(pathname) ? new URLSearchParams(req.url!.slice(query + 1)).get("token") : null;
        const frameAncestors = token ? await embedTokenOrigins(token) : null;
        const headers = security.forPage(pathname, newNonce(), tls, frameAncestors ?? undefined);
        // Next puts the nonce of the request's CSP on the scripts of the page it renders; a client's own value never counts.
        req.headers["content-security-policy"] = headers["content-security-policy"];
        delete req.headers["content-security-policy-report-only"];
        setAll(res, headers);
      } else {
        delete req.headers["content-security-policy"];
        delete req.headers["content-security-policy-report-only"];
        setAll(res, kind === "api" ? security.forApi(tls) : security.forAsset(tls));
      }
      // For pages, read by Next: from this machine and not relayed by a proxy? (/docs's local-only
      // demo key, server/docs/demo-credentials.ts; never a client's value.) And the client address
      // as console sign-in throttling sees it: the connection's, unless a trusted proxy says.
      req.headers[LOCAL_REQUEST_HEADER] = isLocalRequest(req.socket.remoteAddress, req.headers) ? "1" : "0";
      if (!trustProxy) {
        // What a proxy would say is only believed behind a trusted one: Next fills these from the
        // connection and the Host header instead (server/http/same-origin.ts).
        req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
        delete req.headers["x-forwarded-host"];
        delete req.headers["x-forwarded-proto"];
      }
      // Observability (server/observability/requests.ts): a page's metrics, access-log line and span.
      const seen = observeRequest(req, res, pageRoute(pathname));
      const pages = handle;
      if (!pages) pagesNotYetBuilt(res);
      else await (seen.span ? inRequestSpan(seen.span, () => pages(req, res)) : pages(req, res));
    }
  } catch (err) {
    log("error", "request failed outside a route", { err: String(err) });
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "InternalServerError", message: "Something went wrong on our side." } }));
  } finally {
    if (--running === 0) drained?.();
  }
}

/** A page asked for while a first start still builds the pages: 503, and a page that asks again in 5 s. */
function pagesNotYetBuilt(res: ServerResponse): void {
  res.writeHead(503, { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" });
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Forma is starting</title></head>' +
      "<body><main><h1>Forma is starting</h1><p>The pages are being built for the first start (the API already answers). This page reloads itself in a few seconds.</p></main></body></html>",
  );
}

const server = createServer(serve);
// Keep idle connections longer than load balancers do (60 s on most): with Node's 5 s default, a
// balancer or client reusing a connection the server is closing at that moment gets a reset (502).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const io = attachRealtime(server);

server.listen(port, host, () => {
  const base = publicBaseUrl();
  const lines = [
    "",
    `Forma is running on ${base} (${dev ? "development" : "production"}, database: ${embedded ? "embedded PostgreSQL" : "DATABASE_URL"})`,
    `  API reference   ${base}/docs   (${base}/openapi.json)`,
    `  Console         ${base}/console`,
    `  Health          ${base}/health`,
  ];
  if (demo) {
    lines.push(
      `  Demo workspace  organizationId ${demo.organizationId}`,
      `  Demo API key    ${demo.apiKey}`,
      `  First call      curl -H "X-Api-Key: ${demo.apiKey}" ${base}/v1/orgs/${demo.organizationId}/workouts`,
    );
    if (demo.consoleUser) lines.push(`  Console sign-in ${demo.consoleUser.email} / ${demo.consoleUser.password}`);
  }
  if (!handle) lines.push("  Pages           being built (first start): the API answers now, the pages in a minute or two");
  process.stdout.write(`${lines.join("\n")}\n\n`);
});
await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
// Where a start's time went (first starts: docs/operations.md; BENCHMARKS.md has the figures).
log("info", `answering after ${secs(process.uptime() * 1000)}`, {
  database: secs(timings.databaseMs),
  migrations: secs(timings.migrationsMs),
  demoWorkspace: secs(demoMs),
  pages: handle ? "prepared" : "building",
});
// Jobs start once requests are served: the seed's export renders must not delay a first start
// (nor share the CPU with its pages build).
if (pagesPrepared)
  void pagesPrepared
    .then(() => startJobWorker())
    .catch((err) => {
      log("error", "the job worker could not start", { err: String(err) });
      process.exit(1);
    });
else await startJobWorker();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  say(`${signal}: shutting down`);
  // Draining (server/observability/readiness.ts): /ready answers 503 while requests are still served.
  const drainMs = env().SHUTDOWN_DRAIN_SECONDS * 1000;
  beginDraining();
  // The whole shutdown has drain + 10 s; past that something hangs and the exit code says so (1).
  // In development drain + 4 s: `npm run dev`'s restarter (tsx watch) kills a process that has not
  // exited 5 s after its SIGTERM, which skipped the steps below (the database was left running and
  // a job in flight unreturned); 4 s leaves running jobs 1 s before they go back to the queue.
  const deadline = Date.now() + drainMs + (env().NODE_ENV === "development" ? 4_000 : 10_000);
  const force = setTimeout(() => process.exit(1), deadline - Date.now());
  force.unref();
  if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
  await closeRealtime(io).catch(() => {});
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
  await app.close().catch(() => {});
  // Running jobs get what is left of the budget but 5 s (the steps below; stopping the embedded
  // PostgreSQL takes seconds on a busy machine); a job still running is then failed back to the
  // queue (pg-boss retries it), so the exit is still orderly.
  await stopJobWorker(Math.max(1_000, deadline - Date.now() - 5_000)).catch(() => {});
  await flushUsageTally().catch(() => {});
  await releaseRateLimitLeases().catch(() => {});
  await stopTracing().catch(() => {});
  await closeDb().catch(() => {});
  if (embedded?.owner) await embedded.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
