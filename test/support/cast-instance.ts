import { createServer } from "node:http";
import path from "node:path";
import { closeDb } from "@/db/client";
import { resetEnvCache } from "@/server/env";
import { createDirectDispatcher } from "@/server/http/direct-dispatch";
import { attachRealtime, closeRealtime } from "@/server/realtime/socket";

/**
 * A second Forma instance for multi-instance tests, run as its own process
 * (`node --import tsx test/support/cast-instance.ts`, DATABASE_URL in the environment): the API
 * route handlers and the Socket.IO server with its PostgreSQL adapter on one HTTP port, as
 * server.ts serves them. Prints `{"port":N}` once listening; exits on SIGTERM.
 */
const appDir = path.resolve(import.meta.dirname, "../../app");
let base = "";
const dispatcher = await createDirectDispatcher(appDir, () => base, { all: true });
const server = createServer((req, res) => {
  dispatcher.dispatch(req, res).catch((err) => {
    res.statusCode = 500;
    res.end(String(err));
  });
});
const io = attachRealtime(server);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_BASE_URL = base;
  resetEnvCache();
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

process.on("SIGTERM", async () => {
  await closeRealtime(io).catch(() => {});
  await closeDb().catch(() => {});
  process.exit(0);
});
