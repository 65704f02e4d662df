import type { Tx } from "@/db/client";
import { listAttempts, listDeliveries, listPublications } from "@/db/queries/social-publish";

/**
 * What the console shows of publishing: the sandbox adapter's recorded posts, and the deliveries
 * of an automation (or the workspace) with every attempt. Not part of the public API.
 */
export async function listSocialPublications(db: Tx, args: { organizationId: string; automationId?: string; limit: number; offset: number }) {
  const { rows, total } = await listPublications(db, args);
  return {
    total,
    items: rows.map((p) => ({
      id: p.id,
      automationId: p.automationId,
      platform: p.platform,
      accountId: p.accountId,
      dueAt: p.dueAt.toISOString(),
      dropId: p.dropId,
      channelPreset: p.channelPreset,
      variant: p.variant,
      text: p.text,
      copyPack: p.copyPack,
      videoUrl: p.videoUrl,
      coverUrl: p.coverUrl,
      ctaUrl: p.ctaUrl,
      postedAt: p.createdAt.toISOString(),
    })),
  };
}

export async function listSocialDeliveries(db: Tx, args: { organizationId: string; automationId?: string; limit: number }) {
  const deliveries = await listDeliveries(db, args);
  const attempts = await listAttempts(
    db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((d) => ({
    id: d.id,
    automationId: d.automationId,
    platform: d.platform,
    dueAt: d.dueAt.toISOString(),
    status: d.status,
    dropId: d.dropId,
    channelPreset: d.channelPreset,
    variant: d.variant,
    pickReason: d.pickReason,
    lastError: d.lastError,
    externalPostId: d.externalPostId,
    externalPostUrl: d.externalPostUrl,
    publishedAt: d.publishedAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({ attempt: a.attempt, outcome: a.outcome, reason: a.reason, willRetry: a.willRetry, adapter: a.adapter, at: a.createdAt.toISOString() })),
  }));
}
