import { type Socket, io } from "socket.io-client";
import { expect } from "vitest";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call } from "@/test/harness";

/** Socket.IO client helpers for the cast channel (/cast/pairing) and a few REST shortcuts. */

export interface CastAuth {
  apiKey?: unknown;
  /** The hosted cast pages' token (instead of apiKey). */
  castToken?: unknown;
  sessionId?: unknown;
  role?: "display" | "controller";
  deviceId?: string;
}

/** Every event a socket received, in order, with waiting helpers. */
export class EventLog {
  readonly events: { name: string; payload: any }[] = [];
  private waiters: { match: (e: { name: string; payload: any }) => boolean; resolve: (p: any) => void }[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((name: string, payload: unknown) => {
      const e = { name, payload };
      this.events.push(e);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(e)) return true;
        w.resolve(e.payload);
        return false;
      });
    });
  }

  names(): string[] {
    return this.events.map((e) => e.name);
  }

  /** The next (or an already received, not yet consumed by `since`) event named `name` matching `where`. */
  wait(name: string, where: (payload: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const seen = this.events.find((e) => e.name === name && where(e.payload));
    if (seen) return Promise.resolve(seen.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms (got: ${this.names().join(", ") || "nothing"})`)), timeoutMs);
      this.waiters.push({
        match: (e) => e.name === name && where(e.payload),
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  clear(): void {
    this.events.length = 0;
  }
}

export interface CastClient {
  socket: Socket;
  log: EventLog;
  /** Resolves when the server closed the connection (reason as Socket.IO reports it). */
  disconnected: Promise<string>;
  close(): void;
}

/** Connects to /cast/pairing on `baseUrl`; rejects with the connect_error (its `data` holds { code, message }). */
export function connectCast(baseUrl: string, auth: CastAuth): Promise<CastClient> {
  return connectCastUrl(`${baseUrl}/cast/pairing`, auth);
}

/** Connects to a namespace URL as given (e.g. a response's socketIO.fullUrl, whose query names the session). */
export function connectCastUrl(url: string, auth: CastAuth): Promise<CastClient> {
  const socket = io(url, {
    path: "/socket.io",
    auth: auth as Record<string, unknown>,
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const log = new EventLog(socket);
  const disconnected = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve({ socket, log, disconnected, close: () => socket.close() }));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The connect_error a handshake is refused with. */
export async function refusal(baseUrl: string, auth: CastAuth): Promise<{ message: string; data: { code: string; message: string } }> {
  try {
    const c = await connectCast(baseUrl, auth);
    c.close();
  } catch (err) {
    return err as { message: string; data: { code: string; message: string } };
  }
  throw new Error("the handshake was accepted");
}

/** Resolves after `ms` (to show that an event does not arrive). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CastFixture {
  org: TestLibraryOrg;
  /** A time-based workout and one with rep-based exercises (ids of the seeded library). */
  timedWorkoutId: string;
  repsWorkoutId: string;
}

/** Creates a session over REST as a display does. */
export async function createSession(key: string, body: Record<string, unknown> = {}) {
  const res = await call("/v1/cast/pairing/session", { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as {
    id: string;
    code: string;
    organizationId: string;
    displayName: string;
    socketIO: { fullUrl: string; auth: Record<string, string> };
  };
}

export async function joinSession(key: string, session: { id: string; code: string }, deviceId: string) {
  const res = await call("/v1/cast/pairing/join", { key, body: { sessionId: session.id, code: session.code, deviceId } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

export async function castCall(key: string, sessionId: string, path: string, body?: unknown) {
  return call(`/v1/cast/pairing/${sessionId}${path}`, { key, ...(body === undefined ? {} : { body }) });
}

export { createLibraryOrg };

export interface ChildInstance {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts test/support/cast-instance.ts as a separate process on the same database. */
export async function startInstance(): Promise<ChildInstance> {
  const { spawn } = await import("node:child_process");
  const path = await import("node:path");
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/cast-instance.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the second instance did not start within 60 s")), 60_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once("exit", (code) => reject(new Error(`the second instance exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
