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
 * - `dist/scalar/`: the reference's browser bundle, copied from the (development) package.
 *
 * Run by `npm run build` (after `next build`) and by `npm start` when the build is missing or stale.
 */
import { copyFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Plugin, build } from "esbuild";
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
  plugins: [routeTable],
});
// The reference's browser bundle (server/docs/reference-page.ts): the package (169 MB of
// dependencies) is a development dependency, the one file it serves ships with the build.
const scalar = path.join(root, "node_modules", "@scalar", "api-reference");
await mkdir(path.join(outdir, "scalar"), { recursive: true });
await copyFile(path.join(scalar, "dist", "browser", "standalone.js"), path.join(outdir, "scalar", "standalone.js"));
await copyFile(path.join(scalar, "package.json"), path.join(outdir, "scalar", "package.json"));
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`Compiled the server into dist/ (${inputs} modules) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
