import { getDb, type Db, type Tx } from "@/db/client";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { findOrgDrop } from "@/db/queries/drops";
import {
  claimDeliveries,
  findAutomationById,
  findDelivery,
  findSocialAccount,
  finishDeliveryAttempt,
  insertAttempt,
  insertDeliveries,
  lockDueAutomations,
  saveDeliveryPlatformState,
  updateAutomation,
} from "@/db/queries/social-publish";
import { metrics } from "@/server/observability/metrics";
import { markReconnect, refreshExpiringGrants } from "./platforms/grants";
import type { CopyPack } from "@/db/schema";
import { ApiError } from "@/server/core/errors";
import { log } from "@/server/core/log";
import type { JobIo } from "@/server/jobs/types";
import { exportDrop } from "@/server/services/drops/export-drop";
import { composePostText, fitCopyPack } from "@/server/services/drops/presets";
import { GrantRevokedError, PermanentPublishError, type SocialPost, getPlatformAdapter } from "./adapters";
import { presetsOf } from "./serialize";
import { pickDropForRun } from "./pick-drop";
import { nextRunAfter } from "./schedule";
import { failureReason } from "@/server/jobs/failure-reason";

/**
 * The social publish scheduler. Every minute it (1) plans: locks the active automations whose
 * next run is due (SKIP LOCKED, so concurrent workers split them), picks the run's drop, writes one
 * delivery per target platform under the unique key (automation, platform, due time) and moves
 * the automation to its next run; (2) claims due deliveries with a lease; (3) publishes each one
 * through its account's adapter and records the attempt. A failed attempt is retried with
 * backoff (1, 2, 4, 8 minutes) up to MAX_ATTEMPTS; a due time is never posted twice.
 */
export const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 300;
/** A due time more than this late (the service was down) is recorded as skipped, not posted late. */
export const MISSED_GRACE_MS = 6 * 3600_000;

export type DeliveryOutcome = "published" | "retry" | "failed" | "skipped";

/** Seconds before attempt `attempts + 1`. */
export function retryDelaySeconds(attempts: number): number {
  return 60 * 2 ** Math.max(0, attempts - 1);
}

/**
 * Plans due automations (at most `limit`), each in its own short transaction: lock one due
 * automation (SKIP LOCKED), pick its drop, write its deliveries, move it to its next due time.
 * A slow pick (a model call) holds one row, never the whole batch.
 */
export async function planDueRuns(db: Db, now: Date, limit = 50): Promise<{ automations: number; deliveries: number }> {
  let automations = 0;
  let deliveries = 0;
  while (automations < limit) {
    const planned = await db.transaction(async (tx) => {
      const [a] = await lockDueAutomations(tx, now, 1);
      if (!a) return null;
      const dueAt = a.nextRunAt!;
      const missed = now.getTime() - dueAt.getTime() > MISSED_GRACE_MS;
      const pick = missed
        ? { dropId: null, reason: `Missed: the service was not running at the due time (more than ${MISSED_GRACE_MS / 3600_000} h ago).` }
        : await pickDropForRun(tx, a, dueAt);
      const presets = presetsOf(a);
      const rows = await insertDeliveries(
        tx,
        a.platforms.map((platform) => ({
          organizationId: a.organizationId,
          automationId: a.id,
          platform,
          dueAt,
          channelPreset: presets[platform]!,
          dropId: pick.dropId,
          pickReason: pick.reason,
          status: pick.dropId ? ("pending" as const) : ("skipped" as const),
          lastError: pick.dropId ? null : pick.reason,
          nextAttemptAt: dueAt,
        })),
      );
      for (const r of rows.filter((r) => r.status === "skipped")) {
        await insertAttempt(tx, { deliveryId: r.id, organizationId: r.organizationId, attempt: 0, outcome: "skipped", reason: r.lastError });
      }
      await updateAutomation(tx, a.id, {
        nextRunAt: nextRunAfter(a.schedule, new Date(Math.max(now.getTime(), dueAt.getTime()))),
        lastRunAt: dueAt,
        cursor: a.sourceMode === "manual_fixed" && pick.dropId ? a.dropIds.indexOf(pick.dropId) + 1 : a.cursor,
        updatedAt: a.updatedAt,
      });
      return rows.length;
    });
    if (planned === null) break;
    automations++;
    deliveries += planned;
  }
  return { automations, deliveries };
}

/** Claims due deliveries for this worker; returns their ids. */
export async function claimDueDeliveries(db: Tx, now: Date, limit = 20): Promise<string[]> {
  return (await claimDeliveries(db, { now, limit, leaseSeconds: LEASE_SECONDS })).map((r) => r.id);
}

/** The post text and copy: the drop's copy fitted to the preset, with the automation's overrides. */
export function composePost(
  copyPack: CopyPack,
  override: { caption?: string; hashtags?: string[]; cta?: string } | undefined,
  preset: Parameters<typeof fitCopyPack>[1],
) {
  const merged = fitCopyPack(
    {
      ...copyPack,
      ...(override?.caption ? { caption: override.caption } : {}),
      ...(override?.hashtags ? { hashtags: override.hashtags } : {}),
      ...(override?.cta ? { cta: override.cta } : {}),
    },
    preset,
  );
  return { copyPack: merged, text: composePostText(merged) };
}

/**
 * Publishes one claimed delivery: checks the automation is still active and the platform
 * connected (skipped otherwise), exports the drop's variant for the preset, hands the post to the
 * account's adapter, and records the attempt. Only the attempt that holds the row may finish it.
 */
