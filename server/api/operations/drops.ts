import { z } from "zod";
import { CHANNEL_PRESETS, DROP_ASPECT_RATIOS, DROP_SOURCE_TYPES, SOCIAL_PLATFORMS } from "@/db/schema";
import { defineOperation } from "../operation";
import { HexId, ReadLocale, StrictLocale, distinctItems, limitParam, listOf, offsetParam } from "../schemas";

/**
 * Social drops: short, ready-to-post videos cut from workspace content, with covers and copy.
 * Key auth only (X-Api-Key): these are workspace tools, not member routes, so a member Bearer
 * token is never accepted here (docs/social.md).
 */
const AUTH = ["X-Api-Key"] as const;

export const AspectRatio = z.enum(DROP_ASPECT_RATIOS).meta({ description: "9:16 (vertical), 1:1 (square) or 16:9 (landscape)." });
export const DropDuration = z.union([z.literal(15), z.literal(30), z.literal(60)]).meta({ description: "Variant length in seconds: 15, 30 or 60." });
export const ChannelPresetId = z
  .enum(CHANNEL_PRESETS)
  .meta({ description: "Where the video goes: ig_reels, ig_stories, ig_carousel, tiktok, yt_shorts, fb_reels, yt_longform." });
const SourceType = z.enum(DROP_SOURCE_TYPES).meta({
  description: "exercise (a clip), exerciseCollection (an exercise group), workout (its playlist's clips) or workoutCollection (a plan's workouts).",
});

export const CopyPackSchema = z
  .object({
    hook: z.string().meta({ description: "The opening line (YouTube uses it as the title)." }),
    caption: z.string(),
    hashtags: z.array(z.string()).meta({ description: "Without '#', normalized to letters, digits and underscores." }),
    cta: z.string().meta({ description: "Call to action." }),
    posterTagline: z.object({ primaryLine: z.string(), secondaryLine: z.string() }).meta({ description: "The two tagline lines of the cover." }),
  })
  .meta({ id: "CopyPack" });

