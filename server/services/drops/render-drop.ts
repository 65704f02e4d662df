import { getDb, type Tx } from "@/db/client";
import { findDropById, listDropVariants, mergeDropCopyPacks, recordVariantAttempt, setVariantResult, touchDrop, updateDrop } from "@/db/queries/drops";
import type { DropAspectRatio, StoredCopyPack } from "@/db/schema";
import { log } from "@/server/core/log";
import { type Locale, isSupportedLocale, pickText } from "@/server/core/locale";
import type { JobIo } from "@/server/jobs/types";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { writeTemplateCopyPack } from "./copy-writer";
import { dropIdentity, markDropFailed } from "./drop-events";
import { aspectSlug, DROP_ASPECT_RATIOS, DROP_RENDER_ATTEMPTS, variantName } from "./presets";
import { type CoverText, coverText } from "./render-cover";
import { renderCover, renderDropVideos } from "./render-media";
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

/** Thrown by a render attempt that failed while its variants have attempts left: the job system retries it with backoff. */
export class DropRenderRetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DropRenderRetryError";
  }
}

/**
 * Renders a drop's processing variants: the cover of each aspect, then every video in one ffmpeg
 * run (render-media.ts), recording each as ready with what was measured on its file. A failure is
 * recorded on the variants (error, one more attempt); while they have attempts left it is thrown as
 * a {@link DropRenderRetryError} so that the job system runs the job again after its backoff, and on
 * the last attempt they are marked failed and the job goes on to its verdict.
 */
export async function renderDropMedia(db: Tx, dropId: string): Promise<{ ready: number; failed: number }> {
  const found = await factsOf(db, dropId);
  if (!found) return { ready: 0, failed: 0 };
  const { drop, facts } = found;
  const pending = (await listDropVariants(db, [dropId])).filter((v) => v.status === "processing");
  if (pending.length === 0) return { ready: 0, failed: 0 };
  const aspects = DROP_ASPECT_RATIOS.filter((a) => pending.some((v) => v.aspectRatio === a));
  try {
    const text = dropCoverText(drop, facts);
    const covers = new Map<DropAspectRatio, string>();
    for (const aspectRatio of aspects) {
      const key = dropCoverKey(drop.organizationId, drop.id, aspectRatio);
      covers.set(aspectRatio, await renderCover({ aspectRatio, text, thumbnailKey: facts.thumbnailKey, key }));
    }
    const rendered = await renderDropVideos({
      clips: facts.clips,
      aspects: aspects.map((aspectRatio) => ({
        aspectRatio,
        durations: pending.filter((v) => v.aspectRatio === aspectRatio).map((v) => v.durationSeconds),
        keyFor: (d: number) => dropVideoKey(drop.organizationId, drop.id, aspectRatio, d),
      })),
    });
    for (const r of rendered) {
      await setVariantResult(db, {
        dropId,
        aspectRatio: r.aspectRatio,
        durationSeconds: r.durationSeconds,
        status: "ready",
        assetKey: r.key,
        coverKey: covers.get(r.aspectRatio)!,
        media: r.media,
      });
    }
    await touchDrop(db, dropId);
    return { ready: rendered.length, failed: 0 };
  } catch (err) {
    const reason = failureReason(err);
    const { retrying, failed } = await recordVariantAttempt(db, { dropId, error: reason, maxAttempts: DROP_RENDER_ATTEMPTS });
    await touchDrop(db, dropId);
    log("warn", "drop variant rendering failed", { dropId, err: reason, retrying, failed });
    if (retrying > 0) throw new DropRenderRetryError(`${retrying} variant(s) of drop ${dropId} failed to render, to be retried: ${reason}`);
    return { ready: 0, failed };
  }
}

/**
 * Ready when at least one variant and the drop locale's copy exist, failed otherwise. Run it in a
 * transaction: the status change is announced to webhooks with it (drop.ready or drop.failed).
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
        ...dropIdentity(drop),
        availableVariants: variants.filter(isReadyVariant).map((v) => variantName(v.aspectRatio, v.durationSeconds)),
      }),
    });
    return { status: "ready" };
  }
  const failedVariant = variants.find((v) => v.error);
  const reason = drop.copyPacks[drop.locale]
    ? failedVariant
      ? `No variant could be rendered after ${failedVariant.attempts} attempt(s): ${failedVariant.error}`
      : "No variant could be rendered."
    : "The copy pack could not be written.";
  await markDropFailed(db, drop, reason, variants);
  return { status: "failed" };
}

/** Marks a drop failed when its source can no longer be resolved (deleted since, no clips left). */
async function failDrop(dropId: string, err: unknown): Promise<{ status: "failed" | "skipped" }> {
  return getDb().transaction(async (tx) => {
    const drop = await findDropById(tx, dropId);
    if (!drop || drop.deletedAt || drop.status !== "processing") return { status: "skipped" as const };
    await markDropFailed(tx, drop, failureReason(err));
    return { status: "failed" as const };
  });
}

/**
 * The render job's body: copy first (the covers show its tagline), then the media (one step: the
 * sources are decoded once for every aspect), then the verdict. Each step is idempotent, so a
 * replayed or retried run redoes nothing finished; a render that fails with attempts left throws
 * (DropRenderRetryError) and the job system runs the job again after its backoff.
 */
export async function renderDropJob(io: JobIo, dropId: string): Promise<{ status: string; ready?: number; failed?: number }> {
  try {
    await io.run("copy", () => writeDropCopy(getDb(), dropId));
  } catch (err) {
    return io.run("fail", () => failDrop(dropId, err));
  }
  const { ready, failed } = await io.run("render", () =>
    timeRender(
      "drop",
      () => renderDropMedia(getDb(), dropId),
      (x) => x.failed > 0,
    ),
  );
  const verdict = await io.run("finish", () => getDb().transaction((tx) => finishDrop(tx, dropId)));
  return { ...verdict, ready, failed };
}
