"use client";

import { type RefObject, useEffect, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { CaptionTrack, PlayerSegment, PlayerWorkout } from "./model";
import { pickCaptionTrack, useCaptionsChoice } from "./use-captions-choice";

/**
 * Captions in the workout player. Each segment's WebVTT tracks are real `<track kind="captions">`
 * elements of the player's `<video>`, so the browser fetches and parses them (and exposes them to
 * assistive technology and picture-in-picture). The active cue is drawn by the player rather than
 * by the browser: exercise demos loop, so the video's own clock restarts every few seconds while
 * the spoken cue runs on; there cues follow the segment's clock (the one the spoken cues follow),
 * and the video's own time where the clip plays once.
 */

export interface CaptionsState {
  /** Some segment of the workout has captions: the CC control is offered. */
  available: boolean;
  on: boolean;
  /** The current segment's tracks and the one shown (null when off or none). */
  tracks: CaptionTrack[];
  active: CaptionTrack | null;
  /** Text of the cues active now ("" when none). */
  text: string;
  toggle(): void;
  setLocale(locale: string): void;
  /** Every locale any segment is captioned in, for the language menu. */
  locales: { locale: string; label: string }[];
}

export function useCaptions(videoRef: RefObject<HTMLVideoElement | null>, workout: PlayerWorkout, segment: PlayerSegment | undefined, elapsed: number): CaptionsState {
  const [choice, choose] = useCaptionsChoice();
  const locales = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of workout.segments) for (const t of s.captions ?? []) if (!seen.has(t.locale)) seen.set(t.locale, t.label);
    return [...seen].map(([locale, label]) => ({ locale, label })).sort((a, b) => a.locale.localeCompare(b.locale));
  }, [workout.segments]);
  const tracks = segment?.captions ?? [];
  const voice = segment?.audio.find((a) => a.locale)?.locale;
  const page = typeof document !== "undefined" ? document.documentElement.lang : undefined;
  const active = choice.on ? pickCaptionTrack(tracks, [choice.locale, voice, page]) : null;

  // Load the shown track's cues (mode "hidden": fetched and parsed, drawn by us); others stay disabled.
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const elements = [...video.querySelectorAll("track")];
    for (const el of elements) {
      const want = active !== null && el.getAttribute("src") === active.url;
      if (el.track.mode !== (want ? "hidden" : "disabled")) el.track.mode = want ? "hidden" : "disabled";
    }
    const onLoad = () => setLoaded((n) => n + 1);
    onLoad(); // a track loaded before shows its cues now, not at the next tick
    for (const el of elements) el.addEventListener("load", onLoad);
    return () => {
      for (const el of elements) el.removeEventListener("load", onLoad);
    };
  }, [videoRef, active]);

  let text = "";
  const video = videoRef.current;
  // A clip that plays once (an intro, a class, a whole export) is its own clock; a looping demo is not.
  const at = segment?.video && !segment.video.loop && video && video.currentTime > 0 ? video.currentTime : elapsed;
  if (active && video) {
    const el = [...video.querySelectorAll("track")].find((t) => t.getAttribute("src") === active.url);
    const cues = el?.track.cues;
    if (cues) {
      const now: string[] = [];
      for (let i = 0; i < cues.length; i++) {
        const cue = cues[i] as VTTCue;
        if (cue.startTime <= at && at < cue.endTime) now.push(cue.text);
      }
      text = now.join("\n");
    }
  }
  void loaded; // re-render when a track's cues arrive

  return {
    available: locales.length > 0,
    on: choice.on,
    tracks,
    active,
    text,
    locales,
    toggle: () => choose({ ...choice, on: !choice.on }),
    setLocale: (locale) => choose({ on: true, locale }),
  };
}

/** The `<track>` children of the player's `<video>`: one per caption locale of the current segment. */
export function CaptionTracks({ tracks }: { tracks: readonly CaptionTrack[] }) {
  return (
    <>
      {tracks.map((t) => (
        <track key={t.url} kind="captions" src={t.url} srcLang={t.locale} label={t.label} />
      ))}
    </>
  );
}

/** The active cue, over the bottom of the picture (above "Up next"). */
export function CaptionOverlay({ text, lang }: { text: string; lang?: string }) {
  if (!text) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-9 flex justify-center px-4" data-testid="captions" lang={lang}>
      <p className="max-w-3xl whitespace-pre-line rounded bg-black/80 px-3 py-1 text-center text-lg leading-snug text-white sm:text-xl">{text}</p>
    </div>
  );
}

/** The CC button (pressed = captions on) and, when several languages exist, a language menu. */
export function CaptionsControl({ captions }: { captions: CaptionsState }) {
  if (!captions.available) return null;
  const current = captions.active?.locale ?? captions.locales[0]?.locale;
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        aria-pressed={captions.on}
        aria-label="Captions"
        title={captions.on ? "Turn captions off (c)" : "Turn captions on (c)"}
        onClick={captions.toggle}
        className={cn(
          "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-bold transition-colors focus-visible:outline-white",
          captions.on ? "bg-white text-black hover:bg-white/90" : "bg-white/15 text-white hover:bg-white/25",
        )}
      >
        CC
      </button>
      {captions.on && captions.locales.length > 1 ? (
        <select
          aria-label="Caption language"
          value={current}
          onChange={(e) => captions.setLocale(e.target.value)}
          className="h-11 rounded-full bg-white/15 px-3 text-sm text-white focus-visible:outline-white [&>option]:text-black"
        >
          {captions.locales.map((l) => (
            <option key={l.locale} value={l.locale}>
              {l.label}
            </option>
          ))}
        </select>
      ) : null}
    </span>
  );
}
