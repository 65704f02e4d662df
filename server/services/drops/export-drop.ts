import type { Tx } from "@/db/client";
import { type DropRow, type ExportVariantRow, findOrgDropForExport } from "@/db/queries/drops";
import type { ChannelPreset, CopyPack, DropAspectRatio } from "@/db/schema";
import { ApiError, notFound } from "@/server/core/errors";
import { SUPPORTED_LOCALES, resolveReadLocale } from "@/server/core/locale";
import { DEFAULT_MEDIA_URL_TTL_SECONDS, signMediaUrl } from "@/server/media/signing";
import { getMediaStorage } from "@/server/media/storage";
import { CHANNEL_PRESET_SPECS, COVER_SIZE, fitCopyPack, variantName } from "./presets";
import { isReadyVariant, variantFile } from "./serialize";

export interface ExportDropInput {
  channelPreset?: ChannelPreset;
  aspectRatio?: DropAspectRatio;
  duration?: number;
  /** Copy pack locale; the drop's own when absent. */
  locale?: string;
}

export interface DropExportBundle {
  dropId: string;
  variant: string;
  channelPreset: ChannelPreset;
  aspectRatio: DropAspectRatio;
  duration: number;
  locale: string;
  videoDownloadLink: string;
  coverLink: string;
  ctaUrl?: string;
  copyPack: CopyPack;
  expiresAt: string;
  video: ReturnType<typeof variantFile>;
  cover: { width: number; height: number };
}

/**
 * Keys found in the media store in the last EXISTS_TTL_MS: stored variant files are written once
 * and never replaced, so an export need not ask the store (a disk stat, an S3 HEAD) every time.
 * Only hits are remembered; a missing file is looked up again on the next export.
 */
const EXISTS_TTL_MS = 60_000;
const existing = new Map<string, number>();

async function mediaExists(key: string, now: number): Promise<boolean> {
  const until = existing.get(key);
  if (until !== undefined && until > now) return true;
  const found = (await getMediaStorage().stat(key)) !== null;
  if (found) {
    if (existing.size > 10_000) existing.clear();
    existing.set(key, now + EXISTS_TTL_MS);
  } else existing.delete(key);
  return found;
}

const unavailable = (message: string, target: string) => new ApiError({ code: "BadRequest", message, target });

/** An export locale: supported tags (any case) and the Norwegian aliases; anything else is null (404, never English). */
export function resolveExportLocale(requested: string): string | null {
  const resolved = resolveReadLocale(requested);
  if (resolved !== "en-US") return resolved;
  return SUPPORTED_LOCALES.some((l) => l.toLowerCase() === requested.toLowerCase()) ? resolved : null;
}

/**
 * Chooses the variant an export answers. Explicit values win; an absent aspect ratio is the
 * preset's first one the drop has (the drop's default when no preset was named); an absent
 * length is the drop's default when that variant exists, else the longest one within the
 * preset's maximum. 400 when the choice does not exist or the preset does not take it.
 */
export function chooseVariant(
  drop: Pick<DropRow, "channelPreset" | "defaultAspectRatio" | "defaultDurationSeconds">,
  variants: ExportVariantRow[],
  input: ExportDropInput,
) {
  const preset = input.channelPreset ?? drop.channelPreset;
  const spec = CHANNEL_PRESET_SPECS[preset];
  const ready = variants.filter(isReadyVariant);
  const available = ready.map((v) => variantName(v.aspectRatio, v.durationSeconds)).join(", ") || "none";
  if (input.aspectRatio && input.channelPreset && !spec.aspectRatios.includes(input.aspectRatio)) {
    throw unavailable(`${spec.label} (${preset}) takes ${spec.aspectRatios.join(" or ")} video, not ${input.aspectRatio}.`, "aspectRatio");
  }
  const aspectRatio =
    input.aspectRatio ??
    (input.channelPreset ? (spec.aspectRatios.find((a) => ready.some((v) => v.aspectRatio === a)) ?? spec.aspectRatios[0]!) : drop.defaultAspectRatio);
  const ofAspect = ready.filter((v) => v.aspectRatio === aspectRatio);
  const duration =
    input.duration ??
    (ofAspect.some((v) => v.durationSeconds === drop.defaultDurationSeconds)
      ? drop.defaultDurationSeconds
      : (ofAspect.filter((v) => v.durationSeconds <= spec.maxDurationSeconds).at(-1)?.durationSeconds ?? drop.defaultDurationSeconds));
  const variant = ofAspect.find((v) => v.durationSeconds === duration);
  if (!variant) {
    throw unavailable(
      `This drop has no ${variantName(aspectRatio, duration)} variant. Available: ${available}.`,
      input.duration !== undefined ? "duration" : "aspectRatio",
    );
  }
  if (duration > spec.maxDurationSeconds) throw unavailable(`${spec.label} (${preset}) takes at most ${spec.maxDurationSeconds} s.`, "duration");
  return { preset, variant };
}

/**
 * The export bundle of a ready drop: presigned links (about 7 days) to the variant's MP4 and the
 * cover of its aspect, both checked to exist, the call-to-action URL, and the locale's copy
 * fitted to the preset's limits. 404 for unknown or unready drops and unrendered locales.
 */
export async function exportDrop(db: Tx, organizationId: string, dropId: string, input: ExportDropInput, now = Date.now()): Promise<DropExportBundle> {
  const found = await findOrgDropForExport(db, organizationId, dropId);
  const drop = found?.drop;
  if (drop?.status !== "ready") throw notFound(drop ? "This drop is still processing or failed; only ready drops export." : "Drop not found.");
  const locale = input.locale === undefined ? drop.locale : resolveExportLocale(input.locale);
  const stored = locale ? drop.copyPacks[locale] : undefined;
  if (!locale || !stored) throw notFound(`This drop has no copy in ${input.locale}. Locales: ${Object.keys(drop.copyPacks).join(", ")}.`);
  const { preset, variant } = chooseVariant(drop, found!.variants, input);
  const assetKey = variant.assetKey!;
  const coverKey = variant.coverKey!;
  const [video, cover] = await Promise.all([mediaExists(assetKey, now), mediaExists(coverKey, now)]);
  if (!video || !cover) throw notFound("The files of this variant are missing; render the drop again.");
  return {
    dropId: drop.id,
    variant: variantName(variant.aspectRatio, variant.durationSeconds),
    channelPreset: preset,
    aspectRatio: variant.aspectRatio,
    duration: variant.durationSeconds,
    locale,
    videoDownloadLink: signMediaUrl(assetKey, { now }),
    coverLink: signMediaUrl(coverKey, { now }),
    ...(drop.ctaUrl ? { ctaUrl: drop.ctaUrl } : {}),
    copyPack: fitCopyPack(stored.copyPack, preset),
    expiresAt: new Date(Math.floor(now / 1000) * 1000 + DEFAULT_MEDIA_URL_TTL_SECONDS * 1000).toISOString(),
    video: variantFile(variant.media),
    cover: COVER_SIZE[variant.aspectRatio],
  };
}
