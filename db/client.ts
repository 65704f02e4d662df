import { AsyncLocalStorage } from "node:async_hooks";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { env } from "@/server/env";
import { instrumentPool } from "@/server/observability/db";
import { openPostgres } from "./connect";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PostgresJsDatabase<Schema>;
/** A database handle or a transaction: query functions accept either. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One connection pool per process, kept on globalThis: the custom server's API path and Next's
 * bundle (pages, the console's sign-in) each load this module, and each copy wraps the same pool
 * in its own drizzle handle (a drizzle handle is never shared between two drizzle copies; the
 * postgres.js pool is a plain client both can drive). So an instance opens DB_POOL_MAX
 * connections for requests, not one pool per module copy (see docs/operations.md, "Connections").
 */
interface SharedPool {
  sql: postgres.Sql;
  url: string;
}
const shared = globalThis as unknown as { __formaPool?: SharedPool };
/** This module copy's drizzle handle over the shared pool. */
let local: { db: Db; sql: postgres.Sql } | null = null;

function openPool(url: string): postgres.Sql {
  const { DB_POOL_MAX, DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_MS } = env();
  return openPostgres(url, {
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
}

function connect(): { db: Db; sql: postgres.Sql } {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start through server.ts or db/bootstrap.ts");
  // A pool for another database (a test that switched DATABASE_URL) is not reused.
  if (shared.__formaPool?.url !== url) {
    shared.__formaPool = { sql: openPool(url), url };
    instrumentPool(shared.__formaPool.sql, env().DB_POOL_MAX); // observability: statement durations and spans, pool state (server/observability/db.ts)
  }
  const sql = shared.__formaPool.sql;
  if (local?.sql !== sql) local = { db: drizzle(sql, { schema, casing: "snake_case" }), sql };
  return local;
}

/** The postgres.js client that runs `db`'s statements: the pool, or a transaction's own connection. */
export function clientOf(db: Tx): postgres.Sql {
  return poolOf(db) ?? (db as unknown as { session: { client: postgres.Sql } }).session.client;
}

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Runs a raw read as a prepared statement: PostgreSQL plans it once per connection (postgres.js
 * keeps it by its text) instead of on every call, as `db.execute` does. For reads on hot paths whose
 * planning costs more than their execution (the analytics rollups: planning was about half of
 * PostgreSQL's time per dashboard read, BENCHMARKS.md). The rows are what `db.execute` returns.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Tx, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  return (await clientOf(db).unsafe(sql, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[];
}

/** The postgres.js pool behind `db` when `db` is a pool handle; null inside a transaction. */
export function poolOf(db: Tx): postgres.Sql | null {
  return "$client" in db ? (db.$client as postgres.Sql) : null;
}

/**
 * A handler running inside its request's transaction (an `Idempotency-Key` write of an operation
 * declared `idempotency: "transaction"`, server/routes/api-route.ts). It must write through the handle it
 * was given: a statement on the pool would not be part of the transaction (not undone with it, not
 * atomic with the stored response), and waiting for a pool connection while the transaction holds
 * one can starve the pool (every connection held by a transaction whose handler waits for another).
 * Kept on globalThis: the kernel and this module may be loaded by several module copies.
 */
interface TransactionScope {
  open: boolean;
  operationId: string;
}
const scopes = globalThis as unknown as { __formaTransactionScope?: AsyncLocalStorage<TransactionScope> };
scopes.__formaTransactionScope ??= new AsyncLocalStorage<TransactionScope>();
const transactionScope = scopes.__formaTransactionScope;

/**
 * Runs `fn` (a handler) as part of a request transaction: outside production `getDb()` throws
 * meanwhile (the tests find a handler that writes beside its transaction). Not in production: on
 * Node 20 the first `AsyncLocalStorage.run` turns on a promise hook that every later promise of
 * the process pays for, and the fast path does not need a check the tests already made.
 */
export async function inRequestTransaction<T>(operationId: string, fn: () => Promise<T>): Promise<T> {
  if (env().NODE_ENV === "production") return fn();
  const scope: TransactionScope = { open: true, operationId };
  try {
    return await transactionScope.run(scope, fn);
  } finally {
    // Work the handler left behind (a timer, a promise it did not await) may use the pool later.
    scope.open = false;
  }
}

/** The process's pool, through this module copy's drizzle handle. */
export function getDb(): Db {
  const scope = transactionScope.getStore();
  if (scope?.open) throw new Error(`${scope.operationId} runs in its request's transaction: use the handler's ctx.db, not getDb()`);
  return (local && local.sql === shared.__formaPool?.sql ? local : connect()).db;
}

export function getSql(): postgres.Sql {
  return (local && local.sql === shared.__formaPool?.sql ? local : connect()).sql;
}

export async function closeDb(): Promise<void> {
  const current = shared.__formaPool;
  shared.__formaPool = undefined;
  local = null;
  await current?.sql.end({ timeout: 5 });
}
