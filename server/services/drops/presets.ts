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
  /** What the platform's upload guidance asks of the video file. */
  video: VideoRules;
}

/**
 * A placement's published rules for uploaded video, as of 2026-11 (Instagram's Content Publishing
 * API "Reels/Stories/carousel specifications", TikTok's Content Posting API "media transfer guide",
 * YouTube's "Recommended upload encoding settings", Facebook's "Reels publishing API" video specs).
 * Every variant is encoded so that it meets the rules of every preset that takes its aspect ratio
 * ({@link encodingFor}); the render checks the finished file against them.
 */
export interface VideoRules {
  /** Frame rates the placement accepts; variants are rendered at {@link VIDEO_FPS}. */
  minFps: number;
  maxFps: number;
  /** Peak video bitrate the placement takes (kbit/s). */
  maxVideoKbps: number;
  /** Largest file the placement takes (bytes). */
  maxFileBytes: number;
  /** Shortest video the placement takes (seconds). */
  minDurationSeconds: number;
  /** AAC-LC sample rates the placement takes (Hz). */
  audioSampleRates: number[];
  /** Audio channels (2: stereo). */
  audioChannels: number;
}

const MB = 1024 * 1024;
/** Instagram (Reels, Stories, carousel videos): H.264 High, closed GOP, 23-60 fps, VBR up to 25 Mbit/s, AAC at most 48 kHz. */
const INSTAGRAM = { minFps: 23, maxFps: 60, maxVideoKbps: 25_000, audioSampleRates: [44_100, 48_000], audioChannels: 2 };
/** YouTube (Shorts and videos): H.264 High, 2 B-frames, closed GOP, 8 Mbit/s recommended for 1080p at 24-30 fps, AAC-LC 48 kHz stereo. */
const YOUTUBE_VIDEO: VideoRules = {
  minFps: 24,
  maxFps: 60,
  maxVideoKbps: 8_000,
  maxFileBytes: 256 * 1024 * MB,
  minDurationSeconds: 1,
  audioSampleRates: [48_000, 96_000],
  audioChannels: 2,
};

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
    video: { ...INSTAGRAM, maxFileBytes: 300 * MB, minDurationSeconds: 3 },
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
    video: { ...INSTAGRAM, maxFileBytes: 100 * MB, minDurationSeconds: 3 },
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
    video: { ...INSTAGRAM, maxFileBytes: 100 * MB, minDurationSeconds: 3 },
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
    /** TikTok: H.264, 23-60 fps, at most 4 GB; it publishes no bitrate cap (Instagram's 25 Mbit/s is used). */
    video: {
      minFps: 23,
      maxFps: 60,
      maxVideoKbps: 25_000,
      maxFileBytes: 4096 * MB,
      minDurationSeconds: 3,
      audioSampleRates: [44_100, 48_000],
      audioChannels: 2,
    },
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
    video: YOUTUBE_VIDEO,
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
    /** Facebook Reels: H.264, 24-60 fps, closed GOP of 2-5 s, 3-90 s, AAC-LC 48 kHz stereo at 128 kbit/s or more, at most 1 GB. */
    video: { minFps: 24, maxFps: 60, maxVideoKbps: 25_000, maxFileBytes: 1024 * MB, minDurationSeconds: 3, audioSampleRates: [48_000], audioChannels: 2 },
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
    video: YOUTUBE_VIDEO,
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

/**
 * The platforms' frame size per aspect ratio (Reels, Shorts, TikTok: 1080x1920; square: 1080x1080;
 * landscape: 1920x1080). A variant is rendered at this size, or smaller when its source is: never
 * enlarged past the source (see {@link renderSize}).
 */
export const PLATFORM_VIDEO_SIZE: Record<DropAspectRatio, { width: number; height: number }> = {
  "9:16": { width: 1080, height: 1920 },
  "1:1": { width: 1080, height: 1080 },
  "16:9": { width: 1920, height: 1080 },
};

/** The platforms' cover sizes: Reels and Stories covers 1080x1920, square posts 1080x1080, YouTube thumbnails 1280x720. */
export const COVER_SIZE: Record<DropAspectRatio, { width: number; height: number }> = {
  "9:16": { width: 1080, height: 1920 },
  "1:1": { width: 1080, height: 1080 },
  "16:9": { width: 1280, height: 720 },
};

