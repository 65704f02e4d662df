import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, ReadLocaleParam } from "@/server/contracts/schemas";
import { WorkoutSession } from "@/server/contracts/sessions";

/**
 * TV cast pairing (tag workouts-cast, weight 1x, key only). A display creates a session and shows
 * its code and QR; a phone joins as the one controller, loads a workout, starts it and sends
 * control actions; every command is broadcast on the Socket.IO namespace /cast/pairing. The socket
 * events and the whole flow are in docs/cast.md (and /llms.txt).
 */
const TAG = "workouts-cast";
const AUTH: "X-Api-Key"[] = ["X-Api-Key"];
const ENDED_NOTE = "A terminated or expired session answers 410 Gone for a day, then 404.";
const ACCESS_NOTE = `403 when the session belongs to an organization the key does not hold (team keys reach their own organization only). ${ENDED_NOTE}`;

const SessionParams = z.object({ sessionId: HexId.meta({ description: "The cast session id." }) });
const Code = z
  .string()
  .max(6)
  .regex(/^\d{6}$/, "must be 6 digits")
  .meta({ description: "The 6-digit pairing code shown on the display.", example: "042917" });
const DeviceId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, "letters, digits and . _ : - only")
  .meta({ description: "Opaque id of the controller device, chosen by the client and reused on every join.", example: "phone-6f1c2a" });

export const CAST_ACTIONS = ["play", "pause", "next", "prev", "restart", "done_exercise", "done"] as const;
export const CAST_STATES = ["idle", "loaded", "playing", "paused", "completed"] as const;

const CastSegment = z
  .object({
    index: z.number().int().meta({ description: "Position in the playlist (0-based)." }),
    id: z.string().meta({ description: "The playlist segment id (as in GET /v1/workouts/{workoutId}/playlist)." }),
    kind: z.string().meta({ description: "The playlist's kind key: intro, exercise, multiExercise, class, promo, educational, break, outro." }),
    name: z.string().nullable(),
    duration: z.number().meta({ description: "Planned seconds (the playlist's duration)." }),
    reps: z.number().int().nullable(),
    repBased: z.boolean().meta({ description: "An exercise counted in reps: it waits for done_exercise (or next) instead of advancing on time." }),
  })
  .meta({ id: "CastSegment" });

const CastDevice = z
  .object({
    deviceId: z.string(),
    pairedAt: z.string(),
    lastSeenAt: z.string().meta({ description: "Join, socket connection or last heartbeat; after 90 s of silence the device counts as disconnected." }),
  })
  .meta({ id: "CastDevice" });

const CastWorkoutSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    duration: z.number().int().meta({ description: "Planned seconds." }),
    difficulty: z.string(),
    locale: z.string().meta({ description: "The locale the workout was loaded in (fetch the playlist in it)." }),
    segmentCount: z.number().int(),
  })
  .meta({ id: "CastWorkoutSummary" });

export const CastStatus = z
  .object({
    sessionId: z.string(),
    version: z.number().int().meta({ description: "Grows with every change of the session; events carry it, drop any older than what you have." }),
    state: z.enum(CAST_STATES).meta({ description: "idle (no workout), loaded, playing, paused, completed (done)." }),
    workout: CastWorkoutSummary.nullable(),
    workoutSessionId: z.string().nullable().meta({ description: "The workout session created by start (completed by done)." }),
    endUserId: z.string().nullable().meta({ description: "The member the workout session is attributed to; null when anonymous." }),
    position: z.number().int().nullable().meta({ description: "Index of the current segment; segmentCount once the end was reached; null without a workout." }),
    segmentCount: z.number().int(),
    atEnd: z.boolean().meta({ description: "Playback reached the end of the playlist and waits for done." }),
    currentSegment: CastSegment.nullable().meta({ description: "The segment playing (the first one while loaded); null at the end or without a workout." }),
    currentExerciseIsRepBased: z.boolean().meta({ description: "True while playing or paused on a rep-based exercise: only then is done_exercise offered." }),
    segmentElapsedSeconds: z.number().meta({ description: "Seconds played in the current segment (the display seeks there after a reconnect)." }),
    elapsedSeconds: z.number().meta({ description: "Seconds played in the workout, pauses excluded." }),
    progress: z.number().min(0).max(1).meta({ description: "Share of the planned timeline behind the current position." }),
    availableActions: z
      .array(z.enum(["load", "start", ...CAST_ACTIONS]))
      .meta({ description: "What the session accepts now (load, start and the control actions): offer exactly these." }),
    device: CastDevice.nullable().meta({ description: "The paired controller, or null." }),
    expiresAt: z.string(),
    updatedAt: z.string(),
    serverTime: z.string().meta({ description: "When this status was computed (clock positions are as of this instant)." }),
  })
  .meta({ id: "CastStatus" });

