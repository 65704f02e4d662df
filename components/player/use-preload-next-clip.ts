"use client";

import { useEffect, useRef } from "react";
import type { PlayerPhase } from "./reducer";
import type { PlayerSegment } from "./model";
import { isHlsUrl } from "./use-hls-source";

/** The next segment with a clip after `index`, to preload. */
function nextClip(segments: readonly PlayerSegment[], index: number): string | null {
  for (let i = index + 1; i < segments.length; i++) {
    const v = segments[i]!.video;
    if (v) return isHlsUrl(v.url) ? null : v.url; // a playlist is not preloaded by a bare element
  }
  return null;
}

/** Preloads the next clip off-document so the next segment starts without a stall; lets it go on unmount. */
export function usePreloadNextClip(segments: readonly PlayerSegment[], index: number, phase: PlayerPhase): void {
  const preloader = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (phase === "completed") return;
    const url = nextClip(segments, phase === "preview" ? -1 : index);
    if (!url) return;
    preloader.current ??= document.createElement("video");
    const p = preloader.current;
    if (p.getAttribute("src") === url) return;
    p.muted = true;
    p.preload = "auto";
    p.src = url;
    p.load();
  }, [index, phase, segments]);
  useEffect(
    () => () => {
      preloader.current?.removeAttribute("src");
      preloader.current?.load();
    },
    [],
  );
}
