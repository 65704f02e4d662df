import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { type Server, createServer } from "node:http";
import { createServer as netServer } from "node:net";
import type { Server as SocketServer } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CastClient, connectCast, createSession, joinSession } from "@/test/support/cast";
import { type TestOrg, call, createTestOrg, useTestApp } from "@/test/harness";
import { attachRealtime, closeRealtime } from "./socket";

/**
 * With REDIS_URL the Socket.IO servers are linked by the Redis adapter instead of PostgreSQL: two
 * independent Socket.IO servers (their own HTTP servers and adapters) on a throw-away redis-server.
 * The REST calls go to the harness, whose services publish through the first server.
 */
useTestApp();

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
let redis: ChildProcess | null = null;
let org: TestOrg;
const servers: { http: Server; io: SocketServer; baseUrl: string }[] = [];
const open: CastClient[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = netServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function socketServer(redisUrl: string) {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const io = attachRealtime(http, { redisUrl });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", () => r()));
  const { port } = http.address() as { port: number };
  const server = { http, io, baseUrl: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

describe.skipIf(!hasRedis)("Redis adapter (REDIS_URL)", () => {
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    const url = `redis://127.0.0.1:${port}`;
    for (
      let i = 0;
      i < 50 &&
      spawnSync("redis-cli", ["-p", String(port), "ping"])
        .stdout?.toString()
        .trim() !== "PONG";
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await socketServer(url); // registered first: the harness's services publish through it
    await socketServer(url);
    org = await createTestOrg();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    for (const s of servers) await closeRealtime(s.io);
    redis?.kill("SIGTERM");
  });

  it("carries a command's events to a display connected to the other server, in order, then closes it", async () => {
    const s = await createSession(org.key);
    const tv = await connectCast(servers[1]!.baseUrl, { apiKey: org.key, sessionId: s.id, role: "display" });
    open.push(tv);
    await joinSession(org.key, s, "phone-1");
    expect(await tv.log.wait("device-paired")).toMatchObject({ device: { deviceId: "phone-1" } });
    await joinSession(org.key, s, "phone-2");
    await tv.log.wait("device-paired", (p) => p.device.deviceId === "phone-2");
    expect(tv.log.names()).toEqual(["device-paired", "pairing-success", "device-disconnected", "device-paired", "pairing-success"]);
    const res = await call(`/v1/cast/pairing/session/${s.id}`, { key: org.key, method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await tv.log.wait("session-ended")).toMatchObject({ reason: "terminated" });
    expect(await tv.disconnected).toBe("io server disconnect");
  });
});
