import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every setting the service runs with is parsed once, in server/env.ts, so a setting cannot be
 * read in two places with two defaults, and tests change settings through process.env plus
 * resetEnvCache(). This walks the code the server runs (not tests, scripts or tool configs, which
 * may read process.env: docs/operations.md) and fails on any other process.env.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNTIME_CODE = ["app", "components", "server", "db", "lib", "server.ts"];

/** Lines allowed to name process.env outside server/env.ts, each with why. */
const ALLOWED: { file: string; line: RegExp; why: string }[] = [
  { file: "db/bootstrap.ts", line: /process\.env\.DATABASE_URL = url;/, why: "sets the embedded engine's URL, then resets the env cache" },
  { file: "db/seed/cli.ts", line: /process\.env\.LOG_LEVEL \?\?=/, why: "a command-line entry point choosing its own default before env() is parsed" },
  {
    file: "server/api/idempotency.ts",
    line: /process\.env\.FORMA_FAULT_KILL_IDEMPOTENT === point/,
    why: "a crash point for test/faults/idempotency-crash.test.ts only, not a setting (never documented as one)",
  },
  {
    file: "server/services/console/passwords.ts",
    line: /process\.env\.NODE_ENV === "test" \? Number\(process\.env\.TEST_PASSWORD_LOG_N\)/,
    why: "the integration suite's cheaper password hashing (test/setup-int.ts), honoured only under NODE_ENV=test; not a setting",
  },
  { file: "server/api/reference-sections.ts", line: /new Webhook\(process\.env\.FORMA_WEBHOOK_SECRET\)/, why: "sample code for integrators inside a string" },
  { file: "app/docs/embed/page.tsx", line: /process\.env\.FORMA_(ORG_ID|API_KEY)/, why: "sample code for integrators inside a string (minting embed tokens)" },
];

function sourceFiles(rel: string): string[] {
  const full = path.join(ROOT, rel);
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full).flatMap((name) => (name === "node_modules" ? [] : sourceFiles(path.posix.join(rel, name))));
}

const isRuntimeSource = (f: string) => /\.(ts|tsx|mjs|js)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts");

describe("settings", () => {
  it("are read from process.env only by server/env.ts", () => {
    const files = RUNTIME_CODE.flatMap(sourceFiles).filter(isRuntimeSource);
    expect(files).toContain("server/env.ts");
    const reads: string[] = [];
    for (const file of files) {
      if (file === "server/env.ts") continue;
      const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
      for (const [i, text] of lines.entries()) {
        if (/process\.env\b/.test(text) && !ALLOWED.some((a) => a.file === file && a.line.test(text))) reads.push(`${file}:${i + 1}: ${text.trim()}`);
      }
    }
    expect(reads).toEqual([]);
  });
});
