"use client";

import { type Dispatch, type Ref, type RefObject, useEffect, useImperativeHandle, useMemo, useReducer, useRef } from "react";
import type { PlayerSegment } from "./model";
import { type PlayerAction, type PlayerCommand, type PlayerState, commandAction, initialPlayerState, playerReducer } from "./reducer";
import { type PlayerSnapshot, snapshotOf } from "./snapshot";

/**
 * The player's state (vidstack's "store"): the pure reducer (reducer.ts) over the workout's
 * segments, and what leaves it: the handle a host drives the player with, the start without a
 * preview, and a snapshot on every change.
 */

export interface PlayerHandle {
  command(command: PlayerCommand): void;
  /** Plays segment `index` unless it already plays (idempotent, unlike next/prev). */
  goTo(index: number): void;
  setMusic(on: boolean): void;
  snapshot(): PlayerSnapshot;
}

export interface PlayerStore {
  state: PlayerState;
  dispatch: Dispatch<PlayerAction>;
  /** The state of the last render, for callbacks and effects that must not re-run on every change. */
  stateRef: RefObject<PlayerState>;
}

export function usePlayerReducer(segments: readonly PlayerSegment[]): PlayerStore {
  const reducer = useMemo(() => playerReducer(segments), [segments]);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialPlayerState());
  const stateRef = useRef(state);
  stateRef.current = state;
  return { state, dispatch, stateRef };
}

/** Control from outside (`handleRef.current.command("pause")`...). */
export function usePlayerHandle(handleRef: Ref<PlayerHandle> | undefined, { dispatch, stateRef }: PlayerStore, segments: readonly PlayerSegment[]): void {
  useImperativeHandle(
    handleRef,
    () => ({
      command: (c) => dispatch(commandAction(c)),
      goTo: (index) => dispatch({ type: "GO_TO", index }),
      setMusic: (on) => dispatch({ type: "SET_MUSIC", on }),
      snapshot: () => snapshotOf(stateRef.current, segments),
    }),
    [segments, dispatch, stateRef], // dispatch and the ref never change
  );
}

/** Start right away when the workout skips its preview (or a cast display says so). */
export function useAutoStart(autoStart: boolean, skipPreview: boolean | undefined, { dispatch, stateRef }: PlayerStore): void {
  useEffect(() => {
    if ((autoStart || skipPreview) && stateRef.current.phase === "preview") dispatch({ type: "START" });
  }, [autoStart, skipPreview, dispatch, stateRef]); // dispatch and the ref never change
}

/** Every change of state, reported to the host (`onSnapshot`). */
export function useSnapshotReports(state: PlayerState, segments: readonly PlayerSegment[], onSnapshot: ((snapshot: PlayerSnapshot) => void) | undefined): void {
  useEffect(() => {
    onSnapshot?.(snapshotOf(state, segments));
  }, [state, segments, onSnapshot]);
}
