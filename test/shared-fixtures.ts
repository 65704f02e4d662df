import { getDb } from "../db/client";

/** Runs once per test run (global setup): platform reference data, stock catalog and demo media. */
export async function prepareSharedFixtures(): Promise<void> {
  const { seedPlatform } = await import("../db/seed/seed");
  await seedPlatform(getDb());
}
