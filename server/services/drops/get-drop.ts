import type { Tx } from "@/db/client";
import { findOrgDrop, listDropVariants, listFailedDrops } from "@/db/queries/drops";
import { notFound } from "@/server/core/errors";
import { SOURCE_TYPE_LABELS, variantName } from "./presets";
import { type DropDetail, toDropDetail } from "./serialize";

/** One drop of the organization in any status (404 when unknown, deleted or another workspace's). */
export async function getDropDetail(db: Tx, organizationId: string, dropId: string): Promise<DropDetail> {
  const drop = await findOrgDrop(db, organizationId, dropId);
  if (!drop) throw notFound("Drop not found.");
  return toDropDetail(drop, await listDropVariants(db, [drop.id]));
}

/**
 * The workspace's most recent failed drops with their reasons and the error of each failed
 * variant (the console shows them; the public list holds ready drops only).
 */
export async function listFailedDropsWithReasons(db: Tx, organizationId: string, limit = 20) {
  const rows = await listFailedDrops(db, organizationId, limit);
  const variants = await listDropVariants(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((drop) => ({
    id: drop.id,
    title: drop.title,
    sourceTypeLabel: SOURCE_TYPE_LABELS[drop.sourceType],
    sourceName: drop.sourceName,
    failureReason: drop.failureReason,
    updatedAt: drop.updatedAt.toISOString(),
    variants: variants
      .filter((v) => v.dropId === drop.id && v.status === "failed")
      .map((v) => ({ name: variantName(v.aspectRatio, v.durationSeconds), attempts: v.attempts, error: v.error })),
  }));
}
