import type { Db } from "../client";
import { issueAccessToken } from "@/server/core/access-tokens";
import { getMediaStorage } from "@/server/media/storage";
import { importSeedMedia } from "@/server/media/import-seed-media";
import { grantConsoleOwner } from "@/server/services/console/accounts";
import { createApiKey, createOrganization } from "@/server/services/organizations/create-organization";
import { renderSeedDropMedia } from "./drops";
import { requestWorkoutExports } from "@/server/services/exports/request-exports";
import { sweepLongClips } from "@/server/services/media-uploads/clip-hls";
import { seedOrganizationLibrary } from "./library";
import { seedDemoHistory } from "./history";
import { refreshMemberStatus } from "@/server/services/analytics/member-status";
import { isoDay } from "@/server/services/analytics/range";
import { upsertReferenceData } from "./reference";
import { upsertStockCatalog } from "./stock";

/** Platform-wide data every workspace relies on: reference data, stock catalog, demo media, seed drop renders. */
export async function seedPlatform(db: Db): Promise<void> {
  await importSeedMedia(getMediaStorage());
  // Committed renders are imported above; this renders only what they lack (stale definitions).
  await renderSeedDropMedia(getMediaStorage());
  await db.transaction(async (tx) => {
    await upsertReferenceData(tx);
    await upsertStockCatalog(tx);
  });
}

export interface SeedResult {
  organizationId: string;
  apiKey: string;
  otherOrganizationId: string;
  otherApiKey: string;
  multiOrgApiKey: string;
  contentOnlyApiKey: string;
  endUser: { id: string; email: string; externalId: string };
  suspendedEndUser: { id: string; email: string; externalId: string };
  accessToken: string;
  workoutIds: string[];
  privateWorkoutIds: string[];
  planIds: string[];
  videoAssetIds: string[];
  otherWorkoutIds: string[];
  /** The owner of organizationId in the console (fresh password per run). */
  consoleUser: { email: string; password: string };
}

/**
 * The run contract's seed: a fresh pair of organizations with complete demo libraries and
 * fresh keys, so runs never interfere. Each organization is created in one transaction.
 */
export async function seedOrganizationPair(db: Db, label = "Forma Demo"): Promise<SeedResult> {
  await seedPlatform(db);
  const suffix = Math.random().toString(36).slice(2, 8);
  const main = await db.transaction(async (tx) => {
    const organizationId = await createOrganization(tx, { name: `${label} Studio`, subscriptionPlan: "internal" });
    const library = await seedOrganizationLibrary(tx, organizationId, { emailDomain: `studio-${suffix}.example.com` });
    const apiKey = (await createApiKey(tx, { organizationId, kind: "team", name: "Seed team key" })).key;
    const contentOnlyApiKey = (await createApiKey(tx, { organizationId, kind: "content", name: "Seed content-only key" })).key;
    // The workspace's first trainer (the autopilot's owner too) owns it in the console.
    const consoleUser = await grantConsoleOwner(tx, library.trainerIds[0]!);
    // 90 days of sessions, feedback and plan progress, so the analytics pages show real charts.
    await seedDemoHistory(tx, organizationId, { emailDomain: `studio-${suffix}.example.com` });
    return { organizationId, library, apiKey, contentOnlyApiKey, consoleUser };
  });
  const other = await db.transaction(async (tx) => {
    const organizationId = await createOrganization(tx, { name: `${label} Partner Gym`, subscriptionPlan: "internal" });
    const library = await seedOrganizationLibrary(tx, organizationId, { emailDomain: `partner-${suffix}.example.com` });
    const apiKey = (await createApiKey(tx, { organizationId, kind: "team", name: "Seed team key" })).key;
    return { organizationId, library, apiKey };
  });
  const multiOrgApiKey = (
    await createApiKey(db, {
      organizationId: main.organizationId,
      kind: "multi",
      name: "Seed multi-organization key",
      extraOrganizationIds: [other.organizationId],
    })
  ).key;
  // Render the demo library's exports in the background (the job worker of the running server):
  // the seed only enqueues, one event per published workout.
  await requestWorkoutExports(
    db,
    [main.library, other.library].flatMap((l) => [...l.workoutIds, ...l.privateWorkoutIds]),
    "seed",
  );
  // Long demo clips (the 60 s class video) are packaged as HLS once for every workspace that shows them.
  await sweepLongClips(db);
  await refreshMemberStatus(db, { organizationId: main.organizationId, asOf: isoDay(Date.now()) });
  const endUser = main.library.endUsers[0]!;
  const accessToken = await issueAccessToken(endUser.id, main.organizationId, 30 * 24 * 3600);
  return {
    organizationId: main.organizationId,
    apiKey: main.apiKey,
    otherOrganizationId: other.organizationId,
    otherApiKey: other.apiKey,
    multiOrgApiKey,
    contentOnlyApiKey: main.contentOnlyApiKey,
    endUser,
    suspendedEndUser: main.library.suspendedEndUser,
    accessToken,
    workoutIds: main.library.workoutIds,
    privateWorkoutIds: main.library.privateWorkoutIds,
    planIds: main.library.planIds,
    videoAssetIds: main.library.videoAssetIds,
    otherWorkoutIds: other.library.workoutIds,
    consoleUser: main.consoleUser,
  };
}
