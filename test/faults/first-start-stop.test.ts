import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, root, serverEnv, spawnServer, tempDir, waitFor } from "./support";

/**
 * A server stopped while its first start still builds the pages takes the build with it: the
 * `next build` that scripts/start.mjs runs beside the server (and the workers it starts) used to
 * build on as orphans after a SIGTERM. The build is made to run by a pages directory of its own
 * (NEXT_DIST_DIR, which has no build yet); every process still carrying that directory in its
 * environment is one the stop left behind.
 */
const dataDir = tempDir("first-start-stop");
const distDir = `.next-stop-${process.pid}`;

/** Pids of the processes whose environment holds NEXT_DIST_DIR=<distDir> (Linux's /proc). */
function processesOfThisBuild(): number[] {
  const marker = `NEXT_DIST_DIR=${distDir}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

afterAll(() => {
  for (const pid of processesOfThisBuild()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(root, distDir), { recursive: true, force: true });
});

// Its server uses its own embedded PostgreSQL, and what it checks does not depend on the database:
// the run without DATABASE_URL covers it. /proc is Linux's.
describe.skipIf(Boolean(process.env.DATABASE_URL) || process.platform !== "linux")("stopping a first start", () => {
  it("stops the pages build with the server: nothing builds on after SIGTERM", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child: server, exited } = spawnServer(["scripts/start.mjs"], serverEnv({ dataDir, env: { NEXT_DIST_DIR: distDir } }, port));
    try {
      // The API answers while the pages are still being built: the build is running.
      await waitFor("a healthy API while the pages build", 120_000, async () => {
        const res = await fetch(`${base}/health`);
        return res.ok && ((await res.json()) as { pages?: string }).pages === "building";
      });
      expect(processesOfThisBuild().filter((pid) => pid !== server.pid).length).toBeGreaterThan(0);

      server.kill("SIGTERM");
      await exited;
      expect(server.exitCode).toBe(0);
      await waitFor("the build's processes to end", 10_000, async () => processesOfThisBuild().length === 0);
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  });
});
