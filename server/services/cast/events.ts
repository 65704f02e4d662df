import type { CastSessionRow } from "@/db/queries/cast";
import type { CastEndReason } from "@/db/schema/cast";
import type { CastSignal } from "@/server/realtime/cast-channel";
import type { WorkoutSessionResource } from "@/server/services/sessions/serialize";
import { type CastStatusResource, deviceOf } from "./serialize";
import type { ControlAction } from "./state-machine";

/**
 * The payloads of the cast channel's server events, built in one place (docs/cast.md documents
 * them). Every event names its session; those about a change carry the session's `version` (and
 * the full status where playback is concerned) so a client can drop an event older than what it has.
 */
export type DisconnectReason = "replaced" | "unpaired" | "timeout";

export const pairingSuccess = (row: CastSessionRow): CastSignal => ({
  emit: "pairing-success",
  payload: { sessionId: row.id, displayName: row.displayName },
});

export const devicePaired = (row: CastSessionRow, replacedDeviceId: string | null, now: number): CastSignal => ({
  emit: "device-paired",
  payload: { sessionId: row.id, version: row.version, device: deviceOf(row, now), replacedDeviceId },
});

export const deviceDisconnected = (row: CastSessionRow, deviceId: string, reason: DisconnectReason): CastSignal => ({
  emit: "device-disconnected",
  payload: { sessionId: row.id, version: row.version, deviceId, reason },
});

export const workoutCast = (row: CastSessionRow, status: CastStatusResource): CastSignal => ({
  emit: "workout-cast",
  payload: { sessionId: row.id, version: row.version, workout: status.workout, status },
});

export const workoutSessionStarted = (row: CastSessionRow, workoutSession: WorkoutSessionResource, status: CastStatusResource): CastSignal => ({
  emit: "workout-session-started",
  payload: { sessionId: row.id, version: row.version, workoutSession, status },
});

export const workoutStateChanged = (row: CastSessionRow, action: ControlAction, status: CastStatusResource): CastSignal => ({
  emit: "workout-state-changed",
  payload: { sessionId: row.id, version: row.version, action, status },
});

export const workoutProgressChanged = (row: CastSessionRow, action: ControlAction | "start", status: CastStatusResource): CastSignal => ({
  emit: "workout-progress-changed",
  payload: { sessionId: row.id, version: row.version, action, status },
});

/** The terminal event, followed by closing every socket of the session. */
export const sessionEnded = (row: CastSessionRow, reason: CastEndReason): CastSignal[] => [
  { emit: "session-ended", payload: { sessionId: row.id, version: row.version, reason, endedAt: (row.endedAt ?? new Date()).toISOString() } },
  { close: true },
];
