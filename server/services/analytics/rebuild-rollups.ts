import type { Db } from "@/db/client";
import { listOrganizationIdsWithActivePlans, listOrganizationIdsWithSessions, rebuildRollups } from "@/db/queries/analytics";
import { refreshMemberStatus } from "./member-status";
import { isoDay } from "./range";

/**
 * Rebuilds a workspace's rollups from its raw sessions and feedback in one transaction (the
 * backfill for data written before the rollups existed, and the correction after anything the
 * triggers cannot follow), then its member statuses.
 */
export async function rebuildWorkspaceAnalytics(db: Db, organizationId: string, now = Date.now()) {
  const { sessions } = await db.transaction((tx) => rebuildRollups(tx, organizationId));
  const status = await refreshMemberStatus(db, { organizationId, asOf: isoDay(now) });
  return { organizationId, sessions, ...status };
}

/** Every workspace with sessions. */
export async function backfillAnalytics(db: Db, now = Date.now()) {
  const out = [];
  for (const id of await listOrganizationIdsWithSessions(db)) out.push(await rebuildWorkspaceAnalytics(db, id, now));
  return out;
}

/** Hourly: every workspace's member statuses as of today. */
export async function refreshAllMemberStatus(db: Db, now = Date.now()) {
  let members = 0;
  for (const organizationId of await listOrganizationIdsWithActivePlans(db))
    members += (await refreshMemberStatus(db, { organizationId, asOf: isoDay(now) })).members;
  return { members };
}
