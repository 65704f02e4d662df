import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * npm start: build when the sources changed since the last build, then run server.ts.
 * The stamp is a hash of every source file's path, size and mtime.
 */
const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";
const SOURCES = ["app", "components", "lib", "server", "db", "inngest", "public", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json"];
const SKIP = new Set(["node_modules", ".next", ".data", "migrations", "media"]);

function walk(p: string, hash: ReturnType<typeof createHash>): void {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) if (!SKIP.has(name)) walk(path.join(p, name), hash);
  } else {
    hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
  }
}

const hash = createHash("sha256");
for (const s of SOURCES) walk(path.join(root, s), hash);
const stamp = hash.digest("hex");
const stampFile = path.join(root, distDir, "forma-build-stamp");
const built = existsSync(path.join(root, distDir, "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;

if (!built) {
  console.log("Building Forma (first start or sources changed)...");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile, stamp);
}

(process.env as Record<string, string>).NODE_ENV ??= "production";
await import("../server");
