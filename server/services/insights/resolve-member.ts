import type { Tx } from "@/db/client";
import { resolveEndUserOrThrow } from "@/server/services/members/resolve-end-user";

export interface InsightsMember {
  id: string;
  organizationId: string;
  timeZone: string;
}

/** The `{endUserId}` path segment as an insights member (404 for unknown or suspended members). */
export async function resolveInsightsMember(db: Tx, organizationId: string, identifier: string): Promise<InsightsMember> {
  const user = await resolveEndUserOrThrow(db, organizationId, identifier);
  return { id: user.id, organizationId: user.organizationId, timeZone: user.timeZone };
}
