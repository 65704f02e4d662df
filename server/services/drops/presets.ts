import {
  CHANNEL_PRESETS,
  type ChannelPreset,
  type CopyPack,
  DROP_ASPECT_RATIOS,
  DROP_DURATIONS,
  type DropAspectRatio,
  type DropDuration,
  type SocialPlatform,
} from "@/db/schema";

/**
 * The vocabulary of social drops: channel presets with the limits each platform enforces, the
 * variant names (`<aspect>_<milliseconds>`) and the pixel sizes variants are rendered at.
 */
export { CHANNEL_PRESETS, DROP_ASPECT_RATIOS, DROP_DURATIONS };
export type { ChannelPreset, DropAspectRatio, DropDuration };

export interface ChannelPresetSpec {
  id: ChannelPreset;
  platform: SocialPlatform;
  label: string;
  /** Aspect ratios the placement takes, preferred first. */
  aspectRatios: DropAspectRatio[];
  /** Longest video the placement takes (seconds). */
  maxDurationSeconds: number;
  /** The whole post text (caption, call to action and hashtags as posted), in characters. */
  captionMaxLength: number;
  hashtagMax: number;
  /** The hook doubles as the video title on YouTube (100 characters there). */
  hookMaxLength: number;
}

export const CHANNEL_PRESET_SPECS: Record<ChannelPreset, ChannelPresetSpec> = {
  ig_reels: {
    id: "ig_reels",
    platform: "instagram",
    label: "Instagram Reels",
    aspectRatios: ["9:16"],
    maxDurationSeconds: 90,
    captionMaxLength: 2200,
    hashtagMax: 30,
    hookMaxLength: 150,
  },
  ig_stories: {
    id: "ig_stories",
    platform: "instagram",
    label: "Instagram Stories",
    aspectRatios: ["9:16"],
    maxDurationSeconds: 60,
    captionMaxLength: 200,
    hashtagMax: 10,
    hookMaxLength: 80,
  },
  ig_carousel: {
    id: "ig_carousel",
    platform: "instagram",
    label: "Instagram carousel",
    aspectRatios: ["1:1"],
    maxDurationSeconds: 60,
    captionMaxLength: 2200,
    hashtagMax: 30,
    hookMaxLength: 150,
  },
  tiktok: {
    id: "tiktok",
    platform: "tiktok",
    label: "TikTok",
    aspectRatios: ["9:16"],
    maxDurationSeconds: 600,
    captionMaxLength: 2200,
    hashtagMax: 10,
    hookMaxLength: 150,
  },
  yt_shorts: {
    id: "yt_shorts",
    platform: "youtube",
    label: "YouTube Shorts",
    aspectRatios: ["9:16", "1:1"],
    maxDurationSeconds: 60,
    captionMaxLength: 5000,
    hashtagMax: 15,
    hookMaxLength: 100,
  },
  fb_reels: {
    id: "fb_reels",
    platform: "facebook",
    label: "Facebook Reels",
    aspectRatios: ["9:16"],
    maxDurationSeconds: 90,
    captionMaxLength: 2200,
    hashtagMax: 10,
    hookMaxLength: 150,
  },
  yt_longform: {
    id: "yt_longform",
    platform: "youtube",
    label: "YouTube video",
    aspectRatios: ["16:9"],
    maxDurationSeconds: 43_200,
    captionMaxLength: 5000,
    hashtagMax: 15,
    hookMaxLength: 100,
  },
};

/** The preset an automation uses for a platform unless it names another one. */
export const DEFAULT_PRESET_BY_PLATFORM: Record<SocialPlatform, ChannelPreset> = {
  instagram: "ig_reels",
  tiktok: "tiktok",
  youtube: "yt_shorts",
  facebook: "fb_reels",
};

export const presetsOfPlatform = (platform: SocialPlatform): ChannelPreset[] => CHANNEL_PRESETS.filter((p) => CHANNEL_PRESET_SPECS[p].platform === platform);

/** Pixel size of rendered variants: the demo sources are 320x180, so more would only upscale. */
export const VIDEO_SIZE: Record<DropAspectRatio, { width: number; height: number }> = {
  "9:16": { width: 360, height: 640 },
  "1:1": { width: 480, height: 480 },
  "16:9": { width: 640, height: 360 },
};

