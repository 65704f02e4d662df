import { z } from "zod";
import { WORKOUT_SORT_FIELDS } from "@/db/queries/workouts";
import { AUDIO_TYPES, DIFFICULTIES } from "@/db/schema";
import { parseCategoryTokens, parseDurationRange, parseSort } from "@/server/services/content/list-query";
import { defineOperation } from "../operation";
import { HexId, IdName, QueryBoolean, ReadLocale, ReadLocaleParam, escapeRegex, limitParam, listOf, listPattern, offsetParam } from "@/server/contracts/schemas";

// ---------------------------------------------------------------------------------------------
// Shared pieces of the content catalog's declarations (plans, video assets, groups, stock too)
// ---------------------------------------------------------------------------------------------

/** `sort`: comma list of `+field` / `-field` (a `+` sent unescaped arrives as a space and still means ascending). */
export function sortParam<F extends string>(fields: readonly F[], aliases: Record<string, F> = {}) {
  const names = [...new Set([...fields, ...Object.keys(aliases)])];
  return z
    .string()
    .max(200)
    .transform((raw, ctx) => {
      const r = parseSort(raw, fields, aliases);
      if (!r.ok) {
        ctx.addIssue({ code: "custom", message: r.message });
        return z.NEVER;
      }
      return r.value;
    })
    .meta({
      description: `Comma list of +field or -field, each field at most once. Fields: ${names.join(", ")}.`,
      example: `-${names[0]}`,
      pattern: listPattern(`[+-]?(?:${names.map(escapeRegex).join("|")})`),
    });
}

/** Legacy identifiers kept for old clients (spec, versioning rule 4). */
export const deprecatedId = (of: string) =>
  z.string().meta({ deprecated: true, description: `Deprecated: the same value as \`${of}\`; removed in the next major release.` });
export const deprecatedNullableId = (of: string) =>
  z
    .string()
    .nullable()
    .meta({ deprecated: true, description: `Deprecated: the same value as \`${of}\`; removed in the next major release.` });

const Url = z.string().meta({ description: "Absolute URL." });
const SignedUrl = z.string().meta({ description: "Presigned URL, valid for about 7 days; not durable." });
const ImageUrl = z.string().nullable().meta({ description: "Public unsigned JPEG URL (poster or thumbnail), null when none." });

/** The long clips' adaptive stream (server/services/media-uploads/clip-hls.ts: LONG_CLIP_SECONDS). */
const HlsUrl = z
  .string()
  .optional()
  .meta({
    description:
      "Only in playlists, and only for a clip of at least 60 seconds once it is packaged (shortly after upload): a presigned URL (about 7 days) of the same video as HLS, one master playlist (`application/vnd.apple.mpegurl`) over three or more H.264 renditions (the clip's own size and two smaller ones) and an AAC audio rendition when the clip has sound, in fMP4 (CMAF) segments of about 4 seconds; every URI inside is signed and expires with it. Safari plays it natively, other browsers through a library such as hls.js; the hosted and embed players prefer it. `url` stays the progressive MP4 and keeps working: clients that ignore `hlsUrl` play as before.",
  });

export const MediaVideo = z
  .object({
    url: SignedUrl,
    hlsUrl: HlsUrl,
    poster: ImageUrl,
    thumbnail: ImageUrl,
    loop: z.number().int().meta({ description: "-1 loops the clip until the segment's duration elapses; 0 plays it once." }),
  })
  .meta({ id: "MediaVideo", description: "Progressive MP4 (H.264/AAC, faststart), served with HTTP Range support; long clips in playlists also as HLS (`hlsUrl`)." });

export const MediaAudio = z
  .object({
    url: SignedUrl,
    type: z.enum(AUDIO_TYPES),
    locale: z.string().meta({ description: "BCP-47 locale of the selected track after fallback (exact, same language, English)." }),
    scriptText: z.string().meta({ description: "Verbatim transcript; empty string when none is stored." }),
  })
  .meta({ id: "MediaAudio", description: "Spoken track (M4A)." });

export const EquipmentRef = z.object({ id: z.string(), name: z.string(), equipmentCategoryId: z.string().nullable() });
const DifficultyValue = z.enum(DIFFICULTIES);
const LocaleQuery = z.object({ locale: ReadLocaleParam }).strict();
const WorkoutParams = z.object({ workoutId: HexId });

// ---------------------------------------------------------------------------------------------
// Workout resources
// ---------------------------------------------------------------------------------------------

