import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", sequence: { groupOrder: 0 }, include: ["**/*.test.ts"], exclude: ["**/*.int.test.ts", "node_modules/**", ".next/**", "e2e/**"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".next/**", "e2e/**", "test/server.int.test.ts"],
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
    ],
  },
});
