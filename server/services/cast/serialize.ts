import QRCode from "qrcode";
import type { CastSessionChange, CastSessionRow } from "@/db/queries/cast";
import { publicBaseUrl } from "@/server/env";
import { CAST_NAMESPACE, DEVICE_SILENT_AFTER_MS, SOCKET_IO_PATH } from "./limits";
import { type CastState, viewOf } from "./state-machine";

/** The state machine's view of a row. */
export function toCastState(row: CastSessionRow): CastState {
  return {
    phase: row.phase,
    workout: row.workout ?? null,
    position: row.position,
    segmentElapsedMs: row.segmentElapsedMs,
    playedMs: row.playedMs,
    clockStartedAt: row.clockStartedAt ? row.clockStartedAt.getTime() : null,
  };
}

/** The columns that hold a state's playback (the workout itself is written only when one is loaded). */
export function stateColumns(s: CastState): CastSessionChange {
  return {
    phase: s.phase,
    position: s.position,
    segmentElapsedMs: Math.round(s.segmentElapsedMs),
    playedMs: Math.round(s.playedMs),
    clockStartedAt: s.clockStartedAt === null ? null : new Date(s.clockStartedAt),
  };
}

/** The paired controller, unless it was silent for 90 s (then it counts as disconnected, even before the sweep unpairs it). */
export function deviceOf(row: CastSessionRow, now: number) {
  if (!row.controllerDeviceId || !row.controllerLastSeenAt) return null;
  if (row.controllerLastSeenAt.getTime() <= now - DEVICE_SILENT_AFTER_MS) return null;
  return {
    deviceId: row.controllerDeviceId,
    pairedAt: (row.controllerPairedAt ?? row.controllerLastSeenAt).toISOString(),
    lastSeenAt: row.controllerLastSeenAt.toISOString(),
  };
}

/** GET .../workout/status: the playback of a live session, derived at `now` (an ended session has none: 410). */
export function toCastStatus(row: CastSessionRow, now = Date.now()) {
  const view = viewOf(toCastState(row), now);
  const state = view.phase;
  if (state === "ended") throw new Error("an ended cast session has no status");
  const w = row.workout;
  return {
    sessionId: row.id,
    version: row.version,
    state,
    workout: w ? { id: w.id, name: w.name, duration: w.duration, difficulty: w.difficulty, locale: w.locale, segmentCount: w.segments.length } : null,
    workoutSessionId: row.workoutSessionId,
    endUserId: row.endUserId,
    position: view.position,
    segmentCount: view.segmentCount,
    atEnd: view.atEnd,
    currentSegment: view.currentSegment,
    currentExerciseIsRepBased: view.currentExerciseIsRepBased,
    segmentElapsedSeconds: view.segmentElapsedSeconds,
    elapsedSeconds: view.elapsedSeconds,
    progress: view.progress,
    availableActions: view.availableActions,
    device: deviceOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    serverTime: new Date(now).toISOString(),
  };
}
export type CastStatusResource = ReturnType<typeof toCastStatus>;

export type SocketRole = "display" | "controller";

/**
 * How a client connects to the cast channel. As the contract says, `io(fullUrl, { auth: { apiKey } })`
 * is enough: `fullUrl` carries the session, role and device as its query, which Socket.IO clients
 * send with the handshake. `auth` repeats them for clients that build the URL themselves
 * (`io(url + namespace, { path, auth: { apiKey, ...auth } })`).
 */
function socketInfo<A extends { sessionId: string; role: SocketRole; deviceId?: string }>(auth: A, base = publicBaseUrl()) {
  const url = base;
  const query = new URLSearchParams(Object.entries(auth).filter((e): e is [string, string] => typeof e[1] === "string"));
  return { url, path: SOCKET_IO_PATH, namespace: CAST_NAMESPACE, fullUrl: `${url}${CAST_NAMESPACE}?${query}`, auth };
}

/** The controller page a display's QR code opens. */
export function controllerUrl(row: { id: string; code: string }, base = publicBaseUrl()): string {
  return `${base}/cast?sessionId=${row.id}&code=${row.code}`;
}

/**
 * The display-side resource (create and snapshot): code, QR, socket details and the current status.
 * `base` is where its links point (PUBLIC_BASE_URL; the hosted display page passes the address it
 * was opened at when that is not set: server/http/same-origin.ts).
 */
export async function toCastSession(row: CastSessionRow, now = Date.now(), base = publicBaseUrl()) {
  const payload = controllerUrl(row, base);
  return {
    id: row.id,
    organizationId: row.organizationId,
    code: row.code,
    displayName: row.displayName,
    qr: { payload, svg: await QRCode.toString(payload, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) },
    socketIO: socketInfo({ sessionId: row.id, role: "display" as const }, base),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: toCastStatus(row, now),
  };
}

/** What a controller gets from join and join-by-code. */
export function toCastPairing(row: CastSessionRow, deviceId: string, now = Date.now()) {
  return {
    sessionId: row.id,
    organizationId: row.organizationId,
    displayName: row.displayName,
    deviceId,
    pairedAt: (row.controllerPairedAt ?? new Date(now)).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    socketIO: socketInfo({ sessionId: row.id, role: "controller" as const, deviceId }),
    status: toCastStatus(row, now),
  };
}