const workoutListFields = {
  id: z.string(),
  _id: deprecatedId("id"),
  organizationId: z.string(),
  _teamId: deprecatedId("organizationId"),
  ownerId: z.string().nullable().meta({ description: "The trainer who owns the workout." }),
  _ownerId: deprecatedNullableId("ownerId"),
  name: z.string().meta({ description: "Localized when `locale` is given." }),
  description: z.string(),
  duration: z.number().meta({ description: "Seconds." }),
  difficulty: DifficultyValue,
  visibility: z.enum(["public", "private"]),
  locked: z.boolean(),
  createdAt: z.string().meta({ description: "ISO 8601." }),
  updatedAt: z.string(),
  trainer: IdName.nullable(),
  categories: z.array(IdName),
  customCategories: z.array(z.string()).meta({ description: "Workspace-defined categories; filter with `categoryIds=custom:<name>`." }),
  tags: z.array(z.string()).meta({ description: "Library tags (filter and search only)." }),
  equipment: z.array(EquipmentRef).meta({ description: "Equipment the playlist's clips require." }),
  muscleGroupPercentages: z
    .array(z.object({ muscleGroupId: z.string(), muscleGroupName: z.string(), percentage: z.number() }))
    .meta({ description: "Share of the planned work per muscle group (percent, one decimal), largest first." }),
  preview: z.object({ url: SignedUrl.nullable(), poster: ImageUrl, thumbnail: ImageUrl }),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  rating: z.number().meta({ description: "Average feedback rating value; 0 while nobody has rated." }),
  presentationStyle: z.string().meta({ example: "full" }),
  skipWorkoutPreview: z.boolean(),
  skipWorkoutCompletionScreen: z.boolean(),
  videoAudioMode: z.string().meta({
    description:
      "Which audio tracks the players mix, and the rendered exports with them: `full` (voice-over, the clips' own sound and music), `voice-and-music` (no clip sound), `music-only` (no voice-over, no clip sound), `clip-only` (only the clips' own sound: no voice-over, no music). Older workouts may say `voice` (= voice-and-music) or `original` (= clip-only); unknown values play as `full`. `mixBgMusic: false` removes the music in every mode.",
    example: "full",
  }),
  allowAssessment: z.boolean(),
  assessmentType: z.string().nullable(),
};

export const WorkoutListItem = z
  .object(workoutListFields)
  .meta({ id: "WorkoutListItem", description: "A workout in a list: the detail's fields without shareLink, images, audio and music fields." });

const MusicLink = z.object({ url: Url }).nullable();

export const Workout = z
  .object({
    ...workoutListFields,
    images: z.object({ thumbnail: ImageUrl, cover: ImageUrl }),
    audioIntro: MediaAudio.nullable(),
    audioOutro: MediaAudio.nullable(),
    musicPlaylists: z
      .object({ spotify: MusicLink, appleMusic: MusicLink, youtubeMusic: MusicLink })
      .meta({ description: "One nullable `{ url }` per external music provider." }),
    mixBgMusic: z.boolean().meta({ description: "False: the player plays no background music (GET .../music returns no tracks)." }),
    shareLink: z.object({ url: Url }),
  })
  .meta({ id: "Workout", description: "A workspace workout, localized when `locale` is given." });

export const CaptionTrack = z
  .object({
    locale: z.string().meta({ description: "BCP-47 locale of the spoken track the captions transcribe.", example: "de-DE" }),
    label: z.string().meta({ description: "The locale's name in its own language, for a caption menu.", example: "Deutsch (Deutschland)" }),
    url: SignedUrl.meta({ description: "Presigned WebVTT URL (`text/vtt`, starts with `WEBVTT`), valid for about 7 days; cue times count from the segment's start." }),
  })
  .meta({ id: "CaptionTrack", description: "A WebVTT caption track of a segment's spoken instructions in one locale." });
const Captions = z
  .array(CaptionTrack)
  .optional()
  .meta({
    description:
      "Caption tracks of the segment's spoken instructions, one per locale the clip is voiced in (timed from the stored scripts and audio lengths as the players speak them). Present only when the clip has scripted speech; clients that do not show captions can ignore it.",
  });

const Named = z.array(IdName);
const segmentBase = { id: z.string(), duration: z.number().meta({ description: "Seconds." }) };

