import { getDb, type Tx } from "@/db/client";
import {
  claimStaleProcessingDrops,
  failProcessingDrop,
  findDropById,
  listDropVariants,
  mergeDropCopyPacks,
  setVariantResult,
  touchDrop,
  updateDrop,
} from "@/db/queries/drops";
import type { DropAspectRatio, StoredCopyPack } from "@/db/schema";
import { log } from "@/server/api/log";
import { type Locale, isSupportedLocale, pickText } from "@/server/api/locale";
import type { JobIo } from "@/server/jobs/types";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { writeTemplateCopyPack } from "./copy-writer";
import { aspectSlug, DROP_ASPECT_RATIOS, variantName } from "./presets";
import { type CoverText, coverText } from "./render-cover";
import { renderAspectVariants, renderCover } from "./render-media";
import { type DropSourceFacts, resolveDropSource } from "./resolve-source";
import { isReadyVariant } from "./serialize";
import { writeCopyPack } from "./write-copy-pack";
import { failureReason } from "@/server/jobs/failure-reason";
import { timeRender } from "@/server/observability/metrics";

/** Where a drop's files live: `drops/<org>/<drop>/9x16_15000.mp4` and `drops/<org>/<drop>/cover-9x16.jpg`. */
export const dropVideoKey = (organizationId: string, dropId: string, aspectRatio: DropAspectRatio, durationSeconds: number) =>
  `drops/${organizationId}/${dropId}/${aspectSlug(aspectRatio)}_${durationSeconds * 1000}.mp4`;
export const dropCoverKey = (organizationId: string, dropId: string, aspectRatio: DropAspectRatio) =>
  `drops/${organizationId}/${dropId}/cover-${aspectSlug(aspectRatio)}.jpg`;

async function factsOf(db: Tx, dropId: string): Promise<{ drop: NonNullable<Awaited<ReturnType<typeof findDropById>>>; facts: DropSourceFacts } | null> {
  const drop = await findDropById(db, dropId);
  if (!drop || drop.deletedAt || drop.status !== "processing") return null;
  return { drop, facts: await resolveDropSource(db, drop.organizationId, drop.sourceType, drop.sourceId) };
}

/** Writes the copy packs a drop still lacks (its locale first). Idempotent. */
export async function writeDropCopy(db: Tx, dropId: string): Promise<{ written: string[] }> {
  const found = await factsOf(db, dropId);
  if (!found) return { written: [] };
  const missing = found.drop.copyLocales.filter((l): l is Locale => isSupportedLocale(l) && !found.drop.copyPacks[l]);
  const packs: Record<string, StoredCopyPack> = {};
  for (const locale of missing) packs[locale] = await writeCopyPack(found.facts, locale);
  if (missing.length) await mergeDropCopyPacks(db, dropId, packs);
  return { written: missing };
}

/** The cover's text in the drop's locale, with the English fallback for scripts the bundled font lacks. */
export function dropCoverText(drop: { title: string; locale: string; copyPacks: Record<string, StoredCopyPack> }, facts: DropSourceFacts): CoverText {
  const own = drop.copyPacks[drop.locale]?.copyPack ?? writeTemplateCopyPack(facts, isSupportedLocale(drop.locale) ? drop.locale : "en-US").copyPack;
  const english = writeTemplateCopyPack(facts, "en-US").copyPack;
  return coverText({ title: drop.title, ...own.posterTagline }, { title: pickText(facts.name, "en-US"), ...english.posterTagline });
}

/**
 * Renders one aspect ratio of a drop (every length plus the cover) and records each variant as
 * ready or failed. A failure is recorded, not thrown: the other aspects still render.
 */
