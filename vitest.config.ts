import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
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

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**", ".next/**", "e2e/**", "test/faults/**", ...extraExclude],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".next/**", "e2e/**", "test/server.int.test.ts", "test/faults/**", ...extraExclude],
          environment: "node",
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-int.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 3,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          sequence: { groupOrder: 2 },
          include: ["test/server.int.test.ts"],
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
