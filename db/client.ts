import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
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
const globalForDb: { __formaDb?: { db: Db; sql: postgres.Sql } } = process.env.NODE_ENV === "development" ? (globalThis as never) : {};

function connect(): { db: Db; sql: postgres.Sql } {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start through server.ts or db/bootstrap.ts");
  const sql = openPostgres(url, {
    // 10 by default: on a small machine more connections only add context switches, and with
    // fewer, concurrent statements share connections (pipelined, one socket write per batch);
    // transactions still need enough of them (measured in BENCHMARKS.md).
    max: Number(process.env.DB_POOL_MAX ?? 10),
    onnotice: () => {},
    idle_timeout: 30,
    connection: { application_name: "forma" },
  });
  return { db: drizzle(sql, { schema, casing: "snake_case" }), sql };
}

/** The postgres.js pool behind `db` when `db` is a pool handle; null inside a transaction. */
export function poolOf(db: Tx): postgres.Sql | null {
  return "$client" in db ? (db.$client as postgres.Sql) : null;
}

/** The pool of this module copy. */
export function getDb(): Db {
  globalForDb.__formaDb ??= connect();
  return globalForDb.__formaDb.db;
}

export function getSql(): postgres.Sql {
  globalForDb.__formaDb ??= connect();
  return globalForDb.__formaDb.sql;
}

export async function closeDb(): Promise<void> {
  const current = globalForDb.__formaDb;
  globalForDb.__formaDb = undefined;
  await current?.sql.end({ timeout: 5 });
}
