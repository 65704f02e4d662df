import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { openPostgres } from "./connect";

/** From the project root (the working directory of `npm start`, the image and the tests), so the compiled server finds them too. */
const MIGRATIONS = () => path.join(process.cwd(), "db", "migrations");

/**
 * Applies committed migrations. An advisory lock serialises concurrent starters
 * (server, seed, test workers) so each migration runs exactly once.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = openPostgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS() });
    await sql`select pg_advisory_unlock(727274)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
