import { getDb } from "../db/client";
import { upsertReferenceData } from "../db/seed/reference";

/** Runs once per test run (global setup): platform reference data every test relies on. */
export async function prepareSharedFixtures(): Promise<void> {
  const db = getDb();
  await upsertReferenceData(db);
  const { importSeedMedia } = await import("../server/media/import-seed-media");
  const { getMediaStorage } = await import("../server/media/storage");
  await importSeedMedia(getMediaStorage());
}