const CastSocketInfo = (role: "display" | "controller") =>
  z
    .object({
      url: z.string().meta({ description: "The server's base URL." }),
      path: z.literal("/socket.io"),
      namespace: z.literal("/cast/pairing"),
      fullUrl: z.string().meta({
        description: "Connect here: io(fullUrl, { auth: { apiKey } }). Its query names the session, role and device; `auth` repeats them for clients that build the URL from url and namespace.",
      }),
      auth: (role === "display"
        ? z.object({ sessionId: z.string(), role: z.literal("display") })
        : z.object({ sessionId: z.string(), role: z.literal("controller"), deviceId: z.string() })
      ).meta({ description: "The handshake auth fields to send next to apiKey." }),
    })
    .meta({ id: role === "display" ? "CastDisplaySocket" : "CastControllerSocket" });

export const CastSession = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    code: Code,
    displayName: z.string(),
    qr: z
      .object({
        payload: z.string().meta({ description: "The controller URL the QR code encodes: {base}/cast?sessionId=<id>&code=<code>." }),
        svg: z.string().meta({ description: "The QR code as an SVG document." }),
      })
      .meta({ id: "CastQr" }),
    socketIO: CastSocketInfo("display"),
    createdAt: z.string(),
    expiresAt: z.string().meta({ description: "80 minutes after creation." }),
    status: CastStatus,
  })
  .meta({ id: "CastSession" });

export const CastPairing = z
  .object({
    sessionId: z.string(),
    organizationId: z.string(),
    displayName: z.string(),
    deviceId: z.string(),
    pairedAt: z.string(),
    expiresAt: z.string(),
    socketIO: CastSocketInfo("controller"),
    status: CastStatus,
  })
  .meta({ id: "CastPairing" });

const StatusResponse = z.object({ data: CastStatus });

export const createCastSession = defineOperation({
  operationId: "CastPairingApi_createSession",
  method: "post",
  path: "/v1/cast/pairing/session",
  tag: TAG,
  summary: "Create a cast session (display side)",
  description:
    "Called by the display, never by a controller. Answers a 6-digit code unique among live sessions, the QR payload (the controller URL), the display's socket details and the status. Expires after 80 minutes. `organizationId` is required for keys spanning several organizations.",
  auth: AUTH,
  weight: 1,
  body: z
    .object({
      displayName: z.string().trim().min(1).max(80).optional().meta({ description: "Shown to the controller (pairing-success). Default TV." }),
      organizationId: HexId.optional().meta({ description: "Required for API keys that span several organizations." }),
    })
    .strict()
    .meta({ id: "CreateCastSessionBody" }),
  success: { status: 201, description: "The new session.", schema: z.object({ data: CastSession }) },
  errors: [403],
});

export const getCastSession = defineOperation({
  operationId: "CastPairingApi_getSession",
  method: "get",
  path: "/v1/cast/pairing/session/{sessionId}",
  tag: TAG,
  summary: "Snapshot of a cast session (display side)",
  description: `Code, QR, socket details and the current status: what a display needs after a reload or a dropped connection. ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  success: { status: 200, description: "The session.", schema: z.object({ data: CastSession }) },
  errors: [403, 404, 410],
});

export const terminateCastSession = defineOperation({
  operationId: "CastPairingApi_terminateSession",
  method: "delete",
  path: "/v1/cast/pairing/session/{sessionId}",
  tag: TAG,
  summary: "Terminate a cast session (display side)",
  description: `Ends the session: a running workout session is finished, every socket gets session-ended (reason terminated) and is closed, and the code no longer joins. Called by the display, never by a controller. ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  success: { status: 204, description: "Terminated." },
  errors: [403, 404, 410],
});

