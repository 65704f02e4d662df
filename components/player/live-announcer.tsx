"use client";

import { useEffect, useRef, useState } from "react";
import type { PlayerSnapshot } from "./snapshot";

/**
 * A polite, throttled live region for screen-reader users: announces each exercise change
 * ("Exercise 3 of 12: Squats, 30 seconds") and the last five seconds of a timed exercise
 * ("5", "4", ...), never more than one announcement a second, so it does not flood the reader.
 * Optional cues for noisy gyms (flags): `spokenCountdown` speaks the last five seconds with the
 * browser's speech synthesis, `flashCue` flashes the screen once at each change and each of the
 * last seconds (skipped under prefers-reduced-motion).
 */

const MIN_GAP_MS = 1000;

/** What to announce for a snapshot, given the last announced key (pure; unit-tested). */
export function announcementFor(s: PlayerSnapshot, last: string): { key: string; text: string; countdown: number | null } | null {
  if (s.phase !== "playing" || !s.segment) return null;
  const change = `seg:${s.epoch}|`;
  if (!last.startsWith(change)) {
    const kind = s.segment.kind === "break" ? "Rest" : s.segment.kind === "exercise" ? "Exercise" : "Part";
    const length = s.segment.timing === "reps" ? `${s.segment.reps ?? ""} repetitions` : `${Math.round(s.segment.duration)} seconds`;
    return { key: change, text: `${kind} ${s.index + 1} of ${s.segmentCount}: ${s.segment.name}, ${length.trim()}`, countdown: null };
  }
  if (s.segment.timing === "countdown" && s.remaining !== null && !s.paused) {
    const n = Math.ceil(s.remaining);
    if (n >= 1 && n <= 5) {
      const key = `${change}${n}`;
      if (key !== last) return { key, text: String(n), countdown: n };
    }
  }
  return null;
}

export function LiveAnnouncer({
  snapshot,
  message,
  spokenCountdown = false,
  flashCue = false,
}: {
  snapshot: PlayerSnapshot | null;
  /** Something else to say (a key's effect, e.g. the volume); announced as it changes. */
  message?: string;
  spokenCountdown?: boolean;
  flashCue?: boolean;
}) {
  const [text, setText] = useState("");
  useEffect(() => {
    if (message) setText(message);
  }, [message]);
  const [flash, setFlash] = useState(0);
  const last = useRef("");
  const lastAt = useRef(0);
  useEffect(() => {
    if (!snapshot) return;
    const a = announcementFor(snapshot, last.current);
    if (!a) return;
    const now = Date.now();
    // Exercise changes always win; countdown numbers wait their turn (throttled).
    if (a.countdown !== null && now - lastAt.current < MIN_GAP_MS - 100) return;
    last.current = a.key;
    lastAt.current = now;
    setText(a.text);
    if (spokenCountdown && a.countdown !== null && typeof window !== "undefined" && "speechSynthesis" in window) {
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(new SpeechSynthesisUtterance(a.text));
    }
    if (flashCue && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setFlash((f) => f + 1);
  }, [snapshot, spokenCountdown, flashCue]);
  useEffect(() => {
    if (!flash) return;
    const id = window.setTimeout(() => setFlash(0), 180);
    return () => window.clearTimeout(id);
  }, [flash]);
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
        {text}
      </div>
      {flash ? <div aria-hidden="true" data-testid="flash-cue" className="pointer-events-none fixed inset-0 z-50 bg-white/70" /> : null}
    </>
  );
}
