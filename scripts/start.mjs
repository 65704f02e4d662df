/**
 * npm start: builds what is missing or stale since the last build (the compiled server in dist/,
 * about a second; the pages in .next/), then runs the compiled server with plain node. A pages
 * build runs beside the server's start-up (database, migrations, demo workspace), which waits for
 * it only before preparing the pages. The stamp is a hash of every source file's path, size and
 * mtime. Plain JavaScript: nothing is transformed at start.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";
const SOURCES = ["app", "components", "lib", "server", "db", "inngest", "public", "server.ts", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json", "scripts/build-server.ts"];
const SKIP = new Set(["node_modules", ".next", ".data", "migrations", "media"]);

function walk(p, hash) {
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
const stampOf = (dir) => path.join(root, dir, "forma-build-stamp");
const current = (dir, artifact) => existsSync(path.join(root, dir, artifact)) && existsSync(stampOf(dir)) && readFileSync(stampOf(dir), "utf8") === stamp;

if (!current("dist", "server.js")) {
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build-server.ts")], { stdio: "inherit", cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
  mkdirSync(path.join(root, "dist"), { recursive: true });
  writeFileSync(stampOf("dist"), stamp);
}

if (!current(distDir, "BUILD_ID")) {
  console.log("Building Forma's pages (first start or sources changed); the database starts meanwhile...");
  globalThis.__formaPagesBuild = new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    child.on("exit", (code, signal) => {
      if (code !== 0) {
        console.error(`The pages build failed (${signal ?? `exit ${code}`}).`);
        process.exit(code ?? 1);
      }
      writeFileSync(stampOf(distDir), stamp);
      resolve();
    });
  });
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "dist", "server.js")).href);
