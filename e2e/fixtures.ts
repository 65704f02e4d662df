import { execFileSync } from "node:child_process";
import path from "node:path";
import { test as base, expect } from "./csp";
import type { SeedResult } from "../db/seed/seed";
import { type FormaClient, createFormaClient } from "../lib/api/client";

/**
 * Browser-test fixtures. `seed`: one fresh pair of organizations per worker, made by the real
 * seed command against the server under test (same DATA_DIR and PORT as playwright.config.ts),
 * as RUN-CONTRACT.md describes its output.
 */
/** What the seed command prints (RUN-CONTRACT.md). */
export type Seed = SeedResult;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
/** The same default as playwright.config.ts. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";
/**
 * Where the service under test answers: the server playwright.config.ts starts, or E2E_BASE_URL
 * (a running service, e.g. two instances behind nginx in deploy/smoke.sh; the seed then writes to
 * its DATABASE_URL).
 */
export const E2E_BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;

/** Runs the real seed command against the server under test: a fresh pair of organizations. */
export function runSeed(): Seed {
  const out = execFileSync("npm", ["run", "--silent", "seed", "--", "--json"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), PUBLIC_BASE_URL: E2E_BASE, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 180_000,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as Seed;
}

/**
 * The typed /v1 client (lib/api/client.ts: openapi-fetch over the generated schema types) against
 * the server under test, with `apiKey` in X-Api-Key: every /v1 call of the browser tests goes
 * through it, so a test that drifts from the contract fails to compile.
 */
export function formaClient(apiKey: string, accessToken?: string): FormaClient {
  return createFormaClient({ baseUrl: E2E_BASE, apiKey, accessToken });
}

/** A /v1 answer's body, failing the test (with the error envelope) when the call did not succeed. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  expect(result.response.ok, `${result.response.status} ${result.response.url}: ${JSON.stringify(result.error)}`).toBe(true);
  return result.data as T;
}

export const test = base.extend<{ forma: FormaClient }, { seed: Seed }>({
  seed: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      await use(runSeed());
    },
    { scope: "worker", timeout: 200_000 },
  ],
  /** The typed client with the seeded organization's key. */
  forma: async ({ seed }, use) => {
    await use(formaClient(seed.apiKey));
  },
});

export { expect };
