import type { Db } from "@/db/client";
import { insertDrop } from "@/db/queries/drops";
import type { ChannelPreset, DropAspectRatio, DropSourceType } from "@/db/schema";
import { type Locale, pickText } from "@/server/core/locale";
import { sendJobEventSafely } from "@/server/jobs";
import { CHANNEL_PRESET_SPECS, DROP_ASPECT_RATIOS } from "./presets";
import { resolveDropSource } from "./resolve-source";
import { type DropDetail, toDropDetail } from "./serialize";

export interface CreateDropInput {
  sourceType: DropSourceType;
  sourceId: string;
  title?: string;
  locale?: Locale;
  locales?: Locale[];
  channelPreset?: ChannelPreset;
  aspectRatios?: DropAspectRatio[];
  durations?: number[];
  ctaUrl?: string;
}

export const DEFAULT_DROP_DURATIONS = [15, 30];

/**
 * Makes a drop from a workspace source: checks the source (400 when unknown or without clips),
 * stores the drop and one processing row per aspect x duration in one transaction, then asks the
 * render job to cut the videos, covers and copy. The console calls this too.
 */
export async function createDrop(db: Db, organizationId: string, input: CreateDropInput): Promise<DropDetail> {
  const facts = await resolveDropSource(db, organizationId, input.sourceType, input.sourceId);
  const locale = input.locale ?? "en-US";
  const channelPreset = input.channelPreset ?? "ig_reels";
  const aspectRatios = input.aspectRatios ?? [...DROP_ASPECT_RATIOS];
  const durations = input.durations ?? DEFAULT_DROP_DURATIONS;
  const preferred = CHANNEL_PRESET_SPECS[channelPreset].aspectRatios.find((a) => aspectRatios.includes(a));
  const sourceName = pickText(facts.name, locale);
  const { drop, variants } = await db.transaction((tx) =>
    insertDrop(
      tx,
      {
        organizationId,
        sourceType: input.sourceType,
        sourceId: input.sourceId,
        sourceName,
        title: input.title ?? sourceName,
        sourceThumbnailKey: facts.thumbnailKey,
        locale,
        copyLocales: [...new Set([locale, ...(input.locales ?? [])])],
        channelPreset,
        defaultAspectRatio: preferred ?? aspectRatios[0]!,
        defaultDurationSeconds: durations[0]!,
        ctaUrl: input.ctaUrl ?? null,
        categoryKeys: facts.categories.map((c) => c.key),
      },
      aspectRatios.flatMap((aspectRatio) => durations.map((durationSeconds) => ({ aspectRatio, durationSeconds }))),
    ),
  );
  await sendJobEventSafely({ name: "social/drop.requested", data: { dropId: drop.id } });
  return toDropDetail(drop, variants);
}
