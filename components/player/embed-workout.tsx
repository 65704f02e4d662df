"use client";

import { useQuery } from "@tanstack/react-query";
import { audioMixOf } from "@/lib/audio-mix";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { QueryProvider } from "@/components/query-provider";
import { type PlayerApiError, apiJson, asPlayerError } from "./api";
import {
  type EmbedParams,
  PlayerScreen,
  type ShownError,
  TopLevelNotice,
  sessionsWanted,
  tokenNamesMember,
  useEmbedParams,
  useFraming,
  useHostMessages,
  usePlaybackReporter,
  useReportError,
} from "./embed-frame";
import { useExportPlayback, wantsExportPlayback } from "./export-playback";
import { FeedbackForm } from "./feedback-form";
import { type ApiMusic, type ApiPlaylist, type ApiWorkoutDetail, playerMusic, workoutFromPlaylist } from "./from-playlist";
import { postToHost } from "./messages";
import { type PlayerHandle, WorkoutPlayer } from "./player";
import type { PlayerSnapshot } from "./snapshot";
import { v1SessionApi } from "./session-api";
import { useHostEvents } from "./use-host-events";
import { type PlaybackQualityReport, usePlaybackQuality } from "./use-playback-quality";
import { useSessionTracker } from "./use-session-tracker";

/**
 * The pre-built workout embed (/embed/workout/{workoutId}): loads the workout, its playlist and
 * its music through /v1 with the URL's key in X-Api-Key, plays them, records a session when
 * sessionMode or endUserId ask for it, and offers feedback on the completion screen.
 */
export function EmbedWorkout() {
  return (
    <QueryProvider>
      <EmbedWorkoutInner />
    </QueryProvider>
  );
}

const noRetryOn4xx = (count: number, err: unknown) => {
  const status = (err as PlayerApiError).status;
  return count < 2 && (status === undefined || status >= 500);
};

function EmbedWorkoutInner() {
  const framing = useFraming();
  const params = useEmbedParams();
  useEffect(() => {
    if (framing === "framed") postToHost({ type: "FORMA_READY", player: "workout" });
  }, [framing]);

  if (framing === "server" || !params) return <PlayerScreen title="Loading the workout…" />;
  if (framing === "top") return <TopLevelNotice />;
  if (!params.workoutId)
    return (
      <PlayerScreen title="No workout selected" tone="error">
        The player address names no workout.
      </PlayerScreen>
    );
  return <LoadedEmbed workoutId={params.workoutId} params={params} />;
}

