"use client";

import { useEffect, useRef, useState } from "react";
import type { MusicTrack } from "./model";

const MUSIC_VOLUME = 0.35;

/**
 * Background music: its own `<audio>`, playing only while `wanted` (the workout plays and music is
 * on), at a fixed low volume, the tracks one after the other. Returns the element's ref and its
 * end event (the next track).
 */
export function useBackgroundMusic(music: readonly MusicTrack[], wanted: boolean, tryPlay: (el: HTMLMediaElement | null) => void) {
  const musicRef = useRef<HTMLAudioElement>(null);
  const [trackIndex, setTrackIndex] = useState(0);
  useEffect(() => {
    const m = musicRef.current;
    if (!m || music.length === 0) return;
    const track = music[trackIndex % music.length]!;
    if (m.getAttribute("src") !== track.url) m.src = track.url;
    m.volume = MUSIC_VOLUME;
    if (wanted) tryPlay(m);
    else m.pause();
  }, [wanted, trackIndex, music, tryPlay]);
  return { musicRef, onEnded: () => setTrackIndex((i) => i + 1) };
}