export async function publishDelivery(db: Db, id: string, now = new Date()): Promise<DeliveryOutcome> {
  const d = await findDelivery(db, id);
  if (d?.status !== "publishing") return "skipped";
  const attempt = d.attempts;
  const finish = async (outcome: DeliveryOutcome, reason: string | null, extra: Parameters<typeof finishDeliveryAttempt>[1]["set"] = {}, adapter?: string) =>
    db.transaction(async (tx) => {
      const status = outcome === "retry" ? "pending" : outcome;
      const owned = await finishDeliveryAttempt(tx, {
        id,
        attempt,
        set: {
          status,
          lastError: outcome === "published" ? null : reason,
          ...(outcome === "retry" ? { nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(attempt) * 1000) } : {}),
          ...extra,
        },
      });
      if (!owned) return "skipped" as const;
      metrics().socialPublishes.inc({ platform: d.platform, outcome });
      await insertAttempt(tx, {
        deliveryId: id,
        organizationId: d.organizationId,
        attempt,
        outcome: outcome === "retry" ? "failed" : outcome,
        reason,
        willRetry: outcome === "retry",
        adapter: adapter ?? null,
      });
      // The workspace's webhooks hear of a post and of a final failure (not of a retry or a skip).
      const event = { automationId: d.automationId, platform: d.platform, dropId: d.dropId ?? null };
      if (outcome === "published")
        await enqueueWebhookEvent(tx, {
          organizationId: d.organizationId,
          type: "social.post.published",
          data: { ...event, postUrl: extra.externalPostUrl ?? null, publishedAt: now.toISOString() },
        });
      else if (outcome === "failed")
        await enqueueWebhookEvent(tx, {
          organizationId: d.organizationId,
          type: "social.post.failed",
          data: { ...event, errorMessage: reason ?? "The post could not be published.", failedAt: now.toISOString() },
        });
      return outcome;
    });

  const automation = await findAutomationById(db, d.automationId);
  if (!automation || automation.deletedAt) return finish("skipped", "The automation was deleted.");
  if (automation.status !== "active") return finish("skipped", "The automation was paused before the post went out.");
  const account = await findSocialAccount(db, d.organizationId, d.platform);
  if (!account) return finish("skipped", `No ${d.platform} account is connected.`);
  if (account.grantStatus === "reconnect")
    return finish("skipped", `The ${d.platform} account must be reconnected in the console: ${account.grantProblem ?? "its access was revoked."}`);
  if (!d.dropId) return finish("skipped", d.pickReason ?? "No drop to post.");

  const adapter = getPlatformAdapter(account.adapter);
  if (!adapter) return finish("failed", `The ${account.adapter} adapter is not installed.`, {}, account.adapter);

  let bundle: Awaited<ReturnType<typeof exportDrop>>;
  try {
    const drop = await findOrgDrop(db, d.organizationId, d.dropId);
    const locale = drop?.copyPacks[automation.locale] ? automation.locale : undefined;
    bundle = await exportDrop(db, d.organizationId, d.dropId, { channelPreset: d.channelPreset, locale });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 400 || err.status === 404))
      return finish("skipped", `The drop cannot be exported for ${d.channelPreset}: ${err.message}`);
    throw err;
  }
  const { copyPack, text } = composePost(bundle.copyPack, automation.captionOverrides[d.platform], d.channelPreset);
  const post: SocialPost = {
    deliveryId: d.id,
    organizationId: d.organizationId,
    automationId: d.automationId,
    platform: d.platform,
    account: { accountId: account.accountId, accountName: account.accountName, credentialsRef: account.credentialsRef },
    dueAt: d.dueAt,
    dropId: d.dropId,
    channelPreset: d.channelPreset,
    variant: bundle.variant,
    text,
    copyPack,
    videoUrl: bundle.videoDownloadLink,
    coverUrl: bundle.coverLink,
    ctaUrl: bundle.ctaUrl ?? null,
    progress: {
      state: d.platformState ?? {},
      save: (patch) => saveDeliveryPlatformState(db, d.id, patch),
    },
  };
  try {
    const { externalPostId, postUrl } = await adapter.publish(db, post);
    return finish("published", null, { externalPostId, externalPostUrl: postUrl ?? null, publishedAt: now, variant: bundle.variant }, adapter.name);
  } catch (err) {
    // The platform refused the grant: the account card asks for a reconnect, later posts are skipped.
    if (err instanceof GrantRevokedError) await markReconnect(db, account, err.message, now);
    const final = err instanceof PermanentPublishError || attempt >= MAX_ATTEMPTS;
    log(final ? "error" : "warn", "social post failed", { deliveryId: id, platform: d.platform, attempt, final, adapter: adapter.name, err: failureReason(err) });
    return finish(final ? "failed" : "retry", failureReason(err), { variant: bundle.variant }, adapter.name);
  }
}

/**
 * The scheduler job's body: plan, claim, then publish each claimed delivery in its own step (a
 * replayed run under Inngest never publishes a finished delivery again).
 */
export async function runSocialPublishTick(io: JobIo): Promise<{ planned: number } & Record<DeliveryOutcome, number>> {
  await io.run("refresh-grants", () => refreshExpiringGrants(getDb(), new Date()));
  const planned = await io.run("plan", async () => (await planDueRuns(getDb(), new Date())).deliveries);
  const ids = await io.run("claim", () => claimDueDeliveries(getDb(), new Date()));
  const counts: Record<DeliveryOutcome, number> = { published: 0, retry: 0, failed: 0, skipped: 0 };
  for (const id of ids) counts[await io.run(`publish-${id}`, () => publishDelivery(getDb(), id))]++;
  return { planned, ...counts };
}