const dropFields = {
  id: z.string(),
  organizationId: z.string(),
  sourceType: SourceType,
  sourceId: z.string(),
  sourceName: z.string().meta({ description: "The source's name in the drop's locale when the drop was made." }),
  title: z.string(),
  sourceThumbnailUrl: z.string().nullable().meta({ description: "Public image URL of the source's thumbnail." }),
  sourceTypeLabel: z.string().meta({ description: "Exercise, Exercise collection, Workout or Workout collection." }),
  locale: z.string().meta({ description: "The drop's locale: its copy pack answers exports without a locale." }),
  channelPreset: ChannelPresetId,
  channelPresetLabel: z.string(),
  availableVariants: z
    .array(z.string())
    .meta({ description: "Variants whose files exist, `<aspect>_<milliseconds>`, e.g. `9:16_15000`; aspects 9:16, 1:1, 16:9 in that order, then by length." }),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const SocialDrop = z.object(dropFields).meta({ id: "SocialDrop", description: "A ready drop as listed." });

export const ChannelPresetInfo = z
  .object({
    id: ChannelPresetId,
    label: z.string(),
    platform: z.enum(SOCIAL_PLATFORMS),
    aspectRatios: z.array(AspectRatio).meta({ description: "Aspect ratios the placement takes, preferred first." }),
    maxDuration: z.number().int().meta({ description: "Longest video the placement takes, in seconds." }),
    captionMaxLength: z.number().int().meta({ description: "Characters of the whole post text: caption, call to action and hashtags." }),
    hashtagMax: z.number().int(),
    hookMaxLength: z.number().int(),
    available: z.boolean().meta({ description: "Whether this drop has a ready variant the preset can export." }),
  })
  .meta({ id: "ChannelPresetInfo" });

export const DropVariantFile = z
  .object({
    width: z.number().int().meta({ description: "Pixels, as rendered." }),
    height: z.number().int(),
    limitedBySource: z
      .boolean()
      .meta({ description: "True when the file is smaller than the platform size because its source is: variants are never upscaled past their source." }),
    durationSeconds: z.number().meta({ description: "Length of the file, measured (seconds, two decimals)." }),
    bytes: z.number().int().meta({ description: "File size." }),
    frameRate: z.number().meta({ description: "Frames per second (30)." }),
    videoCodec: z.string().meta({ description: "`h264`." }),
    videoProfile: z.string().meta({ description: "H.264 profile: `High` (level 4.0)." }),
    audioCodec: z.string().meta({ description: "`aac` (AAC-LC)." }),
    audioSampleRate: z.number().int().meta({ description: "Hz: 48000." }),
    audioChannels: z.number().int().meta({ description: "2 (stereo)." }),
  })
  .meta({
    id: "DropVariantFile",
    description:
      "What was measured on a rendered variant's MP4. Every variant meets the published upload rules of each channel preset taking its aspect ratio (H.264 High, 30 fps, AAC-LC 48 kHz stereo, the presets' bitrate and file-size limits).",
  });

export const DropVariant = z
  .object({
    name: z.string().meta({ description: "`<aspect>_<milliseconds>`, e.g. `9:16_15000`." }),
    aspectRatio: AspectRatio,
    duration: z.number().int().meta({ description: "Seconds." }),
    width: z.number().int().meta({ description: "Pixels of the rendered file; the platform size until it is rendered." }),
    height: z.number().int(),
    status: z.enum(["processing", "ready", "failed"]),
    previewUrl: z.string().nullable().meta({ description: "Signed video URL (about 7 days) once ready." }),
    coverUrl: z.string().nullable().meta({ description: "Signed JPEG cover URL (about 7 days) once ready." }),
    error: z.string().nullable().meta({ description: "Why the last render attempt failed (kept while a retry is due)." }),
    platformWidth: z.number().int().meta({ description: "The platforms' size for the aspect: 1080x1920 (9:16), 1080x1080 (1:1), 1920x1080 (16:9)." }),
    platformHeight: z.number().int(),
    limitedBySource: z
      .boolean()
      .meta({ description: "True when the variant is smaller than the platform size because its source is (never upscaled past the source)." }),
    attempts: z
      .number()
      .int()
      .meta({ description: "Failed render attempts. A failed render is retried with backoff; after 3 failed attempts the variant is failed." }),
    file: DropVariantFile.nullable().meta({ description: "What was measured on the file once ready (null before, and for renders older than this field)." }),
    cover: z
      .object({ width: z.number().int(), height: z.number().int() })
      .nullable()
      .meta({ description: "Cover size once ready: 1080x1920 (9:16), 1080x1080 (1:1), 1280x720 (16:9)." }),
  })
  .meta({ id: "DropVariant" });

export const SocialDropDetail = z
  .object({
    ...dropFields,
    status: z.enum(["processing", "ready", "failed"]).meta({ description: "Only ready drops are listed and exported." }),
    failureReason: z.string().nullable(),
    ctaUrl: z.string().nullable(),
    defaults: z
      .object({ channelPreset: ChannelPresetId, aspectRatio: AspectRatio, duration: z.number().int(), variant: z.string() })
      .meta({ description: "What an export with an empty body answers." }),
    variants: z.array(DropVariant),
    copyPacks: z
      .array(
        z.object({
          locale: z.string(),
          writer: z.enum(["ai", "template", "editor"]).meta({ description: "ai (the configured model), template (the built-in writer) or editor." }),
          writtenIn: z.string().meta({ description: "The language the texts are in; en-US where the built-in writer has no phrases for the locale." }),
          copyPack: CopyPackSchema,
        }),
      )
      .meta({ description: "Copy per locale, the drop's locale first. Generic texts: exports fit them to a preset's limits." }),
    channelPresets: z.array(ChannelPresetInfo),
  })
  .meta({ id: "SocialDropDetail" });

export const DropExportBundle = z
  .object({
    dropId: z.string(),
    variant: z.string().meta({ description: "The exported variant, `<aspect>_<milliseconds>`." }),
    channelPreset: ChannelPresetId,
    aspectRatio: AspectRatio,
    duration: z.number().int(),
    locale: z.string(),
    videoDownloadLink: z.string().meta({ description: "Presigned MP4 URL, valid about 7 days." }),
    coverLink: z.string().meta({ description: "Presigned JPEG URL, valid about 7 days." }),
    ctaUrl: z.string().optional().meta({ description: "Where the call to action points, when the drop has one." }),
    copyPack: CopyPackSchema.meta({ description: "The locale's copy fitted to the preset's limits." }),
    expiresAt: z.string().meta({ description: "When the links expire (ISO 8601)." }),
    video: DropVariantFile.nullable().meta({
      description: "The exported MP4's resolution, measured length, size and encoding (null for renders older than this field).",
    }),
    cover: z.object({ width: z.number().int(), height: z.number().int() }).meta({ description: "The cover's pixel size (the platforms' cover size)." }),
  })
  .meta({ id: "DropExportBundle" });

const OrgParams = z.object({ organizationId: HexId });
const DropParams = z.object({ organizationId: HexId, dropId: HexId });

/** `+updatedAt`, `-createdAt`, `updatedAt` (ascending). A `+` sent unencoded arrives as a space. */
const DropSort = z
  .string()
  .max(10)
  .regex(/^[ +-]?(updatedAt|createdAt)$/, "must be updatedAt or createdAt with an optional + or - prefix")
  .transform((s) => ({ field: s.replace(/^[ +-]/, "") as "updatedAt" | "createdAt", direction: s.startsWith("-") ? ("desc" as const) : ("asc" as const) }))
  .meta({ description: "`-updatedAt` (default), `+updatedAt`, `-createdAt`, `+createdAt`; no prefix is ascending.", example: "-updatedAt" });

export const listDrops = defineOperation({
  operationId: "SocialDropsApi_listDrops",
  method: "get",
  path: "/v1/orgs/{organizationId}/drops",
  tag: "Social drops",
  summary: "Ready drops of the workspace",
  description: "Only drops whose rendering finished (status ready) are listed. `explanation` says in words what the page holds.",
  auth: [...AUTH],
  weight: 1,
  params: OrgParams,
  query: z
    .object({
      limit: limitParam(50, 20),
      offset: offsetParam,
      q: z.string().trim().min(3).max(200).optional().meta({ description: "Title search, case-insensitive substring, at least 3 characters." }),
      sort: DropSort.optional(),
      sourceType: SourceType.optional(),
      sourceId: HexId.optional(),
      aspectRatio: AspectRatio.optional().meta({ description: "Only drops with a ready variant of this aspect ratio (and `duration`, when both are given)." }),
      duration: z.enum(["15", "30", "60"]).transform(Number).optional().meta({ description: "Only drops with a ready variant of this length in seconds." }),
    })
    .strict(),
  success: {
    status: 200,
    description: "A page of drops.",
    schema: listOf(SocialDrop)
      .extend({ explanation: z.string().meta({ description: "The page in words: filters, order, what is left out." }) })
      .meta({ id: "SocialDropList" }),
  },
  errors: [403, 404],
});

export const createDrop = defineOperation({
  operationId: "SocialDropsApi_createDrop",
  method: "post",
  path: "/v1/orgs/{organizationId}/drops",
  tag: "Social drops",
  summary: "Make a drop from workspace content",
  description:
    "Answers 202 with the drop in status `processing`; a job cuts every aspect x duration variant with ffmpeg, renders a cover per aspect and writes the copy packs, then the drop turns `ready` (or `failed`). Poll `GET /drops/{dropId}`. 400 when the source is unknown, of another workspace, or has no clips.\n\nVariants are rendered at the platforms' size for their aspect (1080x1920, 1080x1080, 1920x1080), or smaller when the source is (never upscaled: `limitedBySource`), as H.264 High@4.0 at 30 fps with AAC-LC 48 kHz stereo, within the bitrate and file-size limits of every channel preset taking the aspect. Covers are 1080x1920, 1080x1080 and 1280x720. A failed render is retried with backoff (3 attempts); a drop none of whose variants rendered turns `failed` with its `failureReason` and is announced by the `drop.failed` webhook event.",
  auth: [...AUTH],
  weight: 10,
  params: OrgParams,
  body: z
    .object({
      sourceType: SourceType,
      sourceId: HexId,
      title: z.string().trim().min(1).max(120).optional().meta({ description: "Default: the source's name in `locale`." }),
      locale: StrictLocale.optional().meta({ description: "The drop's locale (default en-US)." }),
      locales: z.array(StrictLocale).max(18).optional().meta({ description: "More locales to write copy packs for." }),
      channelPreset: ChannelPresetId.optional().meta({ description: "The drop's default preset (default ig_reels)." }),
      aspectRatios: distinctItems(z.array(AspectRatio).min(1).max(3), "aspect ratios must be distinct")
        .optional()
        .meta({ description: "Default all three." }),
      durations: distinctItems(z.array(DropDuration).min(1).max(3), "durations must be distinct")
        .optional()
        .meta({ description: "Default [15, 30]; the first is the default export length." }),
      ctaUrl: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional()
        .meta({ description: "Where the call to action points." }),
    })
    .strict()
    .meta({ id: "CreateDropBody" }),
  bodyRequired: true,
  success: { status: 202, description: "The drop, processing.", schema: z.object({ data: SocialDropDetail }) },
  errors: [403, 404],
});

export const getDrop = defineOperation({
  operationId: "SocialDropsApi_getDrop",
  method: "get",
  path: "/v1/orgs/{organizationId}/drops/{dropId}",
  tag: "Social drops",
  summary: "One drop with its variants, copy packs and channel presets",
  description:
    "Any status (processing and failed drops too, so a client can poll). Each variant states its rendered size beside the platform size (`limitedBySource` when the source is smaller: variants are never upscaled), its failed render `attempts`, and once ready what was measured on its file (`file`: length, bytes, codecs) and its cover size.",
  auth: [...AUTH],
  weight: 1,
  params: DropParams,
  success: { status: 200, description: "The drop.", schema: z.object({ data: SocialDropDetail }) },
  errors: [403, 404],
});

export const exportDrop = defineOperation({
  operationId: "SocialDropsApi_exportDrop",
  method: "post",
  path: "/v1/orgs/{organizationId}/drops/{dropId}/export",
  tag: "Social drops",
  summary: "Export bundle: video and cover links with the copy, fitted to a channel preset",
  description: [
    "Every body key is optional; an empty body exports the drop's defaults (`defaults` in the detail).",
    "With only `channelPreset`, the aspect ratio is the preset's first one the drop has, the length the drop's default (else the longest within the preset's maximum).",
    "400 when the chosen variant does not exist or the preset does not take it; 404 when the drop is unknown, not ready, or has no copy in the requested `locale` (unsupported locales are 404 here, not English).",
    "`video` states the exported file's resolution, measured length, size and encoding; `cover` the cover's size.",
  ].join(" "),
  auth: [...AUTH],
  weight: 1,
  params: DropParams,
  query: z.object({ locale: ReadLocale.optional().meta({ description: "Copy pack locale (default: the drop's)." }) }).strict(),
  body: z
    .object({ channelPreset: ChannelPresetId.optional(), aspectRatio: AspectRatio.optional(), duration: DropDuration.optional() })
    .strict()
    .meta({ id: "ExportDropBody" }),
  success: { status: 200, description: "The bundle.", schema: z.object({ data: DropExportBundle }) },
  errors: [403, 404],
});
