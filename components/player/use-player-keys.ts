"use client";

import { type RefObject, useEffect } from "react";

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