/** Frame rate of every variant: the platforms take 23 or 24 to 60 fps; 30 is the common upload rate. */
export const VIDEO_FPS = 30;
/** One keyframe every 2 s, closed GOPs (x264's default): Facebook asks for 2-5 s, Instagram and YouTube for closed GOPs. */
export const VIDEO_GOP_SECONDS = 2;
/** H.264 High profile at level 4.0: 1080x1920 at 30 fps is 8,160 macroblocks a frame and 244,800 a second, within 4.0's 8,192 and 245,760. */
export const VIDEO_PROFILE = "High";
export const VIDEO_LEVEL = "4.0";
/** AAC-LC at 48 kHz stereo, 128 kbit/s: what every preset takes (Instagram: at most 48 kHz; YouTube and Facebook: 48 kHz). */
export const AUDIO_SAMPLE_RATE = 48_000;
export const AUDIO_KBPS = 128;

/** The bitrate ceiling at the platform size: YouTube's recommended 8 Mbit/s for 1080p at 24-30 fps. */
const PLATFORM_MAX_KBPS = 8_000;

/** Whether a source is cropped to fill a frame of `targetAspect` (the crop keeps at least half the picture) or shown whole on a blurred fill. */
export function fitsByCrop(source: { width: number; height: number }, targetAspect: number): boolean {
  const sourceAspect = source.width / source.height;
  return Math.min(sourceAspect, targetAspect) / Math.max(sourceAspect, targetAspect) >= 0.5;
}

/**
 * The size a variant of `aspectRatio` is rendered at: the platform size, or the largest even size
 * of exactly that aspect at which no source picture is enlarged. A source is fitted as the render
 * fits it ({@link fitsByCrop}): cropped to fill the frame, or shown whole on a blurred fill. With
 * several sources the smallest decides, so no clip of the reel is upscaled.
 */
export function renderSize(
  aspectRatio: DropAspectRatio,
  sources: { width: number; height: number }[],
): { width: number; height: number; limitedBySource: boolean } {
  const platform = PLATFORM_VIDEO_SIZE[aspectRatio];
  const [aw, ah] = aspectRatio.split(":").map(Number) as [number, number];
  const platformUnits = platform.width / aw;
  // The frame is (aw * k) x (ah * k); an even k keeps both sides even (4:2:0 needs it).
  let units = platformUnits;
  for (const s of sources) {
    // The picture's scale per unit of k: a crop fills the frame (the larger ratio), a fit shows it whole (the smaller).
    const perUnit = fitsByCrop(s, aw / ah) ? Math.max(aw / s.width, ah / s.height) : Math.min(aw / s.width, ah / s.height);
    units = Math.min(units, Math.floor(1 / perUnit + 1e-9));
  }
  units = Math.max(2, units - (units % 2));
  return { width: aw * units, height: ah * units, limitedBySource: units < platformUnits };
}

/** Presets that take an aspect ratio: a variant of it must meet all their rules. */
export const presetsTaking = (aspectRatio: DropAspectRatio): ChannelPresetSpec[] =>
  CHANNEL_PRESETS.map((p) => CHANNEL_PRESET_SPECS[p]).filter((p) => p.aspectRatios.includes(aspectRatio));

/**
 * The encoding of a variant at `size`: H.264 High@4.0 at {@link VIDEO_FPS}, AAC-LC 48 kHz stereo,
 * a peak video bitrate within the strictest preset taking the aspect (scaled with the pixel count
 * below the platform size, at least 1 Mbit/s), and that preset's file-size limit.
 */
export function encodingFor(aspectRatio: DropAspectRatio, size: { width: number; height: number }) {
  const presets = presetsTaking(aspectRatio);
  const platform = PLATFORM_VIDEO_SIZE[aspectRatio];
  const ceiling = Math.min(PLATFORM_MAX_KBPS, ...presets.map((p) => p.video.maxVideoKbps));
  const share = (size.width * size.height) / (platform.width * platform.height);
  return {
    fps: VIDEO_FPS,
    gopSeconds: VIDEO_GOP_SECONDS,
    profile: VIDEO_PROFILE,
    level: VIDEO_LEVEL,
    maxVideoKbps: Math.max(1_000, Math.round(ceiling * Math.min(1, share))),
    audioSampleRate: AUDIO_SAMPLE_RATE,
    audioKbps: AUDIO_KBPS,
    audioChannels: 2,
    maxFileBytes: Math.min(...presets.map((p) => p.video.maxFileBytes)),
  };
}

/**
 * Retries of a drop's render job after a failed run (render-social-drop, with the job system's
 * backoff: pg-boss waits 10-20 s, then 20-40 s; Inngest its own schedule), so a variant gets
 * DROP_RENDER_ATTEMPTS tries before it is marked failed.
 */
export const DROP_RENDER_RETRIES = 2;
export const DROP_RENDER_ATTEMPTS = DROP_RENDER_RETRIES + 1;

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
