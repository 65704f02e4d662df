import type { Tx } from "@/db/client";
import { findOrgDrop, listDropVariants } from "@/db/queries/drops";
import { notFound } from "@/server/api/errors";
import { type DropDetail, toDropDetail } from "./serialize";

/** One drop of the organization in any status (404 when unknown, deleted or another workspace's). */
export async function getDropDetail(db: Tx, organizationId: string, dropId: string): Promise<DropDetail> {
  const drop = await findOrgDrop(db, organizationId, dropId);
  if (!drop) throw notFound("Drop not found.");
  return toDropDetail(drop, await listDropVariants(db, [drop.id]));
}
