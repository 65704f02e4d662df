"use client";

import { type Dispatch, type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useMemo, useState } from "react";
import type { CaptionsState } from "./caption-tracks";
import { type PlayerAction, type PlayerPhase, commandAction } from "./reducer";

/**
 * Keys beyond the player's own (Space/K pause, arrows previous/next, M music): E ends the workout,
 * ArrowUp/ArrowDown change the volume of the player's video and spoken cues in steps of 10 %
 * (remembered for the page), and ? lists the keys in the live region. Bound on the player's
 * section, ignored while typing in a field or with modifier keys.
 */
export const VOLUME_STEP = 0.1;

export function nextVolume(current: number, key: "ArrowUp" | "ArrowDown"): number {
  const v = key === "ArrowUp" ? current + VOLUME_STEP : current - VOLUME_STEP;
  return Math.round(Math.min(1, Math.max(0, v)) * 10) / 10;
}

export function usePlayerKeys(root: RefObject<HTMLElement | null>, actions: { end: () => void; announce: (text: string) => void }) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let volume = 1;
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowUp" || e.key === "ArrowDown") {
        volume = nextVolume(volume, e.key);
        for (const m of el.querySelectorAll<HTMLMediaElement>("video, audio[data-role=voice]")) m.volume = volume;
        actions.announce(`Volume ${Math.round(volume * 100)} percent`);
      } else if (e.key === "e" && tag !== "BUTTON") {
        actions.end();
      } else return;
      e.preventDefault();
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [root, actions]);
}

/**
 * The player's own keys, on its section: Space/K start the workout or pause and resume it, the
 * arrows go to the previous or next part, M turns the music on or off, C the captions; plus the
 * keys above (`usePlayerKeys`). Returns the section's key handler and the message the live region
 * announces for the keys above.
 */
export function usePlayerKeyboard(root: RefObject<HTMLElement | null>, phase: PlayerPhase, dispatch: Dispatch<PlayerAction>, captions: Pick<CaptionsState, "available" | "toggle">) {
  const onKeyDown = (e: ReactKeyboardEvent<HTMLElement>) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === "BUTTON" || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === " " || e.key === "k") dispatch(phase === "preview" ? { type: "START" } : { type: "TOGGLE_PAUSE" });
    else if (e.key === "ArrowRight") dispatch(commandAction("next"));
    else if (e.key === "ArrowLeft") dispatch(commandAction("prev"));
    else if (e.key === "m") dispatch({ type: "TOGGLE_MUSIC" });
    else if (e.key === "c" && captions.available) captions.toggle();
    else return;
    e.preventDefault();
  };
  const [keyMessage, setKeyMessage] = useState("");
  const keyActions = useMemo(() => ({ end: () => dispatch({ type: "FINISH", how: "end" }), announce: setKeyMessage }), [dispatch]); // dispatch never changes
  usePlayerKeys(root, keyActions);
  return { onKeyDown, keyMessage };
}

/**
 * The start and restart buttons disappear when playback begins: keep focus (and the keyboard
 * shortcuts) in the player instead of letting it fall back to the page.
 */
export function useFocusWhenPlaying(root: RefObject<HTMLElement | null>, phase: PlayerPhase): void {
  useEffect(() => {
    const el = root.current;
    if (phase !== "playing" || !el) return;
    const active = document.activeElement;
    if (!active || active === document.body) el.focus({ preventScroll: true });
  }, [phase, root]); // the ref never changes
}
