"use client";

import { type ReactNode, type Ref, useMemo, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { CaptionOverlay, CaptionTracks, useCaptions } from "./caption-tracks"; // captions (caption-tracks.tsx)
import type { MusicTrack, PlayerWorkout } from "./model";
import { type PlayerSnapshot, snapshotOf } from "./snapshot";
import { type PlayerCommand, commandAction, remainingSeconds } from "./reducer";
import { LiveAnnouncer } from "./live-announcer";
import { ControlsBar } from "./player-controls";
import { CompletionOverlay, MediaErrorOverlay, PreviewOverlay, ResumeOverlay, SegmentInfo, UpNext } from "./player-overlays";
import { type PlayerHandle, useAutoStart, usePlayerHandle, usePlayerReducer, useSnapshotReports } from "./use-player-state";
import { type PlayerMediaError, useMediaController } from "./use-media-controller";
import { useSpokenCues } from "./use-spoken-cues";
import { useBackgroundMusic } from "./use-background-music";
import { usePreloadNextClip } from "./use-preload-next-clip";
import { useFocusWhenPlaying, usePlayerKeyboard } from "./use-player-keys";

/**
 * The one workout player (embed, JSON receiver, the grids' overlay and dedicated page, and the
 * cast display), in the pieces vidstack separates:
 * - state: the pure reducer (reducer.ts) and what leaves it: the handle a host drives it with
 *   (`handleRef`: `command("pause")`...), the start without a preview, a snapshot of every
 *   change through `onSnapshot` (use-player-state.ts);
 * - controllers, one hook per medium: the `<video>` of the current segment and the clock
 *   (use-media-controller.ts, use-playback-clock.ts), spoken cues in their own `<audio>`
 *   (use-spoken-cues.ts), background music in another (use-background-music.ts), the next clip
 *   preloaded off-document (use-preload-next-clip.ts), captions (caption-tracks.tsx);
 * - events: the keys (use-player-keys.ts) and the live region (live-announcer.tsx);
 * - the view: the overlays (player-overlays.tsx) and the controls bar (player-controls.tsx).
 */

export type { PlayerHandle } from "./use-player-state";
export type { PlayerMediaError } from "./use-media-controller";

export interface WorkoutPlayerProps {
  workout: PlayerWorkout;
  music?: MusicTrack[];
  handleRef?: Ref<PlayerHandle>;
  onSnapshot?: (snapshot: PlayerSnapshot) => void;
  onMediaError?: (error: PlayerMediaError) => void;
  /** Shown on the completion screen (the feedback form). */
  completion?: ReactNode;
  /** Offers an orientation button that asks the host to rotate (embeds). */
  onOrientationToggle?: () => void;
  /** The host shows the player full screen: tighter chrome. */
  immersive?: boolean;
  /** Start without the preview even when the workout does not skip it (cast display). */
  autoStart?: boolean;
  /** Hides the player's own controls (a cast display is driven from the phone). */
  hideControls?: boolean;
  /** Optional cues for noisy gyms: speak the last five seconds, flash the screen at changes (live-announcer.tsx). */
  cues?: { spokenCountdown?: boolean; flashCue?: boolean };
  className?: string;
}

export function WorkoutPlayer({
  workout,
  music = [],
  handleRef,
  onSnapshot,
  onMediaError,
  completion,
  onOrientationToggle,
  immersive = false,
  autoStart = false,
  hideControls = false,
  cues,
  className,
}: WorkoutPlayerProps) {
  const segments = workout.segments;
  const store = usePlayerReducer(segments);
  const { state, dispatch, stateRef } = store;
  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const voiceRef = useRef<HTMLAudioElement>(null);
  /** HLS packages that failed in this player: their segments play the progressive file. */
  const failedHls = useRef(new Set<string>());

  const segment = state.phase === "playing" ? segments[state.index] : undefined;
  const playing = state.phase === "playing" && !state.paused;
  const captions = useCaptions(videoRef, workout, segment, state.elapsed);

  usePlayerHandle(handleRef, store, segments);
  useAutoStart(autoStart, workout.skipPreview, store);
  useSnapshotReports(state, segments, onSnapshot);
  useFocusWhenPlaying(rootRef, state.phase);
  const media = useMediaController({ videoRef, voiceRef, state, stateRef, dispatch, segment, playing, failedHls: failedHls.current, onMediaError });
  const voiceEvents = useSpokenCues(voiceRef, state.epoch, state.elapsed, playing, segment, media.tryPlay);
  const backgroundMusic = useBackgroundMusic(music, music.length > 0 && playing && state.musicOn, media.tryPlay);
  usePreloadNextClip(segments, state.index, state.phase, failedHls.current);
  const keys = usePlayerKeyboard(rootRef, state.phase, dispatch, captions);
  const announced = useMemo(() => snapshotOf(state, segments), [state, segments]);

  const send = (c: PlayerCommand) => dispatch(commandAction(c));
  const upcoming = state.phase === "playing" ? segments[state.index + 1] : undefined;
  const showVideo = Boolean(segment?.video) && !media.mediaError;

  return (
    <section
      ref={rootRef}
      tabIndex={-1}
      aria-label={`Workout player: ${workout.name}`}
      data-phase={state.phase}
      data-segment-kind={segment?.kind ?? ""}
      data-segment-index={state.phase === "playing" ? state.index : undefined}
      data-paused={state.phase === "playing" ? String(state.paused) : undefined}
      data-immersive={immersive ? "true" : undefined}
      onKeyDown={keys.onKeyDown}
      className={cn("relative flex h-full min-h-[320px] w-full flex-col overflow-hidden bg-black text-white outline-none", className)}
    >
      <LiveAnnouncer snapshot={announced} message={keys.keyMessage} spokenCountdown={cues?.spokenCountdown} flashCue={cues?.flashCue} />
      <div className="relative min-h-0 flex-1">
        {/* biome-ignore lint/a11y/useMediaCaption: the caption <track>s come from CaptionTracks (caption-tracks.tsx), which the rule cannot see */}
        <video
          ref={videoRef}
          playsInline
          preload="auto"
          poster={segment?.video?.poster ?? undefined}
          aria-label={segment ? `${segment.name} video` : "Workout video"}
          onWaiting={media.videoEvents.onWaiting}
          onPlaying={media.videoEvents.onPlaying}
          onEnded={media.videoEvents.onEnded}
          onError={media.videoEvents.onError}
          className={cn("absolute inset-0 h-full w-full object-contain", !showVideo && "invisible")}
        >
          <CaptionTracks tracks={captions.tracks} />
        </video>
        {segment && !segment.video && segment.imageUrl ? (
          // biome-ignore lint/performance/noImgElement: media URLs are signed per request; next/image would proxy them
          <img src={segment.imageUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
        ) : null}
        {state.phase === "preview" ? <PreviewOverlay workout={workout} onStart={() => dispatch({ type: "START" })} /> : null}
        {state.phase === "playing" && segment ? (
          <SegmentInfo state={state} segment={segment} segmentCount={segments.length} remaining={remainingSeconds(state, segment)} />
        ) : null}
        {state.phase === "playing" ? <CaptionOverlay text={captions.text} lang={captions.active?.locale} /> : null}
        {state.phase === "playing" && upcoming && !immersive ? <UpNext segment={upcoming} /> : null}
        {state.paused && state.phase === "playing" && !media.mediaError ? (
          <ResumeOverlay needsGesture={media.needsGesture} onResume={() => dispatch({ type: "PLAY" })} />
        ) : null}
        {media.mediaError ? <MediaErrorOverlay message={media.mediaError} onSkip={() => send("next")} onRetry={() => dispatch({ type: "PREV" })} /> : null}
        {state.phase === "completed" ? (
          <CompletionOverlay workout={workout} state={state} completion={completion} onRestart={hideControls ? undefined : () => send("restart")} />
        ) : null}
      </div>

      {state.phase === "playing" && !hideControls ? (
        <ControlsBar
          state={state}
          dispatch={dispatch}
          segments={segments}
          segment={segment}
          hasMusic={music.length > 0}
          captions={captions}
          onOrientationToggle={onOrientationToggle}
        />
      ) : null}

      {/* biome-ignore lint/a11y/useMediaCaption: spoken cues; their transcripts are not shown as captions */}
      <audio ref={voiceRef} data-role="voice" preload="auto" onEnded={voiceEvents.onEnded} onError={voiceEvents.onError} />
      {/* biome-ignore lint/a11y/useMediaCaption: background music has no words */}
      <audio ref={backgroundMusic.musicRef} data-role="music" preload="none" onEnded={backgroundMusic.onEnded} />
    </section>
  );
}
