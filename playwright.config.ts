import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_TIKTOK_APP, socialFakePort } from "./e2e/social-fake";

const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";
/** Set to test a service that is already running (deploy/smoke.sh: two instances behind nginx). */
const externalBase = process.env.E2E_BASE_URL;
/**
 * Debian's headless shell (package chromium-headless-shell: Chromium's engine without the desktop
 * browser around it, what Playwright itself runs headless) when it is installed: it took a third
 * less CPU and wall time than the full browser for the same tests (BENCHMARKS.md, 2026-11-29). The
 * push test needs the full browser (package chromium: the shell has no Notification or Push API).
 * Without the shell every test runs in the full browser; CHROMIUM_PATH names one for all.
 */
const FULL = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const SHELL = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL;
const NEEDS_FULL_BROWSER = /push\.spec\.ts$/;
const launchOptions = (executablePath: string) => ({
  executablePath: process.env.CHROMIUM_PATH ?? executablePath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** Browser tests against the real server (npm start) in Debian's Chromium; no browser download. */
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  // Three browsers at once on two cores: much of the run is real-time playback and expiry waiting
  // on clocks (with two the machine sat a third idle; three took 318 s here, four 300 s: BENCHMARKS.md),
  // and each worker seeds its own organizations (fixtures.ts), so the tests do not see each other.
  // E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  reporter: [["list"]],
  use: { baseURL: externalBase ?? `http://127.0.0.1:${port}` },
  projects: [
    { name: "headless shell", testIgnore: NEEDS_FULL_BROWSER, use: { launchOptions: launchOptions(SHELL) } },
    { name: "chromium", testMatch: NEEDS_FULL_BROWSER, use: { launchOptions: launchOptions(FULL) } },
  ],
  webServer: externalBase
    ? undefined
    : {
        command: "node scripts/start.mjs",
        // Ready: the pages too (a first start answers /health while it still builds them).
        url: `http://127.0.0.1:${port}/ready`,
        timeout: 240_000,
        reuseExistingServer: false,
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: "warn",
          // TikTok's sign-in against the local fake that e2e/ui/console-social-connect.spec.ts starts (the other platforms stay unconfigured).
          SOCIAL_PLATFORM_BASE_URL: `http://127.0.0.1:${socialFakePort()}`,
          TIKTOK_CLIENT_KEY: E2E_TIKTOK_APP.clientId,
          TIKTOK_CLIENT_SECRET: E2E_TIKTOK_APP.clientSecret,
        },
      },
});
