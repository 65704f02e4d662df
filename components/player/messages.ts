import { z } from "zod";

// In the browser, zod would probe for eval (new Function) to compile parsers; the pages' CSP forbids
// eval (server/http/security-headers.ts), so it is told not to try. The server keeps its compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * The structured messages between a host page and a Forma player iframe: one zod-validated union
 * keyed by `type` (every name starts with FORMA_), checked when a player receives a message and
 * before it posts one, and usable by hosts to check what they receive (see /docs/embed).
 * Unknown or malformed messages are ignored; extra keys are dropped.
 */

const GeneratedExercise = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{24}$/, "exercise.id must be a 24-character hexadecimal video asset id"),
  name: z.string(),
  localizedName: z.string().optional(),
  thumbnailUrl: z.string().nullable().optional(),
});

/**
 * A caption track the host supplies for an instance (the receiver has no playlist to take them
 * from): WebVTT whose cue times count from the instance's start, e.g. a segment's `captions`
 * entry from GET /v1/workouts/{id}/playlist. Loaded as a `<track>`, so it must be on an origin the
 * player's media may load from (Forma's /media URLs are).
 */
export const CaptionInput = z.object({
  locale: z.string().min(2).max(35),
  label: z.string().min(1).max(100),
  url: z
    .string()
    .max(4000)
    .regex(/^https?:\/\//, "captions[].url must be an http(s) URL"),
});

const GeneratedInstance = z.object({
  id: z.string(),
  kind: z.enum(["single-exercise", "singleExercise", "rest"]),
  durationSeconds: z.number().nonnegative(),
  reps: z.number().int().nullable().optional(),
  skipIntro: z.boolean().optional(),
  pace: z.string().nullable().optional(),
  weightLevel: z.string().nullable().optional(),
  rpe: z.number().nullable().optional(),
  exercise: GeneratedExercise.nullable().optional(),
  captions: z.array(CaptionInput).max(50).optional(),
});

/** The fields of a generate or adapt response (POST .../workouts/generate, .../adapt) the JSON receiver plays. */
export const GeneratedWorkoutInput = z.object({
  name: z.string(),
  localizedName: z.string().optional(),
  description: z.string().optional(),
  localizedDescription: z.string().optional(),
  difficulty: z.string().optional(),
  totalDurationSeconds: z.number().optional(),
  instances: z.array(GeneratedInstance).min(1, "The workout has no instances."),
});
export type GeneratedWorkoutInput = z.infer<typeof GeneratedWorkoutInput>;

/** Player control actions (the cast pairing's names). */
export const ControlAction = z.enum(["play", "pause", "next", "prev", "restart", "done_exercise", "done"]);

// ---- host to player ---------------------------------------------------------------------------

/** JSON receiver only: the workout to play and the key its media calls send as X-Api-Key. */
export const EmbedInit = z.object({
  type: z.literal("FORMA_EMBED_INIT"),
  workout: GeneratedWorkoutInput,
  apiKey: z.string().max(200),
  locale: z.string().max(20).optional(),
});

/** The host shows the player immersively (full screen, rotated): the player drops its own frame chrome. */
export const HostImmersive = z.object({ type: z.literal("FORMA_HOST_IMMERSIVE"), immersive: z.boolean().default(true) });

/** The host drives playback (same actions as the cast controller). */
export const HostControl = z.object({ type: z.literal("FORMA_CONTROL"), action: ControlAction });

export const HostMessage = z.discriminatedUnion("type", [EmbedInit, HostImmersive, HostControl]);
export type HostMessage = z.infer<typeof HostMessage>;

// ---- player to host ---------------------------------------------------------------------------

/** The player is loaded and listening (the JSON receiver then waits for FORMA_EMBED_INIT). */
export const PlayerReady = z.object({ type: z.literal("FORMA_READY"), version: z.literal(1).optional(), player: z.enum(["workout", "json-receiver"]) });

/** The member asked to switch orientation (the host rotates or resizes its container). */
export const OrientationToggle = z.object({ type: z.literal("FORMA_ORIENTATION_TOGGLE"), version: z.literal(1).optional() });

/** Playback moved: phase, segment, pause. */
export const PlaybackState = z.object({
  type: z.literal("FORMA_PLAYBACK_STATE"),
  version: z.literal(1).optional(),
  phase: z.enum(["preview", "playing", "completed"]),
  paused: z.boolean(),
  segmentIndex: z.number().int(),
  segmentCount: z.number().int(),
  segmentKind: z.string().nullable(),
  currentExerciseIsRepBased: z.boolean(),
});

/** The workout finished: completed (every segment, or done) or ended early. */
export const WorkoutFinished = z.object({
  type: z.literal("FORMA_WORKOUT_FINISHED"),
  version: z.literal(1).optional(),
  how: z.enum(["complete", "end"]),
  sessionId: z.string().nullable(),
  playedSeconds: z.number(),
});

/** Something went wrong; the player also shows `message` to the member. */
export const PlayerErrorMessage = z.object({
  type: z.literal("FORMA_ERROR"),
  version: z.literal(1).optional(),
  code: z.enum([
    "top_level",
    "invalid_request",
    "unauthorized",
    "token_expired",
    "token_revoked",
    "forbidden",
    "not_found",
    "rate_limited",
    "media_unavailable",
    "network",
    "invalid_message",
    "server_error",
  ]),
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterSeconds: z.number().optional(),
});

// ---- typed playback events (version 1) -----------------------------------------------------------
// Every player-to-host message carries `version: 1` (postToHost adds it); a later, incompatible
// shape would come with another version, so hosts can check what they parse.

/** The protocol version of the player-to-host messages. */
export const EVENTS_VERSION = 1 as const;

const SegmentRef = {
  /** 0-based position in the workout's segments. */
  index: z.number().int().nonnegative(),
  /** intro, exercise, break, class, multiExercise, promo, educational, outro. */
  kind: z.string(),
  /** The exercise's video asset id (exercise segments only). */
  exerciseId: z.string().optional(),
  /** Planned seconds of the segment (its work window, or its clip's length). */
  durationSeconds: z.number().nonnegative(),
};

/** A segment started playing (also after previous/restart). */
export const SegmentStarted = z.object({ type: z.literal("FORMA_SEGMENT_STARTED"), version: z.literal(1), ...SegmentRef });

/** The member left a segment: it ran out, or was skipped (`playedSeconds` says how much of it played). */
export const SegmentCompleted = z.object({
  type: z.literal("FORMA_SEGMENT_COMPLETED"),
  version: z.literal(1),
  ...SegmentRef,
  playedSeconds: z.number().nonnegative(),
});

/** Playback position, at most once a second while playing. */
export const Progress = z.object({
  type: z.literal("FORMA_PROGRESS"),
  version: z.literal(1),
  index: z.number().int().nonnegative(),
  segmentCount: z.number().int().nonnegative(),
  /** Seconds into the current segment. */
  elapsedSeconds: z.number().nonnegative(),
  /** Seconds left in a timed segment; null for rep-based ones. */
  remainingSeconds: z.number().nonnegative().nullable(),
  /** Seconds played in the workout, pauses excluded. */
  playedSeconds: z.number().nonnegative(),
});

/** The member (or the host) paused. */
export const Paused = z.object({
  type: z.literal("FORMA_PAUSED"),
  version: z.literal(1),
  index: z.number().int().nonnegative(),
  playedSeconds: z.number().nonnegative(),
});

/** Planned against done for one segment. */
export const SegmentSummary = z.object({
  ...SegmentRef,
  playedSeconds: z.number().nonnegative(),
  /** Played to its end (timed: at least 90 % of it; rep-based and clips: not skipped before the member moved on). */
  completed: z.boolean(),
});

/** The workout is over: completed, or ended early (`how`), with planned vs done per segment. */
export const Completed = z.object({
  type: z.literal("FORMA_COMPLETED"),
  version: z.literal(1),
  how: z.enum(["complete", "end"]),
  sessionId: z.string().nullable(),
  playedSeconds: z.number().nonnegative(),
  summary: z.array(SegmentSummary),
});

export const PlayerMessage = z.discriminatedUnion("type", [
  PlayerReady,
  OrientationToggle,
  PlaybackState,
  WorkoutFinished,
  PlayerErrorMessage,
  SegmentStarted,
  SegmentCompleted,
  Progress,
  Paused,
  Completed,
]);
export type PlayerMessage = z.infer<typeof PlayerMessage>;
/** What postToHost takes: any player message, `version` filled in. */
export type OutgoingPlayerMessage = PlayerMessage extends infer M ? (M extends { version?: unknown } ? Omit<M, "version"> : never) : never;
export type SegmentStartedMessage = z.infer<typeof SegmentStarted>;
export type SegmentCompletedMessage = z.infer<typeof SegmentCompleted>;
export type ProgressMessage = z.infer<typeof Progress>;
export type PausedMessage = z.infer<typeof Paused>;
export type CompletedMessage = z.infer<typeof Completed>;
export type PlayerErrorMessage = z.infer<typeof PlayerErrorMessage>;
export type PlayerErrorCode = z.infer<typeof PlayerErrorMessage>["code"];

/** Every message name, for the docs. */
export const MESSAGE_TYPES = {
  hostToPlayer: HostMessage.options.map((o) => o.shape.type.value),
  playerToHost: PlayerMessage.options.map((o) => o.shape.type.value),
};

/**
 * A host message, or null for anything else (other scripts' messages, unknown FORMA_ types,
 * malformed payloads). `invalid` is set when a known FORMA_ type failed validation, so the player
 * can tell the host what was wrong.
 */
export function parseHostMessage(data: unknown): { message: HostMessage | null; invalid?: string } {
  const parsed = HostMessage.safeParse(data);
  if (parsed.success) return { message: parsed.data };
  const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : undefined;
  if (typeof type === "string" && (MESSAGE_TYPES.hostToPlayer as string[]).includes(type)) {
    const first = parsed.error.issues[0];
    return { message: null, invalid: `${type}: ${first ? `${first.path.join(".") || "(root)"} ${first.message}` : "invalid"}` };
  }
  return { message: null };
}

/** Validates and posts a message to the parent window; never throws. */
export function postToHost(message: OutgoingPlayerMessage): void {
  if (typeof window === "undefined" || window.parent === window) return;
  const checked = PlayerMessage.safeParse({ ...message, version: EVENTS_VERSION });
  if (!checked.success) return;
  // Messages carry no secrets (never the key), so any host origin may read them.
  window.parent.postMessage(checked.data, "*");
}
