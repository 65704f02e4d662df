import type { AutomationRow } from "@/db/queries/social-publish";
import type { CaptionOverride, ChannelPreset, SocialPlatform } from "@/db/schema";
import { DEFAULT_PRESET_BY_PLATFORM } from "@/server/services/drops/presets";

/** The preset of each target platform: the automation's choice, else the platform's default. */
export function presetsOf(a: Pick<AutomationRow, "platforms" | "channelPresets">): Partial<Record<SocialPlatform, ChannelPreset>> {
  return Object.fromEntries(a.platforms.map((p) => [p, a.channelPresets[p] ?? DEFAULT_PRESET_BY_PLATFORM[p]]));
}

/** The public shape of an automation (docs/social.md). */
export function toAutomation(a: AutomationRow) {
  return {
    id: a.id,
    organizationId: a.organizationId,
    name: a.name,
    status: a.status,
    sourceMode: a.sourceMode,
    platforms: a.platforms,
    channelPresets: presetsOf(a),
    dropIds: a.dropIds,
    schedule: a.schedule,
    captionOverrides: a.captionOverrides as Partial<Record<SocialPlatform, CaptionOverride>>,
    locale: a.locale,
    nextRunAt: a.nextRunAt?.toISOString() ?? null,
    lastRunAt: a.lastRunAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type SocialPublishAutomation = ReturnType<typeof toAutomation>;
