import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { SOLE_FILES, soleProject } from "./test/sole-files";

const root = import.meta.dirname;
const alias = {
  "@": root,
  "server-only": path.resolve(root, "test/empty-module.ts"),
};

/**
 * `TEST_EXCLUDE=<glob>[,<glob>...]` leaves test files out of every project (the CLI's --exclude does
 * not reach projects that set their own). CI's second pass on the machine's PostgreSQL uses it for
 * the CPU-bound media renders, which the first pass already proved.
 */
const extraExclude = (process.env.TEST_EXCLUDE ?? "")
  .split(",")
  .map((g) => g.trim())
  .filter(Boolean);

const SKIP_DIRS = new Set(["node_modules", ".next", ".git", ".data", ".data-e2e", "e2e"]);

/** Test files under `dir` (relative to the root) whose name ends with `suffix`. */
function testFiles(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir === "." ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) out.push(...testFiles(rel, suffix));
    } else if (entry.name.endsWith(suffix)) out.push(rel);
  }
  return out;
}

/**
 * Integration files that replace modules with `vi.mock`: they run in a fresh module registry each
 * (`isolate: true`), since a mock must not leak into, or miss, other files of the same worker. Every
 * other integration file shares its worker's modules with the files before it (`isolate: false`):
 * importing the app (every route, the schema, zod declarations) once per worker instead of once
 * per file is most of what makes the default run fast. Found by reading the files, so a new file
 * that mocks is isolated without anyone listing it.
 */
/** Files that start the real `npm start` (the "server" project): they need a production build. */
const SERVER_FILES = ["test/server.int.test.ts", "test/security-headers.int.test.ts"];
/**
 * Cases that take minutes of CPU or of real waiting (full-size renders, a job system's real retry
 * backoff): `*.slow.int.test.ts`, the "slow" project. CI runs it; `npm test` does not
 * (`npm run test:slow` does).
 */
const SLOW_SUFFIX = ".slow.int.test.ts";
const integrationFiles = testFiles(".", ".int.test.ts").filter(
  (f) => !f.startsWith("test/faults/") && !SERVER_FILES.includes(f) && !f.endsWith(SLOW_SUFFIX),
);
const mockingFiles = integrationFiles.filter((f) => !SOLE_FILES.includes(f) && /\bvi\.mock\(/.test(readFileSync(path.join(root, f), "utf8")));

/**
 * The files that take longest (renders, the hostile-input sweep, a webhook receiver's 10-second
 * timeout) start first, so they are not the tail of the run. Vitest orders by the durations it
 * cached from earlier runs, and a fresh clone has none (it then orders by file size).
 */
const LONGEST_FIRST = [
  "server/services/drops/drops-render.slow.int.test.ts",
  "server/services/exports/exports.int.test.ts",
  "server/api/hostile-input.int.test.ts",
  "server/services/social/platforms.int.test.ts",
  "server/services/webhooks/webhooks.int.test.ts",
  "server/jobs/jobs.int.test.ts",
  "server/services/drops/drops.int.test.ts",
  "server/services/content/workouts.int.test.ts",
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(path.relative(root, f.moduleId));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
  }
}

const integrationBase = {
  environment: "node" as const,
  globalSetup: ["test/global-setup.ts"],
  setupFiles: ["test/setup-int.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "threads" as const,
  maxWorkers: 3,
};

/**
 * Projects. `npm test` runs `unit` and the three integration projects side by side (the default
 * loop); CI also runs `slow` (minutes of renders and of real retry waits), `server` (the real
 * `npm start` and seed CLI) and `faults` (servers killed, restarted and doubled), which need a
 * production build and minutes of real time.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**", ".next/**", "e2e/**", "test/faults/**", ...extraExclude],
          environment: "node",
          // Pure functions: files of a worker share its modules (no vi.mock in unit tests). Run
          // beside the integration projects, whose workers mostly wait on the database.
          pool: "threads",
          isolate: false,
          maxWorkers: 3,
        },
      },
      {
        resolve: { alias },
        test: {
          ...integrationBase,
          name: "integration",
          sequence: { groupOrder: 0 },
          include: integrationFiles.filter((f) => !mockingFiles.includes(f) && !SOLE_FILES.includes(f)),
          exclude: ["node_modules/**", ...extraExclude],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...integrationBase,
          name: "integration-mocks",
          sequence: { groupOrder: 0 },
          include: mockingFiles,
          exclude: ["node_modules/**", ...extraExclude],
        },
      },
      // One project per file that claims work across organizations (test/sole-files.ts), each on a database of its own.
      ...SOLE_FILES.map((file) => ({
        resolve: { alias },
        test: {
          ...integrationBase,
          name: soleProject(file),
          sequence: { groupOrder: 0 },
          include: [file],
          isolate: false,
          exclude: ["node_modules/**", ...extraExclude],
        },
      })),
      {
        resolve: { alias },
        test: {
          ...integrationBase,
          name: "slow",
          sequence: { groupOrder: 1 },
          include: [`**/*${SLOW_SUFFIX}`],
          exclude: ["node_modules/**", ...extraExclude],
          testTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          sequence: { groupOrder: 2 },
          include: SERVER_FILES,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Real servers killed, restarted and doubled (after "server", which builds once); one file at a time.
        resolve: { alias },
        test: {
          name: "faults",
          sequence: { groupOrder: 3 },
          include: ["test/faults/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
