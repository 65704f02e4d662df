/**
 * npm start: builds what is missing or stale since the last build (the compiled server in dist/,
 * about a second; the pages in .next/), then runs the compiled server with plain node. A pages
 * build runs beside the server's start-up (database, migrations, demo workspace), at a lower CPU
 * priority: the API answers as soon as that is done, the pages once they are built
 * (server/http/pages-build.ts). The stamp is a hash of every source file's path, size and mtime.
 * Plain JavaScript: nothing is transformed at start.
 */
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDir, isCurrent, sourceStamp, writeStamp } from "./build-stamp.mjs";

/**
 * On Node 22, run with AsyncLocalStorage on AsyncContextFrame, Node 24's default: without it every
 * promise pays a hook per AsyncLocalStorage in use (Next's, and the tracing SDK's once a trace is
 * sampled; docs/operations.md, "Tracing"). Node 22.15+ replaces this process in place (same pid, so
 * signals and supervisors see no difference); FORMA_ASYNC_CONTEXT_FRAME=0 keeps Node 22's default.
 */
const FRAME_FLAG = "--experimental-async-context-frame";
if (
  process.versions.node.startsWith("22.") &&
  typeof process.execve === "function" &&
  process.env.FORMA_ASYNC_CONTEXT_FRAME !== "0" &&
  !process.execArgv.includes(FRAME_FLAG) &&
  !(process.env.NODE_OPTIONS ?? "").includes("async-context-frame")
) {
  process.execve(process.execPath, [process.execPath, FRAME_FLAG, ...process.execArgv, ...process.argv.slice(1)], process.env);
}

const root = process.cwd();
/** The first-start pages build's niceness (0 = the server's, 19 = the lowest). */
const PAGES_BUILD_NICENESS = 10;
const stamp = sourceStamp();
const current = (dir, artifact) => isCurrent(dir, artifact, stamp);

if (!current("dist", "server.js")) {
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build-server.ts")], { stdio: "inherit", cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeStamp("dist", stamp);
}

if (!current(distDir, "BUILD_ID")) {
  console.log("Building Forma's pages (first start or sources changed); the API starts meanwhile...");
  globalThis.__formaPagesBuild = new Promise((resolve) => {
    // Its own process group (next build starts workers of its own), stopped with the server: a
    // server stopped mid-build (SIGTERM, Ctrl-C) left the build running on as an orphan, writing
    // .next/ under a later start's feet.
    const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
      detached: true,
    });
    const stopBuild = () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    };
    process.on("exit", stopBuild);
    // Below the server's priority (its workers inherit it): the API's start-up (database, migrations,
    // demo workspace) and its first requests take the CPU they need, the build the rest. Measured on
    // two cores: a small gain, 10.6 to 9.9 s to a healthy API (BENCHMARKS.md, "Fresh clone to a
    // healthy service again").
    try {
      os.setPriority(child.pid, PAGES_BUILD_NICENESS);
    } catch {
      // Not permitted here (some containers): the build runs at the server's priority.
    }
    child.on("exit", (code, signal) => {
      process.off("exit", stopBuild);
      if (code !== 0) {
        console.error(`The pages build failed (${signal ?? `exit ${code}`}).`);
        process.exit(code ?? 1);
      }
      writeStamp(distDir, stamp);
      resolve();
    });
  });
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "dist", "server.js")).href);
