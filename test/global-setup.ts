import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgres } from "../db/connect";
import type { TestProject } from "vitest/node";
import type { EmbeddedHandle } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { SOLE_FILES, SOLE_PROJECT_PREFIX, soleDatabase, soleProject } from "./sole-files";
import { type TestS3, s3Env, startTestS3 } from "./support/s3";

/**
 * One fresh database per test run: a new database on DATABASE_URL's server (dropped after),
 * or a throw-away embedded PostgreSQL in a temporary DATA_DIR.
 */
declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dataDir: string;
    /** Set when TEST_MEDIA_STORE=s3: the run's S3-compatible server (media in S3 instead of DATA_DIR). */
    s3Endpoint: string | null;
  }
}

interface RunDatabase {
  url: string;
  /**
   * A copy of the prepared database for each file that claims work across every organization
   * (test/sole-files.ts), by its project's name: they run beside the others without taking their work.
   */
  aloneUrls: Map<string, string>;
  dataDir: string;
  embedded: EmbeddedHandle | null;
  dropDatabase: (() => Promise<void>) | null;
  /** Projects using it (the integration projects share one database and DATA_DIR). */
  users: number;
  s3: TestS3 | null;
}

/**
 * Kept on globalThis: each project that lists this file loads its own copy of the module, and they
 * must share one database (one engine start, one migration, one set of shared fixtures per run).
 */
const shared = globalThis as { __formaRunDatabase?: Promise<RunDatabase> };

export async function setup(project: TestProject): Promise<void> {
  shared.__formaRunDatabase ??= createRunDatabase();
  const run = await shared.__formaRunDatabase;
  run.users++;
  const alone = run.aloneUrls.get(project.name);
  if (project.name.startsWith(SOLE_PROJECT_PREFIX) && !alone) throw new Error(`no database copy for ${project.name}`);
  project.provide("databaseUrl", alone ?? run.url);
  project.provide("dataDir", run.dataDir);
  project.provide("s3Endpoint", run.s3?.endpoint ?? null);
}

async function createRunDatabase(): Promise<RunDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "forma-test-"));
  let embedded: EmbeddedHandle | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  let url: string;
  let adminUrl: string;
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `forma_test_${randomBytes(4).toString("hex")}`;
    const admin = openPostgres(external, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    url = withDatabase(external, name);
    adminUrl = external;
    dropDatabase = async () => {
      const a = openPostgres(external, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      for (const file of SOLE_FILES) await a.unsafe(`drop database if exists ${soleDatabase(name, file)} with (force)`);
      await a.end();
    };
  } else {
    const { startEmbeddedPostgres } = await import("../db/embedded");
    embedded = await startEmbeddedPostgres(dataDir, { ephemeral: true });
    url = embedded.url;
    adminUrl = withDatabase(url, "postgres");
  }
  await runMigrations(url);
  // TEST_MEDIA_STORE=s3 keeps the run's media in an S3-compatible server (CI runs the media,
  // upload, export and drop tests that way too).
  const s3 = process.env.TEST_MEDIA_STORE === "s3" ? await startTestS3() : null;
  // Point this process at the run's database only while preparing fixtures: other projects of the
  // same run (the real-server test) must keep the caller's environment.
  const s3Settings = s3 ? s3Env(s3) : {};
  const saved: Record<string, string | undefined> = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  for (const k of Object.keys(s3Settings)) saved[k] = process.env[k];
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
  Object.assign(process.env, s3Settings);
  const { resetEnvCache } = await import("../server/env");
  resetEnvCache();
  try {
    const { prepareSharedFixtures } = await import("./shared-fixtures");
    await prepareSharedFixtures();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  }
  // The copies are made from the prepared database as a template (a file copy: no migrations
  // again), which needs it without connections: all of them now, before any test connects.
  const { closeDb } = await import("../db/client");
  await closeDb();
  const base = new URL(url).pathname.slice(1);
  const aloneUrls = new Map<string, string>();
  const admin = openPostgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (const file of SOLE_FILES) {
      const name = soleDatabase(base, file);
      await admin.unsafe(`create database ${name} template ${base}`);
      aloneUrls.set(soleProject(file), withDatabase(url, name));
    }
  } finally {
    await admin.end();
  }
  return { url, aloneUrls, dataDir, embedded, dropDatabase, users: 0, s3 };
}

/** The same server's URL with another database name (the query, such as a socket directory, kept). */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function teardown(): Promise<void> {
  const run = await shared.__formaRunDatabase;
  if (!run || --run.users > 0) return;
  shared.__formaRunDatabase = undefined;
  const { closeDb } = await import("../db/client");
  await closeDb().catch(() => {});
  await run.dropDatabase?.().catch((e) => console.error("could not drop test database", e));
  await run.embedded?.stop().catch(() => {});
  await run.s3?.stop().catch(() => {});
  rmSync(run.dataDir, { recursive: true, force: true });
}
