"use client";

import { type ReactNode, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { type HostMessage, type PlayerErrorCode, parseHostMessage, postToHost } from "./messages";
import type { PlayerSnapshot } from "./snapshot";

/**
 * What both iframe players share: they refuse to play top level, take their key out of the
 * address bar, listen to the host's FORMA_* messages (from the parent window only, validated),
 * and show any error as a sentence while posting FORMA_ERROR to the host.
 */

const subscribeNever = () => () => {};

/** "framed" inside an iframe, "top" when opened directly, "server" while rendering on the server. */
export function useFraming(): "framed" | "top" | "server" {
  return useSyncExternalStore(
    subscribeNever,
    () => (window.parent === window ? "top" : "framed"),
    () => "server",
  );
}

export interface EmbedParams {
  /** The last path segment of /embed/workout/{workoutId} (the workout player only). */
  workoutId: string | null;
  apiKey: string | null;
  /** An embed token (POST /v1/orgs/{organizationId}/embed-tokens), used instead of apiKey. */
  token: string | null;
  organizationId: string | null;
  endUserId: string | null;
  sessionMode: string | null;
  locale: string | null;
  /** Cues for noisy gyms (`spokenCountdown=on`, `flashCue=on`): the player's `cues`. */
  spokenCountdown: boolean;
  flashCue: boolean;
}

/**
 * Reads the embed's query once and removes `apiKey` (and `token`) from the address and the iframe's history
 * entry, so the key is not kept in history, copied links or later requests (the page is also
 * served with Referrer-Policy: no-referrer, so no request carries the URL as Referer).
 */
export function takeEmbedParams(): EmbedParams {
  const url = new URL(window.location.href);
  const get = (k: string) => url.searchParams.get(k);
  const path = /^\/embed\/workout\/([^/]+)\/?$/.exec(url.pathname);
  const params: EmbedParams = {
    workoutId: path ? decodeURIComponent(path[1]!) : null,
    apiKey: get("apiKey"),
    token: get("token"),
    organizationId: get("organizationId"),
    endUserId: get("endUserId"),
    sessionMode: get("sessionMode"),
    locale: get("locale"),
    spokenCountdown: flagOn(get("spokenCountdown")),
    flashCue: flagOn(get("flashCue")),
  };
  if (url.searchParams.has("apiKey") || url.searchParams.has("token")) {
    url.searchParams.delete("apiKey");
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", url.toString());
  }
  return params;
}

const flagOn = (v: string | null) => v !== null && ["on", "true", "1", "yes"].includes(v.trim().toLowerCase());

/** The embed params, read (and the key stripped) once after mount; null before that. */
export function useEmbedParams(): EmbedParams | null {
  const [params, setParams] = useState<EmbedParams | null>(null);
  useEffect(() => {
    setParams(takeEmbedParams());
  }, []);
  return params;
}

/** Calls `onMessage` for each valid FORMA_* message from the parent window; tells the host about malformed ones. */
export function useHostMessages(onMessage: (m: HostMessage) => void, enabled = true) {
  const ref = useRef(onMessage);
  ref.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MessageEvent) => {
      if (event.source !== window.parent || window.parent === window) return;
      const { message, invalid } = parseHostMessage(event.data);
      if (message) ref.current(message);
      else if (invalid) postToHost({ type: "FORMA_ERROR", code: "invalid_message", message: invalid });
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [enabled]);
}

export interface ShownError {
  code: PlayerErrorCode;
  message: string;
  status?: number;
  retryAfterSeconds?: number;
}

/** Posts each new error to the host once. */
export function useReportError(error: ShownError | null) {
  const reported = useRef<ShownError | null>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    postToHost({
      type: "FORMA_ERROR",
      code: error.code,
      message: error.message,
      ...(error.status ? { status: error.status } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    });
  }, [error]);
}

export function PlayerScreen({ title, children, tone = "neutral" }: { title: string; children?: ReactNode; tone?: "neutral" | "error" }) {
  return (
    <div className="flex h-full min-h-[240px] w-full items-center justify-center bg-black p-6 text-center text-white">
      <div role={tone === "error" ? "alert" : "status"} className="max-w-md">
        <h1 className="text-xl font-semibold">{title}</h1>
        {children ? <div className="mt-2 text-white/80">{children}</div> : null}
      </div>
    </div>
  );
}

/** The short explanation shown instead of a player opened outside an iframe. */
export function TopLevelNotice() {
  return (
    <PlayerScreen title="This player works inside another page">
      <p>
        Forma players are embedded by partner websites and apps in an <code>&lt;iframe&gt;</code>. Open the page that embeds this workout, or see{" "}
        <a className="text-white underline" href="/docs/embed">
          how to embed a player
        </a>
        .
      </p>
    </PlayerScreen>
  );
}

/**
 * Whether an embed token names a member (its `sub` claim), read without verifying (the API does):
 * a token without one records no sessions, so the player does not try.
 */
export function tokenNamesMember(token: string): boolean {
  try {
    const part = token.split(".")[1] ?? "";
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((part.length + 3) % 4));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === "string" && sub.length > 0;
  } catch {
    return false;
  }
}

/** Sessions are recorded when sessionMode is switched on, or when an endUserId names the member (unless sessionMode says off). */
export function sessionsWanted(params: Pick<EmbedParams, "sessionMode" | "endUserId">): boolean {
  const mode = params.sessionMode?.trim().toLowerCase();
  if (mode !== undefined && mode !== "") return !["false", "0", "off", "no", "none", "disabled"].includes(mode);
  return Boolean(params.endUserId);
}

/**
 * Reports playback to the host: FORMA_PLAYBACK_STATE on every move (not on clock ticks) and
 * FORMA_WORKOUT_FINISHED once when the workout finishes.
 */
export function usePlaybackReporter(): (s: PlayerSnapshot, sessionId?: string | null) => void {
  const reported = useRef("");
  return useCallback((s: PlayerSnapshot, sessionId: string | null = null) => {
    const key = `${s.phase}|${s.paused}|${s.epoch}`;
    if (key === reported.current) return;
    const previous = reported.current;
    reported.current = key;
    postToHost({
      type: "FORMA_PLAYBACK_STATE",
      phase: s.phase,
      paused: s.paused,
      segmentIndex: s.index,
      segmentCount: s.segmentCount,
      segmentKind: s.segment?.kind ?? null,
      currentExerciseIsRepBased: s.currentExerciseIsRepBased,
    });
    if (s.phase === "completed" && !previous.startsWith("completed")) {
      postToHost({ type: "FORMA_WORKOUT_FINISHED", how: s.finish ?? "complete", sessionId, playedSeconds: Math.round(s.played) });
    }
  }, []);
}
