import type { Tx } from "@/db/client";
import { updateEndUserStatus } from "@/db/queries/end-users";
import type { EndUserStatus } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { toEndUser } from "./serialize";

/**
 * Suspends or reactivates a member of the organization. A suspended member is unknown to the
 * API (every member route answers 404, member tokens stop resolving, notifications are not
 * sent); their library, plans and history are kept for a reactivation.
 */
export async function setMemberStatus(db: Tx, organizationId: string, endUserId: string, status: EndUserStatus) {
  const row = await updateEndUserStatus(db, { organizationId, endUserId, status });
  if (!row) throw notFound("End user not found in this organization.");
  return toEndUser(row);
}
