import { getDb } from "@/db/client";
import { type SeededLibrary, seedOrganizationLibrary } from "@/db/seed/library";
import { issueAccessToken } from "@/server/core/access-tokens";
import { type TestOrg, type TestOrgOptions, createTestOrg } from "./harness";
// Registers the job list with the sender, as server.ts does (server/jobs/registered.ts).
import "@/server/jobs/worker";

export interface TestLibraryOrg extends TestOrg {
  library: SeededLibrary;
  /** A member Bearer token for library.endUsers[0]. */
  accessToken: string;
}

/** Gives an organization the full demo library (the same one `npm run seed` creates). */
export async function seedTestLibrary(organizationId: string): Promise<SeededLibrary> {
  return getDb().transaction((tx) => seedOrganizationLibrary(tx, organizationId, { emailDomain: `t${organizationId.slice(-8)}.example.com` }));
}

/** A fresh organization with a team key and the full demo library. */
export async function createLibraryOrg(opts: TestOrgOptions = {}): Promise<TestLibraryOrg> {
  const org = await createTestOrg(opts);
  const library = await seedTestLibrary(org.organizationId);
  const accessToken = await issueAccessToken(library.endUsers[0]!.id, org.organizationId);
  return { ...org, library, accessToken };
}
