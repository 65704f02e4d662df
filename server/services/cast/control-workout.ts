import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import type { CastSignal } from "@/server/realtime/cast-channel";
import { workoutProgressChanged, workoutStateChanged } from "./events";
import { finishCastWorkoutSession, refusalError, runOnLiveSession } from "./session-access";
import { stateColumns, toCastState, toCastStatus } from "./serialize";
import { type ControlAction, transition } from "./state-machine";

/**
 * A control action from the controller (play, pause, next, prev, restart, done_exercise, done),
 * applied by the state machine with the row locked. A move the current state does not allow is
 * 409 with the reason (done_exercise on a segment that is not a rep-based exercise included).
 * `done` completes the workout session created at start. Broadcasts `workout-state-changed`, and
 * `workout-progress-changed` when a segment (re)starts.
 */
export async function controlCastWorkout(db: Db, caller: Caller, sessionId: string, action: ControlAction) {
  return runOnLiveSession(db, caller, sessionId, (row, now) => {
    const t = transition(toCastState(row), { type: action }, now);
    if (!t.ok) throw refusalError(t);
    const finish = t.effects.find((e) => e.kind === "finishWorkoutSession");
    return {
      change: stateColumns(t.state),
      effects: finish
        ? async (tx) => {
            await finishCastWorkoutSession(tx, row, finish);
            return undefined;
          }
        : undefined,
      respond: (next) => {
        const status = toCastStatus(next, now);
        const signals: CastSignal[] = [workoutStateChanged(next, action, status)];
        if (t.positionChanged) signals.push(workoutProgressChanged(next, action, status));
        return { result: status, signals };
      },
    };
  });
}
