import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, alive, api, cleanUp, postmasterPid, startServer, tempDir, waitFor } from "./support";

/**
 * A SIGKILLed embedded PostgreSQL does not stop the next `npm start`: neither an orphaned
 * postmaster (the server was killed, the database kept running), nor a stale postmaster.pid
 * (the database was killed), nor a pid file whose pid now belongs to another process.
 */
const dataDir = tempDir("embedded");
let server: ServerProcess | null = null;

afterAll(async () => {
  await cleanUp(dataDir, [server]);
});

function demoWorkspace(): { apiKey: string; organizationId: string } {
  return JSON.parse(readFileSync(path.join(dataDir, "demo-workspace.json"), "utf8"));
}

async function demoAnswers(): Promise<void> {
  const demo = demoWorkspace();
  const res = await api(server!.base, `/v1/orgs/${demo.organizationId}/metadata`, { key: demo.apiKey });
  expect(res.status, res.text).toBe(200);
}

async function killAll(): Promise<number> {
  const pid = postmasterPid(dataDir)!;
  await server!.kill();
  process.kill(pid, "SIGKILL");
  await waitFor("the postmaster to die", 10_000, async () => !alive(pid));
  return pid;
}

// These use their own embedded PostgreSQL whatever the environment says: the run without DATABASE_URL covers them.
describe.skipIf(Boolean(process.env.DATABASE_URL))("npm start after a hard kill", () => {
  it("reuses an orphaned postmaster", async () => {
    server = await startServer({ dataDir });
    await demoAnswers();
    const postmaster = postmasterPid(dataDir);
    await server.kill();
    expect(alive(postmaster!)).toBe(true);
    server = await startServer({ dataDir });
    expect(postmasterPid(dataDir)).toBe(postmaster);
    await demoAnswers();
  }, 300_000);

  it("starts PostgreSQL again over a stale pid file of a killed postmaster, data intact", async () => {
    const old = await killAll();
    expect(postmasterPid(dataDir)).toBe(old); // the pid file stays behind
    server = await startServer({ dataDir });
    expect(postmasterPid(dataDir)).not.toBe(old);
    await demoAnswers();
  }, 120_000);

  it("ignores a pid file naming a live process that is not PostgreSQL", async () => {
    await killAll();
    const file = path.join(dataDir, "pg", "postmaster.pid");
    const lines = readFileSync(file, "utf8").split("\n");
    lines[0] = String(process.pid); // as after a container restart, when the old pid is someone else's
    writeFileSync(file, lines.join("\n"));
    server = await startServer({ dataDir });
    expect(postmasterPid(dataDir)).not.toBe(process.pid);
    await demoAnswers();
  }, 120_000);
});