/** Covers are stills, cheap to render large: twice the video size. */
export const COVER_SIZE: Record<DropAspectRatio, { width: number; height: number }> = {
  "9:16": { width: 720, height: 1280 },
  "1:1": { width: 960, height: 960 },
  "16:9": { width: 1280, height: 720 },
};

/** `9:16_15000`: the aspect ratio and the target length in milliseconds. */
export function variantName(aspectRatio: DropAspectRatio, durationSeconds: number): string {
  return `${aspectRatio}_${durationSeconds * 1000}`;
}

export function parseVariantName(name: string): { aspectRatio: DropAspectRatio; durationSeconds: number } | null {
  const m = /^(9:16|1:1|16:9)_(\d+)$/.exec(name);
  if (!m) return null;
  return { aspectRatio: m[1] as DropAspectRatio, durationSeconds: Number(m[2]) / 1000 };
}

/** Media keys cannot hold a colon: `9x16`. */
export const aspectSlug = (aspectRatio: DropAspectRatio) => aspectRatio.replace(":", "x");

export const SOURCE_TYPE_LABELS = {
  exercise: "Exercise",
  exerciseCollection: "Exercise collection",
  workout: "Workout",
  workoutCollection: "Workout collection",
} as const;

// ---------------------------------------------------------------------------------------------
// Copy fitted to a preset
// ---------------------------------------------------------------------------------------------

/** Characters as platforms count them (code points, so an emoji is one). */
export const charCount = (text: string) => Array.from(text).length;

const HASHTAG_CHARS = /[^\p{L}\p{N}_]/gu;

/** `#Mobility Flow` -> `mobilityflow`: letters, digits and underscores, lower-cased. */
export function normalizeHashtag(tag: string): string {
  return tag.replace(HASHTAG_CHARS, "").toLocaleLowerCase();
}

/** Trims `text` to `max` characters: at a sentence end when one is near, else at a word, with an ellipsis. */
export function shortenText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  if (max <= 1) return chars.slice(0, Math.max(0, max)).join("");
  const head = chars.slice(0, max).join("");
  const sentenceEnd = Math.max(...[". ", "! ", "? ", "。", "؟ "].map((p) => head.lastIndexOf(p)));
  if (sentenceEnd >= max * 0.5) return head.slice(0, sentenceEnd + 1).trim();
  const room = chars.slice(0, max - 1).join("");
  const space = room.lastIndexOf(" ");
  const cut = space >= room.length * 0.5 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}

/** The text a platform receives: caption, call to action and hashtags, separated by blank lines. */
export function composePostText(pack: Pick<CopyPack, "caption" | "cta" | "hashtags">): string {
  return [pack.caption, pack.cta, pack.hashtags.map((h) => `#${h}`).join(" ")].filter((p) => p.length > 0).join("\n\n");
}

const TAGLINE_MAX = 40;
const CTA_MAX = 80;

/**
 * A copy pack within a preset's limits: at most `hashtagMax` normalized, distinct hashtags, a
 * hook within `hookMaxLength`, and a post text (composePostText) within `captionMaxLength`. The
 * caption gives way first (cut at a sentence or word), then hashtags, then the call to action.
 */
export function fitCopyPack(pack: CopyPack, preset: ChannelPreset): CopyPack {
  const spec = CHANNEL_PRESET_SPECS[preset];
  const seen = new Set<string>();
  let hashtags: string[] = [];
  for (const raw of pack.hashtags) {
    const tag = normalizeHashtag(raw);
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      hashtags.push(tag);
    }
  }
  hashtags = hashtags.slice(0, spec.hashtagMax);
  let cta = shortenText(pack.cta, CTA_MAX);
  const budget = () => spec.captionMaxLength - charCount(composePostText({ caption: "", cta, hashtags })) - 2;
  // Keep room for a caption of at least a short sentence: drop hashtags, then the call to action.
  const minCaption = Math.min(60, Math.floor(spec.captionMaxLength / 3));
  while (hashtags.length > 0 && budget() < minCaption) hashtags = hashtags.slice(0, -1);
  if (budget() < minCaption) cta = "";
  const caption = shortenText(pack.caption, Math.max(0, budget()));
  return {
    hook: shortenText(pack.hook, spec.hookMaxLength),
    caption,
    hashtags,
    cta,
    posterTagline: {
      primaryLine: shortenText(pack.posterTagline.primaryLine, TAGLINE_MAX),
      secondaryLine: shortenText(pack.posterTagline.secondaryLine, TAGLINE_MAX),
    },
  };
}