export const joinCastSession = defineOperation({
  operationId: "CastPairingApi_joinSession",
  method: "post",
  path: "/v1/cast/pairing/join",
  tag: TAG,
  summary: "Join a cast session from its QR code (controller side)",
  description: `Pairs the device as the session's one controller; a different previous controller is disconnected (device-disconnected, reason replaced). A wrong code is 404 like an unknown session. Answers the controller's socket details. ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  body: z
    .object({ sessionId: HexId.meta({ description: "From the QR URL." }), code: Code, deviceId: DeviceId })
    .strict()
    .meta({ id: "JoinCastSessionBody" }),
  bodyRequired: true,
  success: { status: 200, description: "Paired.", schema: z.object({ data: CastPairing }) },
  errors: [403, 404, 410],
});

export const joinCastSessionByCode = defineOperation({
  operationId: "CastPairingApi_joinSessionByCode",
  method: "post",
  path: "/v1/cast/pairing/join-by-code",
  tag: TAG,
  summary: "Join a cast session with its 6-digit code (controller side)",
  description:
    "Like join, with the code typed on the phone. Only live sessions hold a code: an ended or expired session's code is 404. 403 when the session belongs to an organization the key does not hold. The response carries socketIO.fullUrl.",
  auth: AUTH,
  weight: 1,
  body: z.object({ code: Code, deviceId: DeviceId }).strict().meta({ id: "JoinCastSessionByCodeBody" }),
  bodyRequired: true,
  success: { status: 200, description: "Paired.", schema: z.object({ data: CastPairing }) },
  errors: [403, 404],
});

export const loadCastWorkout = defineOperation({
  operationId: "CastPairingApi_loadWorkout",
  method: "post",
  path: "/v1/cast/pairing/{sessionId}/workout",
  tag: TAG,
  summary: "Load a workout on the display",
  description: `The workout must exist and be published (404) and belong to the session's organization (403). The display hears workout-cast and fetches the playlist itself; the deprecated workoutData is never sent (and not accepted). 409 while a workout is in progress (send done first). ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  body: z
    .object({
      workoutId: HexId.meta({ description: "A published workout of the session's organization." }),
      locale: ReadLocaleParam.meta({ description: "Locale of names (and of the playlist the display fetches). Default en-US." }),
    })
    .strict()
    .meta({ id: "LoadCastWorkoutBody" }),
  bodyRequired: true,
  success: { status: 200, description: "The status with the loaded workout.", schema: StatusResponse },
  errors: [403, 404, 409, 410],
});

export const startCastWorkout = defineOperation({
  operationId: "CastPairingApi_startWorkout",
  method: "post",
  path: "/v1/cast/pairing/{sessionId}/workout/start",
  tag: TAG,
  summary: "Start the loaded workout",
  description: `Creates the workout session (the one done completes) and starts playback. Attribution is the API key plus these fields only; a Bearer token does not attribute. endUserId (id or email) or externalUserId must name an active member of the session's organization, else 404 and playback does not start (no anonymous fallback); omitted means anonymous. 409 unless a workout is loaded and not started. ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  body: z
    .object({
      endUserId: z.string().trim().min(1).max(320).optional().meta({ description: "The member: internal 24-hex id or email (case-insensitive)." }),
      externalUserId: z.string().trim().min(1).max(320).optional().meta({ description: "The member's external id." }),
      organizationId: HexId.optional().meta({ description: "When sent, must be the session's organization (400 otherwise)." }),
    })
    .strict()
    .meta({ id: "StartCastWorkoutBody" }),
  success: {
    status: 201,
    description: "Started: the new workout session and the status.",
    schema: z.object({ data: z.object({ workoutSession: WorkoutSession, status: CastStatus }).meta({ id: "CastWorkoutStart" }) }),
  },
  errors: [403, 404, 409, 410],
});

export const controlCastWorkout = defineOperation({
  operationId: "CastPairingApi_controlWorkout",
  method: "post",
  path: "/v1/cast/pairing/{sessionId}/workout/control",
  tag: TAG,
  summary: "Send a control action",
  description: `play, pause, next, prev, restart, done_exercise, done. A move the current state does not allow is 409 Conflict with the reason; offer status.availableActions. done_exercise is accepted only while status reports currentExerciseIsRepBased true (409 otherwise). done completes the workout session (progress 1 when the end was reached, else the played time). ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  body: z
    .object({ action: z.enum(CAST_ACTIONS).meta({ description: "The control action." }) })
    .strict()
    .meta({ id: "ControlCastWorkoutBody" }),
  bodyRequired: true,
  success: { status: 200, description: "The status after the action.", schema: StatusResponse },
  errors: [403, 404, 409, 410],
});

