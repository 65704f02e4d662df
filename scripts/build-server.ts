/**
 * Compiles the custom server into plain JavaScript for production (`dist/`), so `npm start` and the
 * image run `node dist/server.js` instead of transforming TypeScript at every start:
 *
 * - `dist/server.js`: server.ts and everything it imports (the API kernel, services, queries, jobs,
 *   Socket.IO), plus every route file the direct dispatcher serves (`/v1`, `/media`, `/health`, the
 *   console's internal routes, Inngest's endpoint) through a generated route table instead of a walk
 *   of `app/` at run time (server/http/route-table.ts). npm packages stay external.
 * - `dist/mixdown-process.js`: the audio mixdown child process of the export renders.
 * - `dist/seed.js`: the seed command (`node dist/seed.js --json`), for installations without tsx.
 * - `dist/scalar/`: the reference's browser bundle, copied from vendor/scalar (scripts/vendor-scalar.mjs).
 *
 * Run by `npm run build` (after `next build`) and by `npm start` when the build is missing or stale.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { copyFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Metafile, type Plugin, build } from "esbuild";
import { discoverRoutes } from "../server/http/app-router";
import { isDirectRoute } from "../server/http/direct-routes";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist");

/** Replaces server/http/route-table.ts with the table of route files the dispatcher serves. */
const routeTable: Plugin = {
  name: "forma-route-table",
  setup(b) {
    b.onLoad({ filter: /[/\\]server[/\\]http[/\\]route-table\.ts$/ }, () => {
      const routes = discoverRoutes(path.join(root, "app")).filter(isDirectRoute);
      const imports = routes.map((r, i) => `import * as route${i} from ${JSON.stringify(r.file)};`);
      const rows = routes.map((r, i) => `  { file: ${JSON.stringify(path.relative(root, r.file))}, segments: ${JSON.stringify(r.segments)}, module: route${i} },`);
      return { contents: [...imports, "export const bundledRoutes = [", ...rows, "];", ""].join("\n"), loader: "ts", resolveDir: path.join(root, "server", "http") };
    });
  },
};

/**
 * Packages without an `exports` map (Next: `next/og`, `next/headers`) are found by Next's bundler
 * and by tsx without a file extension, but Node's ESM loader, which runs dist/, needs the file's
 * own name: `next/og` becomes `next/og.js`. (Without this the compiled server's drop renders failed
 * with ERR_MODULE_NOT_FOUND while every test through tsx passed.)
 */
const nodeEsmSubpaths: Plugin = {
  name: "forma-node-esm-subpaths",
  setup(b) {
    b.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};

/**
 * Every package import left in dist/ must resolve the way Node will resolve it at run time: a bare
 * specifier that only a bundler understands fails the build here, not a job in production. Checked
 * by a plain `node` (this script runs under tsx, whose loader would add the missing extension).
 */
function assertExternalsResolve(meta: Metafile) {
  const specifiers = new Set<string>();
  for (const output of Object.values(meta.outputs)) {
    for (const imp of output.imports) if (imp.external && !imp.path.startsWith("node:") && !imp.path.startsWith(".")) specifiers.add(imp.path);
  }
  const probe = `import { existsSync } from "node:fs"; import { fileURLToPath } from "node:url";
    const bad = ${JSON.stringify([...specifiers])}.filter((s) => { try { const u = import.meta.resolve(s); return u.startsWith("file:") && !existsSync(fileURLToPath(u)); } catch { return true; } });
    if (bad.length) { console.error("dist/ imports what Node's ESM loader cannot resolve: " + bad.join(", ")); process.exit(1); }`;
  const file = path.join(outdir, "resolve-check.mjs");
  writeFileSync(file, probe);
  const r = spawnSync(process.execPath, [file], { env: { ...process.env, NODE_OPTIONS: "" }, stdio: "inherit" });
  rmSync(file);
  if (r.status !== 0) throw new Error("the compiled server has imports Node cannot resolve (above)");
}

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: "server.ts", "mixdown-process": "server/media/render/mixdown-process.ts", seed: "db/seed/cli.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.12",
  packages: "external",
  sourcemap: "linked",
  jsx: "automatic",
  logLevel: "warning",
  metafile: true,
  // Code that spawns the mixdown process runs the compiled one.
  define: { FORMA_COMPILED: "true" },
  chunkNames: "chunks/[name]-[hash]",
  plugins: [routeTable, nodeEsmSubpaths],
});
assertExternalsResolve(result.metafile);
// The reference's browser bundle (server/docs/reference-page.ts) ships with the build: the image has
// no vendor/.
const scalar = path.join(root, "vendor", "scalar");
await mkdir(path.join(outdir, "scalar"), { recursive: true });
await copyFile(path.join(scalar, "standalone.js"), path.join(outdir, "scalar", "standalone.js"));
await copyFile(path.join(scalar, "package.json"), path.join(outdir, "scalar", "package.json"));
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`Compiled the server into dist/ (${inputs} modules) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
