import { randomUUID } from "node:crypto";
import { type Server, createServer } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { getDb } from "@/db/client";
import type { ApiKeyKind, Entitlements, SubscriptionPlan } from "@/db/schema";
import { clearAuthCaches } from "@/server/api/auth";
import { resetEnvCache } from "@/server/env";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import { createDirectDispatcher } from "@/server/http/direct-dispatch";
import type { Server as SocketServer } from "socket.io";
// Registers the job list with the sender, as server.ts does (server/jobs/registered.ts).
import "@/server/jobs/worker";

/**
 * Integration harness: serves the app's real route handlers over real HTTP (node:http), through
 * the same direct dispatcher the custom server uses, and creates a fresh organization with keys
 * for each test.
 */
const appDir = path.resolve(import.meta.dirname, "../app");

export interface TestApp {
  baseUrl: string;
}

export interface TestAppOptions {
  /** Attach the Socket.IO server (namespace /cast/pairing, PostgreSQL adapter) to the same HTTP server, as server.ts does. */
  realtime?: boolean;
}

let server: Server | null = null;
let io: SocketServer | null = null;
export const app: TestApp = { baseUrl: "" };

/** Starts the in-process server for this test file (call at module top level). */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  beforeAll(async () => {
    const dispatcher = await createDirectDispatcher(appDir, () => app.baseUrl, { all: true });
    server = createServer((req, res) => {
      dispatcher.dispatch(req, res).catch((err) => {
        res.statusCode = 599;
        res.end(String(err?.stack ?? err));
      });
    });
    if (opts.realtime) io = (await import("@/server/realtime/socket")).attachRealtime(server);
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
    const { port } = server!.address() as { port: number };
    app.baseUrl = `http://127.0.0.1:${port}`;
    process.env.PUBLIC_BASE_URL = app.baseUrl;
    resetEnvCache();
  });
  afterAll(async () => {
    if (io) await (await import("@/server/realtime/socket")).closeRealtime(io);
    io = null;
    await new Promise<void>((r) => (server?.listening ? server.close(() => r()) : r()));
  });
  return app;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  method?: string;
  key?: string | null;
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Calls the API over HTTP. `body` is sent as JSON. */
export async function call<T = any>(pathOrUrl: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers["x-api-key"] = opts.key;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${app.baseUrl}${pathOrUrl}`;
  const method = opts.method ?? (body !== undefined ? "POST" : "GET");
  // TEST_IDEMPOTENCY_KEYS=1: every write carries a fresh Idempotency-Key, so a run of the
  // integration tests exercises each write inside its idempotent transaction where it has one.
  if (process.env.TEST_IDEMPOTENCY_KEYS === "1" && method !== "GET" && method !== "HEAD" && !Object.keys(headers).some((h) => h.toLowerCase() === "idempotency-key")) {
    headers["Idempotency-Key"] = randomUUID();
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export interface TestOrg {
  organizationId: string;
  /** Team-scoped key pinned to the organization. */
  key: string;
  keyId: string;
}

export interface TestOrgOptions {
  name?: string;
  subscriptionPlan?: SubscriptionPlan;
  isTrial?: boolean;
  hourlyCap?: number | null;
  dailyCap?: number | null;
  entitlements?: Partial<Entitlements>;
}

/** A fresh organization with a team key; plan "internal" (caps of 10M) unless told otherwise. */
export async function createTestOrg(opts: TestOrgOptions = {}): Promise<TestOrg> {
  const db = getDb();
  const organizationId = await createOrganization(db, { name: opts.name ?? "Test Studio", subscriptionPlan: opts.subscriptionPlan ?? "internal", ...opts });
  const { id, key } = await createApiKey(db, { organizationId, kind: "team" });
  return { organizationId, key, keyId: id };
}

export async function createKey(organizationId: string, kind: ApiKeyKind, extraOrganizationIds?: string[]): Promise<string> {
  return (await createApiKey(getDb(), { organizationId, kind, extraOrganizationIds })).key;
}

export { clearAuthCaches };

/** Asserts the error envelope and returns its error object. */
export function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  return res.body.error as { code: string; message: string; target?: string; details?: { code: string; message: string; target: string }[] };
}

/**
 * The shared security cases every keyed route must pass: no key, malformed key, unknown key,
 * content-only key -> 401; a team key of another organization -> 403.
 */
export async function expectAuthMatrix(org: TestOrg, path: string, opts: Omit<CallOptions, "key"> = {}): Promise<void> {
  expectError(await call(path, { ...opts, key: null }), 401, "Unauthorized");
  expectError(await call(path, { ...opts, key: "not-a-key" }), 401, "Unauthorized");
  expectError(await call(path, { ...opts, key: `fma_${"A".repeat(32)}` }), 401, "Unauthorized");
  expectError(await call(path, { ...opts, key: await createKey(org.organizationId, "content") }), 401, "Unauthorized");
  const other = await createTestOrg({ name: "Other Studio" });
  expectError(await call(path, { ...opts, key: other.key }), 403, "Forbidden");
}
