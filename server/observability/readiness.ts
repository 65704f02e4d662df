import { readFileSync } from "node:fs";
import path from "node:path";
import { getSql } from "@/db/client";
import { databaseReadiness } from "@/db/readiness";
import { jobsProviderName } from "@/server/jobs/config";
import { localWorkerRunning } from "@/server/jobs/providers/local";
import { pagesState } from "@/server/http/pages-build";

/**
 * Readiness (`GET /ready`), beside liveness (`/health`): this instance should get traffic only when
 * the database answers, every committed migration is applied, the job worker runs and the pages
 * are served (a first start builds them after the API answers), and not
 * after SIGTERM (server.ts marks the instance draining, then closes the listener once
 * SHUTDOWN_DRAIN_SECONDS have passed). The draining flag is on globalThis: the route may run in
 * Next's module copy while server.ts sets it in its own.
 */
const holder = globalThis as unknown as { __formaDraining?: boolean };

export function beginDraining(): void {
  holder.__formaDraining = true;
}

export function isDraining(): boolean {
  return holder.__formaDraining === true;
}

export type CheckState = "ok" | "failing" | "pending";
export interface ReadyState {
  ready: boolean;
  draining: boolean;
  checks: { database: CheckState; migrations: CheckState; jobs: CheckState; pages: CheckState };
}

/** The newest committed migration's timestamp (drizzle's journal), read once. */
let newestMigration: number | null = null;
function newestCommittedMigration(): number {
  if (newestMigration === null) {
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/** Migrations never become unapplied: once seen applied, not asked again. */
let migrationsApplied = false;
async function migrationsState(): Promise<CheckState> {
  if (migrationsApplied) return "ok";
  try {
    const rows = await getSql()`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`;
    migrationsApplied = Number(rows[0]?.newest ?? 0) >= newestCommittedMigration();
    return migrationsApplied ? "ok" : "pending";
  } catch {
    return "failing";
  }
}

export async function readiness(): Promise<ReadyState> {
  const draining = isDraining();
  const db = await databaseReadiness();
  const database: CheckState = db.ok ? "ok" : "failing";
  const migrations: CheckState = db.ok ? await migrationsState() : "pending";
  const jobs: CheckState = jobsProviderName() === "inngest" || localWorkerRunning() ? "ok" : "pending";
  // A first start serves the API while its pages are still being built (server/http/pages-build.ts).
  const pages: CheckState = pagesState() === "building" ? "pending" : "ok";
  return { ready: !draining && database === "ok" && migrations === "ok" && jobs === "ok" && pages === "ok", draining, checks: { database, migrations, jobs, pages } };
}

/** Tests only: an instance that drained is normally gone. */
export function endDrainingForTests(): void {
  holder.__formaDraining = false;
}