export async function renderDropAspect(db: Tx, dropId: string, aspectRatio: DropAspectRatio): Promise<{ ready: number; failed: number }> {
  const found = await factsOf(db, dropId);
  if (!found) return { ready: 0, failed: 0 };
  const { drop, facts } = found;
  const pending = (await listDropVariants(db, [dropId])).filter((v) => v.aspectRatio === aspectRatio && v.status === "processing");
  if (pending.length === 0) return { ready: 0, failed: 0 };
  try {
    const coverKey = await renderCover({
      aspectRatio,
      text: dropCoverText(drop, facts),
      thumbnailKey: facts.thumbnailKey,
      key: dropCoverKey(drop.organizationId, drop.id, aspectRatio),
    });
    const rendered = await renderAspectVariants({
      clips: facts.clips,
      aspectRatio,
      durations: pending.map((v) => v.durationSeconds),
      keyFor: (d) => dropVideoKey(drop.organizationId, drop.id, aspectRatio, d),
    });
    for (const r of rendered)
      await setVariantResult(db, { dropId, aspectRatio, durationSeconds: r.durationSeconds, status: "ready", assetKey: r.key, coverKey });
    await touchDrop(db, dropId);
    return { ready: rendered.length, failed: 0 };
  } catch (err) {
    log("warn", "drop variant rendering failed", { dropId, aspectRatio, err: failureReason(err) });
    for (const v of pending) await setVariantResult(db, { dropId, aspectRatio, durationSeconds: v.durationSeconds, status: "failed", error: failureReason(err) });
    return { ready: 0, failed: pending.length };
  }
}

/**
 * Ready when at least one variant and the drop locale's copy exist, failed otherwise. Run it in a
 * transaction: a ready drop is announced to webhooks (drop.ready) with the status change.
 */
export async function finishDrop(db: Tx, dropId: string): Promise<{ status: "ready" | "failed" | "skipped" }> {
  const drop = await findDropById(db, dropId);
  if (!drop || drop.deletedAt || drop.status !== "processing") return { status: "skipped" };
  const variants = await listDropVariants(db, [dropId]);
  const ready = variants.some((v) => v.status === "ready");
  if (ready && drop.copyPacks[drop.locale]) {
    await updateDrop(db, dropId, { status: "ready", failureReason: null });
    await enqueueWebhookEvent(db, {
      organizationId: drop.organizationId,
      type: "drop.ready",
      data: () => ({
        dropId: drop.id,
        title: drop.title,
        sourceType: drop.sourceType,
        sourceId: drop.sourceId,
        channelPreset: drop.channelPreset,
        availableVariants: variants.filter(isReadyVariant).map((v) => variantName(v.aspectRatio, v.durationSeconds)),
      }),
    });
    return { status: "ready" };
  }
  const reason = drop.copyPacks[drop.locale]
    ? (variants.find((v) => v.error)?.error ?? "No variant could be rendered.")
    : "The copy pack could not be written.";
  await updateDrop(db, dropId, { status: "failed", failureReason: reason });
  return { status: "failed" };
}

/** Marks a drop failed when its source can no longer be resolved (deleted since, no clips left). */
async function failDrop(db: Tx, dropId: string, err: unknown): Promise<{ status: "failed" }> {
  await failProcessingDrop(db, dropId, failureReason(err));
  return { status: "failed" };
}

/**
 * The render job's body: copy first (the covers show its tagline), then one step per aspect
 * ratio, then the verdict. Each step is idempotent, so a replayed run redoes nothing finished.
 */
export async function renderDropJob(io: JobIo, dropId: string): Promise<{ status: string; ready?: number; failed?: number }> {
  try {
    await io.run("copy", () => writeDropCopy(getDb(), dropId));
  } catch (err) {
    return io.run("fail", () => failDrop(getDb(), dropId, err));
  }
  let ready = 0;
  let failed = 0;
  for (const aspectRatio of DROP_ASPECT_RATIOS) {
    const r = await io.run(`render-${aspectSlug(aspectRatio)}`, () =>
      timeRender(
        "drop",
        () => renderDropAspect(getDb(), dropId, aspectRatio),
        (x) => x.failed > 0,
      ),
    );
    ready += r.ready;
    failed += r.failed;
  }
  const verdict = await io.run("finish", () => getDb().transaction((tx) => finishDrop(tx, dropId)));
  return { ...verdict, ready, failed };
}

/** Processing drops nobody touched for this long are handed to the render job again (a lost event, a crashed worker). */
export const STALE_DROP_MINUTES = 10;

/** Drops stuck in processing: touched now so the next sweep leaves them alone while they render. */
export async function claimStaleDrops(db: Tx, now = new Date()): Promise<string[]> {
  return claimStaleProcessingDrops(db, { staleBefore: new Date(now.getTime() - STALE_DROP_MINUTES * 60_000), now });
}
