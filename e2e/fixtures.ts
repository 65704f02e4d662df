import { execFileSync } from "node:child_process";
import { test as base, expect } from "@playwright/test";
import { type FormaClient, createFormaClient } from "../lib/api/client";

/**
 * Browser-test fixtures. `seed`: one fresh pair of organizations per worker, made by the real
 * seed command against the server under test (same DATA_DIR and PORT as playwright.config.ts),
 * as RUN-CONTRACT.md describes its output.
 */
export interface Seed {
  organizationId: string;
  apiKey: string;
  otherOrganizationId: string;
  otherApiKey: string;
  multiOrgApiKey: string;
  contentOnlyApiKey: string;
  endUser: { id: string; email: string; externalId: string };
  suspendedEndUser: { id: string; email: string; externalId: string };
  accessToken: string;
  workoutIds: string[];
  privateWorkoutIds: string[];
  planIds: string[];
  videoAssetIds: string[];
  otherWorkoutIds: string[];
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
/** The same default as playwright.config.ts. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";

/**
 * The typed /v1 client (lib/api/client.ts: openapi-fetch over the generated schema types) against
 * the server under test, with `apiKey` in X-Api-Key: every /v1 call of the browser tests goes
 * through it, so a test that drifts from the contract fails to compile.
 */
export function formaClient(apiKey: string, accessToken?: string): FormaClient {
  return createFormaClient({ baseUrl: `http://127.0.0.1:${E2E_PORT}`, apiKey, accessToken });
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
      const out = execFileSync("npm", ["run", "--silent", "seed", "--", "--json"], {
        env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), PUBLIC_BASE_URL: `http://127.0.0.1:${E2E_PORT}`, LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 180_000,
      });
      await use(JSON.parse(out.trim().split("\n").pop()!) as Seed);
    },
    { scope: "worker", timeout: 200_000 },
  ],
  /** The typed client with the seeded organization's key. */
  forma: async ({ seed }, use) => {
    await use(formaClient(seed.apiKey));
  },
});

export { expect };