const IntroSegment = z.object({ kind: z.literal("workout-intro"), ...segmentBase, audio: MediaAudio.nullable(), video: z.object({ url: SignedUrl, hlsUrl: HlsUrl }), captions: Captions });
const OutroSegment = z.object({ kind: z.literal("workout-outro"), ...segmentBase, audio: MediaAudio.nullable(), video: z.object({ url: SignedUrl, hlsUrl: HlsUrl }), captions: Captions });
const ExerciseSegment = z.object({
  kind: z.literal("exercise"),
  ...segmentBase,
  exerciseId: z.string().meta({ description: "The clip's video asset id (GET /v1/video-asset/{id})." }),
  name: z.string(),
  reps: z.number().int().nullable(),
  pace: z.string().nullable(),
  weightLevel: z.string().nullable(),
  rpe: z.number().nullable(),
  amrap: z.boolean(),
  equipment: Named,
  muscleGroups: Named,
  intro: z.object({ audio: MediaAudio.nullable(), video: MediaVideo }),
  main: z.object({ video: MediaVideo, instructionAudio: z.array(MediaAudio) }),
  captions: Captions,
});
const Chapter = z.object({ name: z.string(), startTimeSec: z.number(), endTimeSec: z.number(), equipment: Named, muscleGroups: Named });
const ClassSegment = z.object({
  kind: z.literal("class"),
  ...segmentBase,
  exerciseId: z.string(),
  name: z.string(),
  equipment: Named,
  muscleGroups: Named,
  intro: z.object({ audio: MediaAudio.nullable(), video: MediaVideo }),
  skipIntro: z.boolean(),
  main: z.object({ video: MediaVideo }),
  chapters: z.array(Chapter).optional().meta({ description: "Only when chapter analysis has run; otherwise play the class as one segment." }),
  captions: Captions,
});
const MultiExerciseSegment = z.object({
  kind: z.literal("multi-exercise"),
  ...segmentBase,
  exerciseId: z.string(),
  exerciseIds: z.array(z.string()).meta({ description: "The clips the block shows, in order." }),
  name: z.string(),
  equipment: Named,
  muscleGroups: Named,
  intro: z.object({ audio: MediaAudio.nullable(), video: MediaVideo }),
  main: z.object({ video: MediaVideo }),
});
const MediaSegment = (kind: "promo" | "educational") =>
  z.object({ kind: z.literal(kind), ...segmentBase, exerciseId: z.string(), name: z.string(), main: z.object({ video: MediaVideo }) });
const BreakSegment = z.object({
  kind: z.literal("break"),
  ...segmentBase,
  video: MediaVideo.nullable(),
  imageUrl: ImageUrl.meta({ description: "Image shown during the break." }),
});

export const PlaylistSegment = z
  .union([
    z.object({ intro: IntroSegment }).strict(),
    z.object({ exercise: ExerciseSegment }).strict(),
    z.object({ multiExercise: MultiExerciseSegment }).strict(),
    z.object({ class: ClassSegment }).strict(),
    z.object({ promo: MediaSegment("promo") }).strict(),
    z.object({ educational: MediaSegment("educational") }).strict(),
    z.object({ break: BreakSegment }).strict(),
    z.object({ outro: OutroSegment }).strict(),
  ])
  .meta({ id: "PlaylistSegment", description: "One single-key object; the key is the segment kind." });

export const WorkoutPlaylist = z.object({ data: z.array(PlaylistSegment), presentationStyle: z.string().optional() }).meta({ id: "WorkoutPlaylist" });

export const MusicTrack = z
  .object({
    id: z.string(),
    name: z.string(),
    artist: z.string().nullable(),
    duration: z.number().meta({ description: "Seconds." }),
    filename: z.string(),
    url: SignedUrl,
    bpm: z.number().int().nullable(),
  })
  .meta({ id: "MusicTrack" });

export const MusicPlaylist = z
  .object({
    tracks: z.array(MusicTrack),
    totalDuration: z.number().meta({ description: "Summed length of the tracks in seconds (not trimmed to the workout)." }),
    workoutDuration: z.number().meta({ description: "The workout's planned seconds." }),
  })
  .meta({ id: "MusicPlaylist" });

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export const getWorkoutById = defineOperation({
  operationId: "WorkoutsApi_getWorkoutById",
  method: "get",
  path: "/v1/workouts/{workoutId}",
  tag: "Workouts",
  summary: "One workout, localized",
  description:
    "Published workouts of the caller's organization, public or private. Drafts, deleted and unknown workouts are 404; other organizations' workouts are 403.",
  auth: ["X-Api-Key", "AccessToken", "EmbedToken"],
  weight: 1,
  params: WorkoutParams,
  query: LocaleQuery,
  success: { status: 200, description: "The workout.", schema: z.object({ data: Workout }) },
  errors: [403, 404],
});

