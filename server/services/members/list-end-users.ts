import type { Tx } from "@/db/client";
import { listEndUsers } from "@/db/queries/end-users";
import type { EndUserStatus } from "@/db/schema";
import { toEndUser } from "./serialize";

/** A page of the organization's members (active and suspended unless filtered), newest first. */
export async function listOrganizationEndUsers(db: Tx, args: { organizationId: string; status?: EndUserStatus; limit: number; offset: number }) {
  const { rows, total } = await listEndUsers(db, args);
  return { items: rows.map(toEndUser), total };
}
