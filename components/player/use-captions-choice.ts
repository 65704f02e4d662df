"use client";

import { useCallback, useEffect, useState } from "react";
import type { CaptionTrack } from "./model";

/**
 * Whether captions show, and in which language. The page's URL flags (`captions=on|off`,
 * `captionsLocale=de-DE`) are the host's explicit request and win when present; otherwise the
 * viewer's last choice, remembered in localStorage on this origin (so it follows them from
 * embed to embed), else off. A viewer's toggle is stored and applies for the rest of the visit.
 */
export interface CaptionsChoice {
  on: boolean;
  /** A BCP-47 tag; null = the language of the voice being spoken. */
  locale: string | null;
}

export const CAPTIONS_STORAGE_KEY = "forma.captions";
const LOCALE_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The URL's flags: `captions=on|off|1|0|true|false` and `captionsLocale` (anything else is ignored). */
export function captionFlags(search: string): Partial<CaptionsChoice> {
  const params = new URLSearchParams(search);
  const out: Partial<CaptionsChoice> = {};
  const raw = params.get("captions")?.toLowerCase();
  if (raw === "on" || raw === "1" || raw === "true") out.on = true;
  else if (raw === "off" || raw === "0" || raw === "false") out.on = false;
  const locale = params.get("captionsLocale");
  if (locale && LOCALE_RE.test(locale)) out.locale = locale;
  return out;
}

function storedChoice(): Partial<CaptionsChoice> {
  try {
    const raw = window.localStorage.getItem(CAPTIONS_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { on?: unknown; locale?: unknown };
    return {
      ...(typeof parsed.on === "boolean" ? { on: parsed.on } : {}),
      ...(typeof parsed.locale === "string" && LOCALE_RE.test(parsed.locale) ? { locale: parsed.locale } : {}),
    };
  } catch {
    return {}; // storage blocked (third-party iframe settings) or corrupt: no memory
  }
}

export function useCaptionsChoice(): [CaptionsChoice, (next: CaptionsChoice) => void] {
  const [choice, setChoice] = useState<CaptionsChoice>({ on: false, locale: null });
  useEffect(() => {
    const stored = storedChoice();
    const flags = captionFlags(window.location.search);
    setChoice({ on: flags.on ?? stored.on ?? false, locale: flags.locale ?? stored.locale ?? null });
  }, []);
  const choose = useCallback((next: CaptionsChoice) => {
    setChoice(next);
    try {
      window.localStorage.setItem(CAPTIONS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Not remembered where storage is blocked; the choice still holds for this page.
    }
  }, []);
  return [choice, choose];
}

const languageOf = (tag: string) => tag.split("-")[0]!.toLowerCase();

/**
 * The track to show: the chosen locale (exact, then the same language), else the language of the
 * voice the segment speaks, else the page's, else the first.
 */
export function pickCaptionTrack(tracks: readonly CaptionTrack[], preferred: readonly (string | null | undefined)[]): CaptionTrack | null {
  if (tracks.length === 0) return null;
  for (const want of preferred) {
    if (!want) continue;
    const exact = tracks.find((t) => t.locale.toLowerCase() === want.toLowerCase());
    if (exact) return exact;
    const same = tracks.find((t) => languageOf(t.locale) === languageOf(want));
    if (same) return same;
  }
  return tracks[0]!;
}
