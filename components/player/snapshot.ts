import type { PlayerSegment } from "./model";
import { type PlayerState, isRepBased, remainingSeconds } from "./reducer";

/** What the player reports on every change (`onSnapshot`): the hosts, the live region and the cast status read it. */
export interface PlayerSnapshot {
  phase: PlayerState["phase"];
  paused: boolean;
  index: number;
  segmentCount: number;
  segment: Pick<PlayerSegment, "id" | "kind" | "name" | "timing" | "duration" | "reps" | "exerciseId"> | null;
  elapsed: number;
  remaining: number | null;
  /** Seconds played, pauses excluded (a session's progressSeconds). */
  played: number;
  musicOn: boolean;
  finish: PlayerState["finish"];
  /** Changes on every segment (re)start. */
  epoch: number;
  /** The cast status field: the current segment waits for done_exercise. */
  currentExerciseIsRepBased: boolean;
}

/** The snapshot of `state`: what `onSnapshot`, the handle's `snapshot()` and the live region read. */
export function snapshotOf(state: PlayerState, segments: readonly PlayerSegment[]): PlayerSnapshot {
  const seg = state.phase === "playing" ? (segments[state.index] ?? null) : null;
  return {
    phase: state.phase,
    paused: state.paused,
    index: state.index,
    segmentCount: segments.length,
    segment: seg
      ? { id: seg.id, kind: seg.kind, name: seg.name, timing: seg.timing, duration: seg.duration, reps: seg.reps, exerciseId: seg.exerciseId }
      : null,
    elapsed: state.elapsed,
    remaining: remainingSeconds(state, seg ?? undefined),
    played: state.played,
    musicOn: state.musicOn,
    finish: state.finish,
    epoch: state.epoch,
    currentExerciseIsRepBased: isRepBased(state, segments),
  };
}
