import type { Tx } from "@/db/client";
import { type DropRow, type DropVariantRow, listDropVariants, updateDrop } from "@/db/queries/drops";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { variantName } from "./presets";

/*
 * A drop's outcome as webhooks see it, without the renderer's imports (next/og, ffmpeg): the render
 * job and the stale-drop sweep both mark drops failed.
 */

/** The drop a drop.ready or drop.failed event is about. */
export function dropIdentity(drop: DropRow) {
  return { dropId: drop.id, title: drop.title, sourceType: drop.sourceType, sourceId: drop.sourceId, channelPreset: drop.channelPreset };
}

/**
 * Marks a processing drop failed with its reason and announces it (drop.failed); run it in a
 * transaction. `variants`: the drop's variants when the caller has just read them.
 */
export async function markDropFailed(db: Tx, drop: DropRow, reason: string, variants?: DropVariantRow[]): Promise<void> {
  await updateDrop(db, drop.id, { status: "failed", failureReason: reason });
  variants ??= await listDropVariants(db, [drop.id]);
  await enqueueWebhookEvent(db, {
    organizationId: drop.organizationId,
    type: "drop.failed",
    data: () => ({
      ...dropIdentity(drop),
      failureReason: reason,
      failedVariants: variants.filter((v) => v.status === "failed").map((v) => variantName(v.aspectRatio, v.durationSeconds)),
      failedAt: new Date().toISOString(),
    }),
  });
}