export const getWorkoutPlaylist = defineOperation({
  operationId: "WorkoutsApi_getWorkoutPlaylist",
  method: "get",
  path: "/v1/workouts/{workoutId}/playlist",
  tag: "Workouts",
  summary: "The ordered playlist of a workout",
  description:
    "Segments of eight kinds (intro, exercise, multiExercise, class, promo, educational, break, outro). For `exercise`, `duration` is the planned work window (time, or reps times the clip's estimated rep duration) while the short demo clip loops (`loop: -1`); for media segments it is the file length. Audio falls back from the requested locale to the same language, then English; `locale` on each audio object says which track was selected. 404 for an unknown workout or one without a playlist.",
  auth: ["X-Api-Key", "AccessToken", "EmbedToken"],
  weight: 1,
  params: WorkoutParams,
  query: LocaleQuery,
  success: { status: 200, description: "The playlist.", schema: WorkoutPlaylist },
  errors: [403, 404],
});

export const getWorkoutMusic = defineOperation({
  operationId: "WorkoutsApi_getWorkoutMusic",
  method: "get",
  path: "/v1/workouts/{workoutId}/music",
  tag: "Workouts",
  summary: "Background music for a workout",
  description:
    "Tracks of the organization's and the workout trainer's music pools, each once, shuffled per request. Workouts with `mixBgMusic` false and empty pools give `tracks: []` and `totalDuration: 0`. Requires a persisted workout id.",
  auth: ["X-Api-Key", "AccessToken", "EmbedToken"],
  weight: 1,
  params: WorkoutParams,
  success: { status: 200, description: "The music playlist (bare, no data wrapper).", schema: MusicPlaylist },
  errors: [403, 404],
});

const ExportQuery = z
  .object({
    locale: ReadLocale.optional().meta({
      description: "Exact locale of the export (aliases no and no-NO mean nb-NO). Unsupported locales are 404, never English.",
    }),
  })
  .strict();

export const getVideoExportStreamUrl = defineOperation({
  operationId: "WorkoutsApi_getVideoExportStreamUrl",
  method: "get",
  path: "/v1/workouts/{workoutId}/export/video/stream_url",
  tag: "Workouts",
  summary: "Presigned URL of the full-workout video export",
  description:
    "Without `locale`: the most recently finished export of any locale. With `locale`: exactly that locale, no fallback. Exports are rendered in every locale of the workout's voice-over (the trainer's preferred locale first) after it is published or its playlist or media change. 404 while the export is missing or still rendering (here seconds: a 30-minute workout's video is ready well under a minute after publishing; after a change to the playlist, media or voice-over it is 404 again until the new version is rendered, never the previous one).",
  auth: ["X-Api-Key", "EmbedToken"],
  weight: 10,
  params: WorkoutParams,
  query: ExportQuery,
  success: { status: 200, description: "One presigned MP4 URL (about 7 days).", contentType: "text/plain" },
  errors: [403, 404],
});

export const getVideoExportHlsUrl = defineOperation({
  operationId: "WorkoutsApi_getVideoExportHlsUrl",
  method: "get",
  path: "/v1/workouts/{workoutId}/export/video/hls_url",
  tag: "Workouts",
  summary: "Presigned URL of the video export as adaptive HLS",
  description:
    "The video export that `export/video/stream_url` answers for the same `locale` (same rule), packaged as HLS: one master playlist (`application/vnd.apple.mpegurl`) over three H.264 video renditions (the export's own size and two smaller ones, e.g. 720p, 540p and 360p) and one AAC audio rendition, in fMP4 (CMAF) segments of about 4 seconds with aligned keyframes. Every playlist and segment URI inside is a signed URL that expires with the master's URL, so only this one URL has to be handed to a player (Safari plays it natively, other browsers through a library such as hls.js). 404 while the video export is missing or still rendering, and for an export rendered before HLS packaging existed (until it is rendered again).",
  auth: ["X-Api-Key", "EmbedToken"],
  weight: 10,
  params: WorkoutParams,
  query: ExportQuery,
  success: { status: 200, description: "One presigned URL of the master .m3u8 (about 7 days).", contentType: "text/plain" },
  errors: [403, 404],
});

