import type { DropRow, DropVariantRow } from "@/db/queries/drops";
import { CHANNEL_PRESETS, type DropVariantMedia, type StoredCopyPack } from "@/db/schema";
import { signMediaUrl, publicMediaUrl } from "@/server/media/signing";
import { CHANNEL_PRESET_SPECS, COVER_SIZE, DROP_ASPECT_RATIOS, PLATFORM_VIDEO_SIZE, SOURCE_TYPE_LABELS, variantName } from "./presets";

const ASPECT_ORDER: readonly string[] = DROP_ASPECT_RATIOS;

/** The fields a drop shows in lists (and first in its detail). */
export function toDropListItem(drop: DropRow, availableVariants: string[]) {
  return {
    id: drop.id,
    organizationId: drop.organizationId,
    sourceType: drop.sourceType,
    sourceId: drop.sourceId,
    sourceName: drop.sourceName,
    title: drop.title,
    sourceThumbnailUrl: drop.sourceThumbnailKey ? publicMediaUrl(drop.sourceThumbnailKey) : null,
    sourceTypeLabel: SOURCE_TYPE_LABELS[drop.sourceType],
    locale: drop.locale,
    channelPreset: drop.channelPreset,
    channelPresetLabel: CHANNEL_PRESET_SPECS[drop.channelPreset].label,
    availableVariants,
    createdAt: drop.createdAt.toISOString(),
    updatedAt: drop.updatedAt.toISOString(),
  };
}

export const isReadyVariant = <V extends Pick<DropVariantRow, "status" | "assetKey" | "coverKey">>(v: V): v is V & { assetKey: string; coverKey: string } =>
  v.status === "ready" && Boolean(v.assetKey) && Boolean(v.coverKey);

/** What was measured on a variant's file (null for renders older than the measurement). */
export function variantFile(media: DropVariantMedia | null) {
  if (!media) return null;
  return {
    width: media.width,
    height: media.height,
    limitedBySource: media.limitedBySource,
    durationSeconds: media.durationSeconds,
    bytes: media.bytes,
    frameRate: media.fps,
    videoCodec: media.videoCodec,
    videoProfile: media.videoProfile,
    audioCodec: media.audioCodec,
    audioSampleRate: media.audioSampleRate,
    audioChannels: media.audioChannels,
  };
}

/** Copy packs with the drop's locale first, then the others by locale tag. */
export function orderedCopyPacks(drop: DropRow): { locale: string; pack: StoredCopyPack }[] {
  return Object.entries(drop.copyPacks)
    .sort(([a], [b]) => (a === drop.locale ? -1 : b === drop.locale ? 1 : a.localeCompare(b)))
    .map(([locale, pack]) => ({ locale, pack }));
}

/** The drop detail: variants with signed previews, copy packs per locale, channel presets with their limits. */
export function toDropDetail(drop: DropRow, unordered: DropVariantRow[]) {
  const variants = [...unordered].sort(
    (a, b) => ASPECT_ORDER.indexOf(a.aspectRatio) - ASPECT_ORDER.indexOf(b.aspectRatio) || a.durationSeconds - b.durationSeconds,
  );
  const ready = variants.filter(isReadyVariant);
  const available = ready.map((v) => variantName(v.aspectRatio, v.durationSeconds));
  return {
    ...toDropListItem(drop, available),
    status: drop.status,
    failureReason: drop.failureReason,
    ctaUrl: drop.ctaUrl,
    defaults: {
      channelPreset: drop.channelPreset,
      aspectRatio: drop.defaultAspectRatio,
      duration: drop.defaultDurationSeconds,
      variant: variantName(drop.defaultAspectRatio, drop.defaultDurationSeconds),
    },
    variants: variants.map((v) => ({
      name: variantName(v.aspectRatio, v.durationSeconds),
      aspectRatio: v.aspectRatio,
      duration: v.durationSeconds,
      width: v.media?.width ?? PLATFORM_VIDEO_SIZE[v.aspectRatio].width,
      height: v.media?.height ?? PLATFORM_VIDEO_SIZE[v.aspectRatio].height,
      status: v.status,
      previewUrl: isReadyVariant(v) ? signMediaUrl(v.assetKey) : null,
      coverUrl: isReadyVariant(v) ? signMediaUrl(v.coverKey) : null,
      error: v.error,
      platformWidth: PLATFORM_VIDEO_SIZE[v.aspectRatio].width,
      platformHeight: PLATFORM_VIDEO_SIZE[v.aspectRatio].height,
      limitedBySource: v.media?.limitedBySource ?? false,
      attempts: v.attempts,
      file: isReadyVariant(v) ? variantFile(v.media) : null,
      cover: isReadyVariant(v) ? COVER_SIZE[v.aspectRatio] : null,
    })),
    copyPacks: orderedCopyPacks(drop).map(({ locale, pack }) => ({ locale, writer: pack.writer, writtenIn: pack.writtenIn, copyPack: pack.copyPack })),
    channelPresets: CHANNEL_PRESETS.map((id) => {
      const spec = CHANNEL_PRESET_SPECS[id];
      return {
        id,
        label: spec.label,
        platform: spec.platform,
        aspectRatios: spec.aspectRatios,
        maxDuration: spec.maxDurationSeconds,
        captionMaxLength: spec.captionMaxLength,
        hashtagMax: spec.hashtagMax,
        hookMaxLength: spec.hookMaxLength,
        available: ready.some((v) => spec.aspectRatios.includes(v.aspectRatio) && v.durationSeconds <= spec.maxDurationSeconds),
      };
    }),
  };
}

export type DropDetail = ReturnType<typeof toDropDetail>;
