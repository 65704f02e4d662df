import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PostgresJsDatabase<Schema>;
/** A database handle or a transaction: query functions accept either. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as { __formaDb?: { db: Db; sql: postgres.Sql } };

function connect(): { db: Db; sql: postgres.Sql } {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start through server.ts or db/bootstrap.ts");
  const sql = postgres(url, {
    max: Number(process.env.DB_POOL_MAX ?? 20),
    onnotice: () => {},
    idle_timeout: 30,
    connection: { application_name: "forma" },
  });
  return { db: drizzle(sql, { schema, casing: "snake_case" }), sql };
}

/** The process-wide pool (kept on globalThis so dev reloads do not leak connections). */
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