export const getCaptionsExportStreamUrl = defineOperation({
  operationId: "WorkoutsApi_getCaptionsExportStreamUrl",
  method: "get",
  path: "/v1/workouts/{workoutId}/export/captions/stream_url",
  tag: "Workouts",
  summary: "Presigned URL of the video export's WebVTT captions",
  description:
    "The caption sidecar of the video export that `export/video/stream_url` answers for the same `locale` (same rule: without `locale` the most recently finished export of any locale, with `locale` exactly that locale): the workout's voice-over and cues, timed as they are spoken in the export, as WebVTT (`text/vtt`, starts with `WEBVTT`). Add it to a `<video>` as `<track kind=\"captions\">` or upload it beside the MP4. 404 while the video export is missing or still rendering, and when nothing with a script is spoken in it.",
  auth: ["X-Api-Key", "EmbedToken"],
  weight: 10,
  params: WorkoutParams,
  query: ExportQuery,
  success: { status: 200, description: "One presigned WebVTT URL (about 7 days).", contentType: "text/plain" },
  errors: [403, 404],
});

export const getAudioExportStreamUrl = defineOperation({
  operationId: "WorkoutsApi_getAudioExportStreamUrl",
  method: "get",
  path: "/v1/workouts/{workoutId}/export/audio/stream_url",
  tag: "Workouts",
  summary: "Presigned URL of the full-workout audio export",
  description:
    "Without `locale`: the trainer's preferred locale, else the same language (en-GB for en-US). With `locale`: exactly that locale, else the same language; never another language. The M4A carries the video export's sound (voice-over, the clips' own sound, background music per `videoAudioMode` and `mixBgMusic`). 404 while missing or still rendering (here seconds: a 30-minute workout's audio is ready well under 20 seconds after publishing).",
  auth: ["X-Api-Key", "EmbedToken"],
  weight: 10,
  params: WorkoutParams,
  query: ExportQuery,
  success: { status: 200, description: "One presigned M4A URL (about 7 days).", contentType: "text/plain" },
  errors: [403, 404],
});

const CategoryTokensParam = z
  .string()
  .max(2000)
  .transform((raw, ctx) => {
    const r = parseCategoryTokens(raw);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    }
    return r.value;
  })
  .meta({
    description: "Comma-separated category ids (24-hex) and `custom:<name>` tokens for workspace-defined categories; a workout matching any of them is listed.",
    pattern: listPattern("[0-9a-fA-F]{24}|[Cc][Uu][Ss][Tt][Oo][Mm]:[^,]*[^,\\s][^,]*"),
    example: "65f1c0ffee0123456789abcd,custom:Mobility",
  });

const DurationParam = z
  .string()
  .max(20)
  .transform((raw, ctx) => {
    const r = parseDurationRange(raw);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    }
    return r.value;
  })
  .meta({
    description: "`min-max` in minutes, both inclusive, min not above max; open ends allowed (`60-`, `-30`).",
    example: "20-45",
    pattern: "^\\s*(?:\\d{1,4}\\s*-\\s*(?:\\d{1,4})?|-\\s*\\d{1,4})\\s*$",
  });

export const listOrganizationWorkouts = defineOperation({
  operationId: "OrganizationWorkoutsApi_listOrganizationWorkouts",
  method: "get",
  path: "/v1/orgs/{organizationId}/workouts",
  tag: "Organization library",
  summary: "Published workspace workouts",
  description:
    "Filters combine with AND. `q` searches every translation of name and description: each word as a substring, in relevance order (name starts with the query, name contains it, elsewhere; shorter names first); when nothing contains the words, each word is replaced by its closest spellings among the words of the workspace's workouts (pg_trgm similarity) and the search runs again. `sort` is ignored when `q` is set. An empty workspace gives 200 with empty data and total 0.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: z.object({ organizationId: HexId }),
  query: z
    .object({
      limit: limitParam(50, 20),
      offset: offsetParam,
      q: z.string().max(200).optional().meta({ description: "Fuzzy search; results in relevance order, `sort` ignored." }),
      sort: sortParam(WORKOUT_SORT_FIELDS).optional(),
      locale: ReadLocale.optional(),
      visibility: z.enum(["private", "public", "all"]).default("all"),
      difficulty: DifficultyValue.optional(),
      categoryIds: CategoryTokensParam.optional(),
      duration: DurationParam.optional(),
      allowAssessment: QueryBoolean.optional(),
    })
    .strict(),
  success: { status: 200, description: "A page of workouts.", schema: listOf(WorkoutListItem).meta({ id: "WorkoutList" }) },
  errors: [403, 404],
});
