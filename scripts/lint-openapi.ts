import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { toolsBin } from "./tools";

/**
 * npm run lint:openapi: writes the OpenAPI document the server serves (built from the same
 * declarations, no database needed) to a temporary file and lints it with Spectral's OWASP API
 * Security ruleset (tools/.spectral.yaml) and Redocly's recommended rules (tools/redocly.yaml). Every rule that
 * is turned off or narrowed carries its reason in those files. Both linters live in the tools
 * package (scripts/tools.ts), installed on first use. Fails on any error or warning.
 * `--out <file>` also keeps the document there.
 */
const root = path.resolve(import.meta.dirname, "..");
process.env.PUBLIC_BASE_URL ??= "https://api.forma.example";
const { buildOpenApiDocument } = await import("../server/api/openapi");
const dir = mkdtempSync(path.join(os.tmpdir(), "forma-openapi-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
const out = process.argv.indexOf("--out");
if (out > 0 && process.argv[out + 1]) writeFileSync(process.argv[out + 1]!, JSON.stringify(buildOpenApiDocument(), null, 2));

const tools = path.join(root, "tools");
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" };
const runs = [
  { name: "Spectral (OWASP API Security)", cmd: toolsBin("spectral"), args: ["lint", "--ruleset", path.join(tools, ".spectral.yaml"), "--fail-severity", "warn", file] },
  { name: "Redocly (recommended)", cmd: toolsBin("redocly"), args: ["lint", "--config", path.join(tools, "redocly.yaml"), "--max-problems", "200", file] },
];
let failed = false;
try {
  for (const run of runs) {
    process.stdout.write(`== ${run.name}\n`);
    const r = spawnSync(run.cmd, run.args, { cwd: tools, env: quiet, stdio: "inherit" });
    if (r.status !== 0) failed = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
