import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import { badRequest } from "@/server/core/errors";
import type { AttributionFields } from "@/server/services/sessions/resolve-attribution";
import type { WorkoutSessionResource } from "@/server/services/sessions/serialize";
import { startWorkoutSession } from "@/server/services/sessions/workout-sessions";
import { workoutProgressChanged, workoutSessionStarted } from "./events";
import { readLiveSession, refusalError, runOnLiveSession } from "./session-access";
import { stateColumns, toCastState, toCastStatus } from "./serialize";
import { transition } from "./state-machine";

/**
 * Starts the loaded workout and creates its workout session through the sessions service, in the
 * same transaction as the state change. Attribution is the API key plus the body fields only (the
 * operation accepts no Bearer token): `endUserId` or `externalUserId` must name an active member of
 * the session's organization, else 404 and nothing starts (no anonymous fallback); without them the
 * workout session is anonymous. `organizationId`, when sent, must be the session's (400).
 */
export async function startCastWorkout(db: Db, caller: Caller, sessionId: string, attribution: AttributionFields, target: string) {
  const session = await readLiveSession(db, caller, sessionId);
  if (attribution.organizationId && attribution.organizationId !== session.organizationId) {
    throw badRequest("organizationId is not the cast session's organization.", target);
  }
  return runOnLiveSession(db, caller, sessionId, (row, now) => {
    const t = transition(toCastState(row), { type: "start" }, now);
    if (!t.ok) throw refusalError(t);
    let workoutSession: WorkoutSessionResource | null = null;
    return {
      change: stateColumns(t.state),
      effects: async (tx) => {
        workoutSession = await startWorkoutSession(tx, {
          caller,
          workoutId: row.workoutId!,
          attribution: { ...attribution, organizationId: row.organizationId },
          target,
        });
        return { workoutSessionId: workoutSession.id, endUserId: workoutSession.traineeId };
      },
      respond: (next) => {
        const status = toCastStatus(next, now);
        const started = workoutSession!;
        return {
          result: { workoutSession: started, status },
          signals: [workoutSessionStarted(next, started, status), workoutProgressChanged(next, "start", status)],
        };
      },
    };
  });
}
