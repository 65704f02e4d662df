import type { PlayerSegment } from "./model";
import type { PlayerState } from "./reducer";

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