function LoadedEmbed({ workoutId, params }: { workoutId: string; params: EmbedParams }) {
  // An embed token replaces the key (it is sent as a Bearer token); the key keeps working as before.
  const token = params.apiKey ? undefined : params.token || undefined;
  const apiKey = token ? undefined : (params.apiKey ?? "");
  const cred = useMemo(() => (token ? { token } : { apiKey }), [token, apiKey]);
  const locale = params.locale ? `?locale=${encodeURIComponent(params.locale)}` : "";
  const enabled = Boolean(token) || (apiKey ?? "").length > 0;
  const base = `/v1/workouts/${encodeURIComponent(workoutId)}`;

  const detail = useQuery({
    queryKey: ["embed", workoutId, "detail", params.locale],
    queryFn: () => apiJson<{ data: ApiWorkoutDetail & { organizationId: string } }>(`${base}${locale}`, { ...cred, what: "This workout" }),
    enabled,
    retry: noRetryOn4xx,
  });
  const playlist = useQuery({
    queryKey: ["embed", workoutId, "playlist", params.locale],
    queryFn: () => apiJson<ApiPlaylist>(`${base}/playlist${locale}`, { ...cred, what: "This workout" }),
    enabled,
    retry: noRetryOn4xx,
  });
  const music = useQuery({
    queryKey: ["embed", workoutId, "music"],
    queryFn: () => apiJson<ApiMusic>(`${base}/music`, { ...cred, what: "The workout's music" }),
    enabled: enabled && detail.data !== undefined && audioMixOf(detail.data.data.videoAudioMode, detail.data.data.mixBgMusic !== false).music,
    retry: noRetryOn4xx,
  });

  const [runtimeError, setRuntimeError] = useState<ShownError | null>(null);
  const [immersive, setImmersive] = useState(false);
  const handle = useRef<PlayerHandle>(null);

  const loadError: ShownError | null = useMemo(() => {
    if (!enabled) return { code: "unauthorized", message: "This player has no access key. Please ask the site owner to check the embed code." };
    const failed = detail.error ?? playlist.error;
    if (failed) {
      const e = asPlayerError(failed);
      return { code: e.code, message: e.message, status: e.status, retryAfterSeconds: e.retryAfterSeconds };
    }
    const org = detail.data?.data.organizationId;
    if (org && params.organizationId && org !== params.organizationId) return { code: "not_found", message: "This workout is not available.", status: 404 };
    return null;
  }, [enabled, detail.error, playlist.error, detail.data, params.organizationId]);
  const error = loadError ?? runtimeError;
  useReportError(error);

  const sessionApi = useMemo(
    () =>
      (token ? params.sessionMode?.trim().toLowerCase() !== "off" && tokenNamesMember(token) : sessionsWanted(params)) && enabled
        ? v1SessionApi({
            ...cred,
            workoutId,
            organizationId: params.organizationId ?? undefined,
            endUserId: token ? undefined : (params.endUserId ?? undefined),
            locale: params.locale ?? undefined,
          })
        : null,
    [params, enabled, cred, token, workoutId],
  );
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);
  const onSessionError = useCallback((e: PlayerApiError) => {
    setSessionNotice(`Your progress could not be saved: ${e.message}`);
    postToHost({ type: "FORMA_ERROR", code: e.code, message: e.message, ...(e.status ? { status: e.status } : {}) });
  }, []);
  // The playback-quality report (use-playback-quality.ts), read by the tracker when it reports.
  const qualityOf = useRef<(() => PlaybackQualityReport) | null>(null);
  const tracker = useSessionTracker(sessionApi, onSessionError, () => qualityOf.current?.());

  // Music is an extra: when it cannot be loaded the workout plays on without it, and the member
  // and the host are told once.
  const [musicNotice, setMusicNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!music.error) return;
    const e = asPlayerError(music.error);
    setMusicNotice(`The background music could not be loaded: ${e.message}`);
    postToHost({ type: "FORMA_ERROR", code: e.code, message: e.message, ...(e.status ? { status: e.status } : {}) });
  }, [music.error]);

  const playlistWorkout = useMemo(
    () => (detail.data && playlist.data ? workoutFromPlaylist(detail.data.data, playlist.data) : null),
    [detail.data, playlist.data],
  );
  // playback=export: the rendered export over HLS with its captions, else the playlist (export-playback.ts).
  const [exportWanted] = useState(() => typeof window !== "undefined" && wantsExportPlayback(window.location.search));
  const exported = useExportPlayback({
    enabled: exportWanted && enabled,
    base,
    cred,
    locale: params.locale,
    detail: detail.data?.data,
    firstSegmentId: playlistWorkout?.segments[0]?.id,
  });
  const workout = exported.workout ?? (exported.loading ? null : playlistWorkout);
  const tracks = useMemo(() => (detail.data ? playerMusic(detail.data.data, music.data) : []), [detail.data, music.data]);

  useHostMessages((m) => {
    if (m.type === "FORMA_HOST_IMMERSIVE") setImmersive(m.immersive);
    else if (m.type === "FORMA_CONTROL") handle.current?.command(m.action);
  });

  const report = usePlaybackReporter();
  const events = useHostEvents(workout?.segments ?? null);
  const quality = usePlaybackQuality(events.summary);
  qualityOf.current = quality.report;
  useEffect(() => {
    if (runtimeError) quality.noteError(runtimeError.code);
  }, [runtimeError, quality]);
  useEffect(() => {
    if (music.error) quality.noteError(asPlayerError(music.error).code);
  }, [music.error, quality]);
  const onSnapshot = useCallback(
    (s: PlayerSnapshot) => {
      quality.onSnapshot(s);
      events.report(s, tracker.sessionId);
      tracker.track(s);
      report(s, tracker.sessionId);
    },
    [tracker, report, events, quality],
  );

  if (error && !runtimeError)
    return (
      <PlayerScreen title="This workout cannot be played" tone="error">
        {error.message}
      </PlayerScreen>
    );
  if (!workout) return <PlayerScreen title="Loading the workout…" />;

  return (
    <div className="relative h-full w-full">
      <WorkoutPlayer
        workout={workout}
        music={exported.workout ? [] : tracks /* the export has its music mixed in */}
        handleRef={handle}
        onSnapshot={onSnapshot}
        immersive={immersive}
        cues={{ spokenCountdown: params.spokenCountdown, flashCue: params.flashCue }}
        onMediaError={(e) => setRuntimeError({ code: e.code, message: e.message })}
        onOrientationToggle={() => postToHost({ type: "FORMA_ORIENTATION_TOGGLE" })}
        completion={sessionApi && tracker.sessionId && tracker.finished ? <FeedbackForm api={sessionApi} sessionId={tracker.sessionId} /> : null}
        className="h-full"
      />
      {sessionNotice || musicNotice ? (
        <p role="status" className="absolute left-2 top-2 max-w-[80%] rounded bg-black/80 px-2 py-1 text-xs text-amber-200">
          {[sessionNotice, musicNotice].filter(Boolean).join(" ")}
        </p>
      ) : null}
    </div>
  );
}
