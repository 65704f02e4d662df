import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The checks that only CI and a contributor's `npm run lint:openapi` / `npm run observatory` use
 * (Spectral, Redocly, Mozilla's HTTP Observatory: 325 packages, about 11 % of the install) live in
 * their own package, `tools/`, so `npm install` for running or testing the service does not fetch
 * them. `ensureTools()` installs it from its lockfile (`npm ci --prefix tools`, the npm registry
 * like everything else) the first time a script needs it, and again when the lockfile changed.
 */
export const toolsDir = path.resolve(import.meta.dirname, "..", "tools");

/** The lockfile npm installed from, as npm records it inside node_modules. */
function installedLock(): string | null {
  const file = path.join(toolsDir, "node_modules", ".package-lock.json");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** Whether tools/node_modules holds what tools/package-lock.json asks for (same packages and versions). */
function upToDate(): boolean {
  const installed = installedLock();
  if (!installed) return false;
  type Lock = { packages: Record<string, { version?: string; optional?: boolean }> };
  const wanted = JSON.parse(readFileSync(path.join(toolsDir, "package-lock.json"), "utf8")) as Lock;
  const have = JSON.parse(installed) as Lock;
  return Object.entries(wanted.packages).every(([key, entry]) => key === "" || entry.optional || have.packages[key]?.version === entry.version);
}

export function ensureTools(): void {
  if (upToDate()) return;
  process.stderr.write("== installing the check tools (tools/: Spectral, Redocly, HTTP Observatory) with npm ci --prefix tools\n");
  const r = spawnSync("npm", ["ci", "--prefix", toolsDir, "--no-audit", "--no-fund", "--loglevel=error"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm ci --prefix tools failed (exit ${r.status})`);
}

/** The path of a tools package's executable, installing the tools first when needed. */
export function toolsBin(name: string): string {
  ensureTools();
  return path.join(toolsDir, "node_modules", ".bin", name);
}
