import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { bootstrapDatabase } from "./db/bootstrap";
import { closeDb } from "./db/client";
import { ensureDemoWorkspace } from "./db/seed/demo";
import { log } from "./server/api/log";
import { env, publicBaseUrl } from "./server/env";
import { createDirectDispatcher } from "./server/http/direct-dispatch";
import { startJobWorker, stopJobWorker } from "./server/jobs";
import { attachRealtime } from "./server/realtime/socket";

/**
 * The one process: PostgreSQL (embedded or DATABASE_URL), Next (API, pages, console) and
 * Socket.IO (cast pairing) on one port.
 */
const dev = process.env.NODE_ENV === "development";
const { PORT: port, HOST: host } = env();
const say = (m: string) => log("info", m);

const { embedded } = await bootstrapDatabase({ log: say });
const demo = await ensureDemoWorkspace({ log: say });
await startJobWorker();

const app = next({ dev, hostname: "localhost", port, turbopack: dev });
await app.prepare();
const handle = app.getRequestHandler();

const direct = process.env.FORMA_API_VIA_NEXT === "1" ? null : await createDirectDispatcher(path.join(import.meta.dirname, "app"), publicBaseUrl);

// Handlers still running. A client may hang up while its request is handled (the server then no
// longer counts the connection), so shutdown waits for these before it closes the database.
let running = 0;
let drained: (() => void) | null = null;

const server = createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  running++;
  const work = direct?.handles(pathname) ? direct.dispatch(req, res) : handle(req, res);
  work
    .catch((err) => {
      log("error", "request failed outside a route", { err: String(err) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "InternalServerError", message: "Something went wrong on our side." } }));
    })
    .finally(() => {
      if (--running === 0) drained?.();
    });
});
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
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  say(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  io.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
  await app.close().catch(() => {});
  await stopJobWorker().catch(() => {});
  await closeDb().catch(() => {});
  if (embedded?.owner) await embedded.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
