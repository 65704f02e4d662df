/**
 * The build stamp: a hash of every source file's path, size and mtime. `npm start` (start.mjs)
 * rebuilds dist/ or the pages when their stamp differs from the sources; `npm run build` ends by
 * running this file, which stamps both, so a start after a build does not build again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = process.cwd();
export const distDir = process.env.NEXT_DIST_DIR || ".next";
const SOURCES = ["app", "components", "lib", "server", "db", "inngest", "public", "server.ts", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json", "scripts/build-server.ts", "vendor"];
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

/** The stamp of the sources as they are now. */
export function sourceStamp() {
  const hash = createHash("sha256");
  for (const s of SOURCES) walk(path.join(root, s), hash);
  return hash.digest("hex");
}

const stampOf = (dir) => path.join(root, dir, "forma-build-stamp");

/** Whether `dir` holds `artifact` built from sources with this stamp. */
export const isCurrent = (dir, artifact, stamp) => existsSync(path.join(root, dir, artifact)) && existsSync(stampOf(dir)) && readFileSync(stampOf(dir), "utf8") === stamp;

export function writeStamp(dir, stamp) {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(stampOf(dir), stamp);
}

// `node scripts/build-stamp.mjs` (the end of `npm run build`): both builds are current.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const stamp = sourceStamp();
  for (const [dir, artifact] of [["dist", "server.js"], [distDir, "BUILD_ID"]]) {
    if (!existsSync(path.join(root, dir, artifact))) {
      console.error(`${dir}/${artifact} is missing: run the whole npm run build`);
      process.exit(1);
    }
    writeStamp(dir, stamp);
  }
}
