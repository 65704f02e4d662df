import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { env } from "@/server/env";
import { openPostgres } from "./connect";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PostgresJsDatabase<Schema>;
/** A database handle or a transaction: query functions accept either. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The pool lives on globalThis only in development, so hot reloads do not leak connections. In
 * production each module copy keeps its own pool: the custom server's direct API path and Next's
 * bundle each load this module, and a handle must never be shared between two drizzle copies.
 */
let holder: { __formaDb?: { db: Db; sql: postgres.Sql } } | null = null;
/** Decided on first use, not at import: scripts may set the environment after importing this module. */
const globalForDb = () => (holder ??= env().NODE_ENV === "development" ? (globalThis as never) : {});

function connect(): { db: Db; sql: postgres.Sql } {
  const { DATABASE_URL: url, DB_POOL_MAX, DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_MS } = env();
  if (!url) throw new Error("DATABASE_URL is not set: start through server.ts or db/bootstrap.ts");
  const sql = openPostgres(url, {
    // 10 by default: on a small machine more connections only add context switches, and with
    // fewer, concurrent statements share connections (pipelined, one socket write per batch);
    // transactions still need enough of them (measured in BENCHMARKS.md).
    max: DB_POOL_MAX,
    onnotice: () => {},
    idle_timeout: 30,
    // A stopped or unreachable database fails requests within seconds (503), not after the
    // driver's 30 s default; a runaway statement is cancelled by the server.
    connect_timeout: DB_CONNECT_TIMEOUT_SECONDS,
    // Seconds before reconnecting after failures. The driver's default grows to 20 s, and queries
    // queued on a closed connection wait that long before they even fail: cap it at half a second
    // (a refused connection costs the database nothing).
    backoff: (retries: number) => Math.min(0.5, 0.025 * 2 ** retries),
    connection: { application_name: "forma", ...(DB_STATEMENT_TIMEOUT_MS > 0 ? { statement_timeout: DB_STATEMENT_TIMEOUT_MS } : {}) },
  });
  return { db: drizzle(sql, { schema, casing: "snake_case" }), sql };
}

/** The postgres.js client that runs `db`'s statements: the pool, or a transaction's own connection. */
export function clientOf(db: Tx): postgres.Sql {
  return poolOf(db) ?? (db as unknown as { session: { client: postgres.Sql } }).session.client;
}

/** The postgres.js pool behind `db` when `db` is a pool handle; null inside a transaction. */
export function poolOf(db: Tx): postgres.Sql | null {
  return "$client" in db ? (db.$client as postgres.Sql) : null;
}

/** The pool of this module copy. */
export function getDb(): Db {
  const g = globalForDb();
  g.__formaDb ??= connect();
  return g.__formaDb.db;
}

export function getSql(): postgres.Sql {
  const g = globalForDb();
  g.__formaDb ??= connect();
  return g.__formaDb.sql;
}

export async function closeDb(): Promise<void> {
  const g = globalForDb();
  const current = g.__formaDb;
  g.__formaDb = undefined;
  await current?.sql.end({ timeout: 5 });
}
