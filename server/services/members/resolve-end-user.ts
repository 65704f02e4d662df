import type { Tx } from "@/db/client";
import { findActiveEndUser } from "@/db/queries/end-users";
import { notFound } from "@/server/core/errors";

/**
 * The `{endUserId}` path segment: a 24-hex id, an external id or an email of an active member
 * of the organization. Anything else is 404, never 500.
 */
export async function resolveEndUserOrThrow(db: Tx, organizationId: string, identifier: string) {
  const user = await findActiveEndUser(db, organizationId, identifier);
  if (!user) throw notFound("End user not found in this organization.");
  return user;
}
