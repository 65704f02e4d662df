import { env, resetEnvCache } from "@/server/env";
import { type EmbeddedHandle, startEmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";

/**
 * Makes a database ready for this process: the DATABASE_URL server when set, otherwise the
 * embedded engine in DATA_DIR. Applies migrations and exports DATABASE_URL for the app.
 */
export async function bootstrapDatabase(opts: { log?: (m: string) => void; migrate?: boolean } = {}): Promise<{
  url: string;
  embedded: EmbeddedHandle | null;
  /** Milliseconds spent starting (or reaching) the database and applying migrations. */
  timings: { databaseMs: number; migrationsMs: number };
}> {
  let embedded: EmbeddedHandle | null = null;
  const t0 = performance.now();
  resetEnvCache(); // start-up reads the environment as it is now (scripts set DATA_DIR or DATABASE_URL before calling)
  let url = env().DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(env().DATA_DIR, { log: opts.log });
    url = embedded.url;
    process.env.DATABASE_URL = url;
    resetEnvCache();
  }
  const t1 = performance.now();
  if (opts.migrate !== false) await runMigrations(url);
  return { url, embedded, timings: { databaseMs: t1 - t0, migrationsMs: performance.now() - t1 } };
}
