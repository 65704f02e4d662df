"use client";

import { type RefObject, useEffect, useRef } from "react";
import type { PlayerSegment } from "./model";

/**
 * Spoken cues, in their own `<audio>`: in order, each no earlier than its `at` on the segment's
 * clock, never two at once. A new segment (re)start (`epoch`) silences the one speaking and starts
 * the list again. Returns the `<audio>`'s events: its end (or error) frees it for the next cue.
 */
export function useSpokenCues(
  voiceRef: RefObject<HTMLAudioElement | null>,
  epoch: number,
  elapsed: number,
  playing: boolean,
  segment: PlayerSegment | undefined,
  tryPlay: (el: HTMLMediaElement | null) => void,
) {
  const cuePointer = useRef({ epoch: -1, next: 0, busy: false });
  useEffect(() => {
    const voice = voiceRef.current;
    const p = cuePointer.current;
    if (p.epoch !== epoch) {
      voice?.pause();
      voice?.removeAttribute("src");
      cuePointer.current = { epoch, next: 0, busy: false };
      return;
    }
    if (!voice || !playing || !segment || p.busy) return;
    const cue = segment.audio[p.next];
    if (!cue || elapsed < cue.at) return;
    p.busy = true;
    p.next += 1;
    voice.src = cue.url;
    tryPlay(voice);
  }, [epoch, elapsed, playing, segment, tryPlay, voiceRef]); // the ref never changes

  /** The voice `<audio>`'s events. */
  return {
    onEnded: () => {
      cuePointer.current.busy = false;
    },
    onError: () => {
      cuePointer.current.busy = false;
    },
  };
}
