import { createServer } from "node:http";
import path from "node:path";
import { createDirectDispatcher } from "@/server/http/direct-dispatch";

/**
 * The API alone, for fault tests that kill a server many times: the custom server's own direct
 * dispatcher (every API route module loaded up front, as server.ts does) on node:http, run with
 * tsx, without Next's pages (whose production build a source change would otherwise force on every
 * run). Environment: PORT and DATABASE_URL; prints "api-server ready" once it listens.
 */
const port = Number(process.env.PORT);
const base = `http://127.0.0.1:${port}`;
const dispatcher = await createDirectDispatcher(path.resolve(import.meta.dirname, "../../app"), () => base);
createServer((req, res) => {
  dispatcher.dispatch(req, res).catch((err) => {
    res.statusCode = 500;
    res.end(String(err?.stack ?? err));
  });
}).listen(port, "127.0.0.1", () => console.log("api-server ready"));
