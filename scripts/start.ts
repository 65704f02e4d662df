import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * npm start: build when the sources changed since the last build, and run server.ts. The build
 * runs beside the server's start-up (database, migrations, demo workspace), which waits for it
 * only before preparing the pages. The stamp is a hash of every source file's path, size and mtime.
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
  console.log("Building Forma's pages (first start or sources changed); the database starts meanwhile...");
  const { setPagesBuild } = await import("../server/http/pages-build");
  setPagesBuild(
    new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
      child.on("exit", (code, signal) => {
        if (code !== 0) {
          console.error(`The build failed (${signal ?? `exit ${code}`}).`);
          process.exit(code ?? 1);
        }
        writeFileSync(stampFile, stamp);
        resolve();
      });
    }),
  );
}

(process.env as Record<string, string>).NODE_ENV ??= "production";
await import("../server");