export const getCastWorkoutStatus = defineOperation({
  operationId: "CastPairingApi_getWorkoutStatus",
  method: "get",
  path: "/v1/cast/pairing/{sessionId}/workout/status",
  tag: TAG,
  summary: "Playback status",
  description: `Where playback is (derived from the clock at serverTime), the available actions, currentExerciseIsRepBased and the paired device. Poll it after a connection drop. ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  success: { status: 200, description: "The status.", schema: StatusResponse },
  errors: [403, 404, 410],
});

export const disconnectCastDevice = defineOperation({
  operationId: "CastPairingApi_disconnectDevice",
  method: "post",
  path: "/v1/cast/pairing/{sessionId}/device/disconnect",
  tag: TAG,
  summary: "Unpair the controller",
  description: `Playback keeps running; the same code can join again. The device's sockets get device-disconnected (reason unpaired) and are closed. Idempotent; with deviceId, only that device is unpaired (a stale phone cannot unpair its successor). ${ACCESS_NOTE}`,
  auth: AUTH,
  weight: 1,
  params: SessionParams,
  body: z
    .object({ deviceId: DeviceId.optional().meta({ description: "Unpair only if this device is the controller." }) })
    .strict()
    .meta({ id: "DisconnectCastDeviceBody" }),
  success: { status: 200, description: "The status (device null).", schema: StatusResponse },
  errors: [403, 404, 410],
});

/** The realtime half of the cast contract, for /llms.txt (OpenAPI has no place for socket events; docs/cast.md has the details). */
export const CAST_CHANNEL_NOTES = [
  "## Cast realtime channel (Socket.IO)",
  "- Flow: display POST /v1/cast/pairing/session (code, qr.payload, socketIO) -> controller POST /join {sessionId, code, deviceId} or /join-by-code {code, deviceId} -> POST /{sessionId}/workout {workoutId} -> /workout/start -> /workout/control {action} -> done. GET /{sessionId}/workout/status is the whole truth (resync after any reconnect).",
  '- Connect: io(socketIO.fullUrl, { auth: { apiKey } }) with socketIO from the create or join response (fullUrl\'s query names sessionId, role and deviceId; or send them in auth: io(url + "/cast/pairing", { path: "/socket.io", auth: { apiKey, ...socketIO.auth } })). Refusals arrive as connect_error with err.data = { code, message }: Unauthorized (key missing, malformed, unknown, expired, content-only), BadRequest, NotFound, Forbidden (another organization\'s session, or a controller that is not the paired device), Gone (ended session).',
  "- Client event: heartbeat { sessionId, deviceId } every 30 s from the controller (ack { ok, serverTime, nextHeartbeatInMs } or { ok: false, error }); a controller silent for 90 s counts as disconnected (playback continues; join again with the same code).",
  "- Server events (all carry sessionId; change events carry version, drop older ones): pairing-success { sessionId, displayName }; device-paired { version, device: { deviceId, pairedAt, lastSeenAt }, replacedDeviceId }; device-disconnected { version, deviceId, reason: replaced | unpaired | timeout }; workout-cast { version, workout: { id, name, duration, difficulty, locale, segmentCount }, status }; workout-session-started { version, workoutSession, status }; workout-state-changed { version, action, status } (every control action); workout-progress-changed { version, action, status } (start, next, prev, restart, done_exercise); session-ended { version, reason: terminated | expired, endedAt }, after which the server closes the session's sockets. status is the CastStatus that GET .../workout/status answers.",
  "- Statuses: 403 another organization's session; 404 unknown session, wrong code, ended session's code; 409 a move the state does not allow (done_exercise unless status.currentExerciseIsRepBased); 410 an ended (terminated or expired) session by id. Offer status.availableActions.",
  "",
];
