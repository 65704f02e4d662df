import { getDb } from "../db/client";

/**
 * Runs once per test run (global setup): platform reference data, stock catalog and demo media
 * (the seed drops' renders are committed demo media too, see scripts/render-seed-drops.ts).
 */
export async function prepareSharedFixtures(): Promise<void> {
  const { seedPlatform } = await import("../db/seed/seed");
  await seedPlatform(getDb());
}
