"use client";

import { type KeyboardEvent, type ReactNode, type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useReducer, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { CaptionOverlay, CaptionTracks, CaptionsControl, useCaptions } from "./caption-tracks"; // captions (caption-tracks.tsx)
import { attachSource, currentSource, isHlsUrl, releaseSource } from "./use-hls-source"; // HLS (use-hls-source.ts)
import { type MusicTrack, type PlayerSegment, type PlayerWorkout, type SegmentVideo, clock } from "./model";
import type { PlayerSnapshot } from "./snapshot";
import {
  type PlayerCommand,
  type PlayerState,
  commandAction,
  initialPlayerState,
  isRepBased,
  playerReducer,
  positionFraction,
  remainingSeconds,
} from "./reducer";
import { LiveAnnouncer } from "./live-announcer";
import { usePlayerKeys } from "./use-player-keys";

/**
 * The one workout player (embed, JSON receiver, the grids' overlay and dedicated page, and the
 * cast display): the pure reducer (reducer.ts) plus the media side effects around it: one
 * `<video>` for the current segment, the next clip preloaded off-document, spoken cues in their
 * own `<audio>`, background music in another (music-off pauses it). Control comes from its own
 * buttons and keys, or from outside through `handleRef` (`command("pause")`...), and every
 * change is reported through `onSnapshot`.
 */

export interface PlayerHandle {
  command(command: PlayerCommand): void;
  /** Plays segment `index` unless it already plays (idempotent, unlike next/prev). */
  goTo(index: number): void;
  setMusic(on: boolean): void;
  snapshot(): PlayerSnapshot;
}

export interface PlayerMediaError {
  code: "media_unavailable";
  message: string;
}

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

const TICK_MS = 250;
const MUSIC_VOLUME = 0.35;

function snapshotOf(state: PlayerState, segments: readonly PlayerSegment[]): PlayerSnapshot {
  const seg = state.phase === "playing" ? (segments[state.index] ?? null) : null;
  return {
    phase: state.phase,
    paused: state.paused,
    index: state.index,
    segmentCount: segments.length,
    segment: seg
      ? { id: seg.id, kind: seg.kind, name: seg.name, timing: seg.timing, duration: seg.duration, reps: seg.reps, exerciseId: seg.exerciseId }
      : null,
    elapsed: state.elapsed,
    remaining: remainingSeconds(state, seg ?? undefined),
    played: state.played,
    musicOn: state.musicOn,
    finish: state.finish,
    epoch: state.epoch,
    currentExerciseIsRepBased: isRepBased(state, segments),
  };
}

/**
 * The URL a segment's video plays from: its HLS package when it has one (long clips) and that did
 * not fail in this player, else the progressive file.
 */
function sourceOf(video: SegmentVideo, failedHls: ReadonlySet<string>): string {
  return video.hlsUrl && !failedHls.has(video.hlsUrl) ? video.hlsUrl : video.url;
}

/** The next segment with a clip after `index`, to preload. */
function nextClip(segments: readonly PlayerSegment[], index: number, failedHls: ReadonlySet<string>): string | null {
  for (let i = index + 1; i < segments.length; i++) {
    const v = segments[i]!.video;
    if (!v) continue;
    const url = sourceOf(v, failedHls);
    return isHlsUrl(url) ? null : url; // a playlist is not preloaded by a bare element (nor its progressive twin, which will not play)
  }
  return null;
}

function Icon({ name }: { name: "play" | "pause" | "next" | "prev" | "music" | "music-off" | "rotate" | "restart" }) {
  const paths: Record<typeof name, string> = {
    play: "M8 5v14l11-7z",
    pause: "M6 5h4v14H6zM14 5h4v14h-4z",
    next: "M6 6l8.5 6L6 18zM16 6h2v12h-2z",
    prev: "M18 6l-8.5 6 8.5 6zM6 6h2v12H6z",
    music: "M12 3v10.6A4 4 0 1 0 14 17V7h4V3z",
    "music-off": "M4.3 3 3 4.3l9 9V13.6A4 4 0 1 0 14 17v-1.7l5.7 5.7 1.3-1.3zM14 7h4V3h-6v5.2l2 2z",
    rotate: "M7.3 5.6 9 4v3H3.9l1.9-1.9A9 9 0 0 1 21 12h-2a7 7 0 0 0-11.7-6.4zM16.7 18.4 15 20v-3h5.1l-1.9 1.9A9 9 0 0 1 3 12h2a7 7 0 0 0 11.7 6.4z",
    restart: "M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z",
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
      <path d={paths[name]} />
    </svg>
  );
}

function ControlButton({
  label,
  onClick,
  children,
  primary,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  primary?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        "inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-medium transition-colors disabled:opacity-40 focus-visible:outline-white",
        primary ? "bg-white text-black hover:bg-white/90" : "bg-white/15 text-white hover:bg-white/25",
      )}
    >
      {children}
    </button>
  );
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
  const reducer = useMemo(() => playerReducer(segments), [segments]);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialPlayerState());
  const stateRef = useRef(state);
  stateRef.current = state;

  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  /** HLS packages that failed in this player: their segments play the progressive file. */
  const failedHls = useRef(new Set<string>());
  const voiceRef = useRef<HTMLAudioElement>(null);
  const musicRef = useRef<HTMLAudioElement>(null);
  const [buffering, setBuffering] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [trackIndex, setTrackIndex] = useState(0);

  const segment = state.phase === "playing" ? segments[state.index] : undefined;
  const playing = state.phase === "playing" && !state.paused;
  // --- captions (caption-tracks.tsx): tracks of the current segment, on the segment's clock ---
  const captions = useCaptions(videoRef, workout, segment, state.elapsed);

  useImperativeHandle(
    handleRef,
    () => ({
      command: (c) => dispatch(commandAction(c)),
      goTo: (index) => dispatch({ type: "GO_TO", index }),
      setMusic: (on) => dispatch({ type: "SET_MUSIC", on }),
      snapshot: () => snapshotOf(stateRef.current, segments),
    }),
    [segments],
  );

  // Start right away when the workout skips its preview (or a cast display says so).
  useEffect(() => {
    if ((autoStart || workout.skipPreview) && stateRef.current.phase === "preview") dispatch({ type: "START" });
  }, [autoStart, workout.skipPreview]);

  useEffect(() => {
    onSnapshot?.(snapshotOf(state, segments));
  }, [state, segments, onSnapshot]);

  // The start and restart buttons disappear when playback begins: keep focus (and the keyboard
  // shortcuts) in the player instead of letting it fall back to the page.
  useEffect(() => {
    const root = rootRef.current;
    if (state.phase !== "playing" || !root) return;
    const active = document.activeElement;
    if (!active || active === document.body) root.focus({ preventScroll: true });
  }, [state.phase]);

  // The clock: playback seconds advance only while playing and the clip is not buffering. It starts
  // again with each segment, so a segment entered between two ticks is not credited with time
  // spent in the one before (its cues would come early).
  const epoch = state.epoch;
  useEffect(() => {
    if (!playing || buffering) return;
    let last = performance.now();
    const id = window.setInterval(() => {
      const now = performance.now();
      dispatch({ type: "TICK", dt: (now - last) / 1000, epoch });
      last = now;
    }, TICK_MS);
    return () => {
      const now = performance.now();
      window.clearInterval(id);
      if (now - last > 20) dispatch({ type: "TICK", dt: (now - last) / 1000, epoch });
    };
  }, [playing, buffering, epoch]);

  const tryPlay = useCallback((el: HTMLMediaElement | null) => {
    if (!el) return;
    el.play().then(
      () => setNeedsGesture(false),
      (err: DOMException) => {
        // Autoplay with sound needs a gesture in some browsers: wait for one instead of failing.
        if (err?.name === "NotAllowedError") {
          setNeedsGesture(true);
          dispatch({ type: "PAUSE" });
        }
      },
    );
  }, []);

  // The current clip: a new source on every segment (re)start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the segment's epoch, not on every render's segment object
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    setMediaError(null);
    if (!segment?.video) {
      v.pause();
      setBuffering(false);
      return;
    }
    v.loop = segment.video.loop;
    v.muted = segment.video.muted;
    const source = sourceOf(segment.video, failedHls.current);
    if (currentSource(v) !== source) {
      setBuffering(true);
      attachSource(v, source, () => onVideoErrorRef.current()); // HLS or progressive (use-hls-source.ts)
    } else {
      v.currentTime = 0;
    }
    if (!stateRef.current.paused) tryPlay(v);
  }, [state.epoch, state.phase]);

  // Pause and resume every medium with the workout.
  useEffect(() => {
    const v = videoRef.current;
    const voice = voiceRef.current;
    if (!playing) {
      v?.pause();
      voice?.pause();
      return;
    }
    if (v && segment?.video && v.paused) tryPlay(v);
    if (voice?.getAttribute("src") && voice.paused && !voice.ended && voice.currentTime > 0) tryPlay(voice);
  }, [playing, segment, tryPlay]);

  // Spoken cues: in order, each no earlier than its `at`, never two at once.
  const cuePointer = useRef({ epoch: -1, next: 0, busy: false });
  useEffect(() => {
    const voice = voiceRef.current;
    const p = cuePointer.current;
    if (p.epoch !== state.epoch) {
      voice?.pause();
      voice?.removeAttribute("src");
      cuePointer.current = { epoch: state.epoch, next: 0, busy: false };
      return;
    }
    if (!voice || !playing || !segment || p.busy) return;
    const cue = segment.audio[p.next];
    if (!cue || state.elapsed < cue.at) return;
    p.busy = true;
    p.next += 1;
    voice.src = cue.url;
    tryPlay(voice);
  }, [state.epoch, state.elapsed, playing, segment, tryPlay]);

  // Background music: its own element, playing only while the workout plays and music is on.
  const musicWanted = music.length > 0 && playing && state.musicOn;
  useEffect(() => {
    const m = musicRef.current;
    if (!m || music.length === 0) return;
    const track = music[trackIndex % music.length]!;
    if (m.getAttribute("src") !== track.url) m.src = track.url;
    m.volume = MUSIC_VOLUME;
    if (musicWanted) tryPlay(m);
    else m.pause();
  }, [musicWanted, trackIndex, music, tryPlay]);

  // Preload the next clip off-document so the next segment starts without a stall.
  const preloader = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (state.phase === "completed") return;
    const url = nextClip(segments, state.phase === "preview" ? -1 : state.index, failedHls.current);
    if (!url) return;
    preloader.current ??= document.createElement("video");
    const p = preloader.current;
    if (p.getAttribute("src") === url) return;
    p.muted = true;
    p.preload = "auto";
    p.src = url;
    p.load();
  }, [state.index, state.phase, segments]);
  useEffect(
    () => () => {
      preloader.current?.removeAttribute("src");
      preloader.current?.load();
    },
    [],
  );

  // --- HLS (use-hls-source.ts): hls.js reports fatal errors here, not on the element ---
  const onVideoErrorRef = useRef(() => {});
  useEffect(() => () => releaseSource(videoRef.current), []);
  const onVideoError = () => {
    if (!segment?.video) return;
    // A long clip's HLS package that fails plays on from its progressive file (remembered for this player).
    const v = videoRef.current;
    const hls = segment.video.hlsUrl;
    if (v && hls && !failedHls.current.has(hls) && currentSource(v) === hls) {
      failedHls.current.add(hls);
      attachSource(v, segment.video.url, () => onVideoErrorRef.current());
      if (!stateRef.current.paused) tryPlay(v);
      return;
    }
    const message = "This video could not be loaded. You can skip to the next part or try again later.";
    setMediaError(message);
    setBuffering(false);
    dispatch({ type: "PAUSE" });
    onMediaError?.({ code: "media_unavailable", message });
  };
  onVideoErrorRef.current = onVideoError;

  const send = (c: PlayerCommand) => dispatch(commandAction(c));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === "BUTTON" || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === " " || e.key === "k") dispatch(state.phase === "preview" ? { type: "START" } : { type: "TOGGLE_PAUSE" });
    else if (e.key === "ArrowRight") send("next");
    else if (e.key === "ArrowLeft") send("prev");
    else if (e.key === "m") dispatch({ type: "TOGGLE_MUSIC" });
    else if (e.key === "c" && captions.available)
      captions.toggle(); // captions
    else return;
    e.preventDefault();
  };

  // ---- accessibility (live-announcer.tsx, use-player-keys.ts): announcements and the extra keys ----
  const [keyMessage, setKeyMessage] = useState("");
  const keyActions = useMemo(() => ({ end: () => dispatch({ type: "FINISH", how: "end" }), announce: setKeyMessage }), []);
  usePlayerKeys(rootRef, keyActions);
  const announced = useMemo(() => snapshotOf(state, segments), [state, segments]);
  // ---- end accessibility ----

  const remaining = remainingSeconds(state, segment);
  const upcoming = state.phase === "playing" ? segments[state.index + 1] : undefined;
  const chapter = segment?.chapters?.find((c) => state.elapsed >= c.startTimeSec && state.elapsed < c.endTimeSec);
  const showVideo = Boolean(segment?.video) && !mediaError;

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
      onKeyDown={onKeyDown}
      className={cn("relative flex h-full min-h-[320px] w-full flex-col overflow-hidden bg-black text-white outline-none", className)}
    >
      <LiveAnnouncer snapshot={announced} message={keyMessage} spokenCountdown={cues?.spokenCountdown} flashCue={cues?.flashCue} />
      <div className="relative min-h-0 flex-1">
        {/* biome-ignore lint/a11y/useMediaCaption: the caption <track>s come from CaptionTracks (caption-tracks.tsx), which the rule cannot see */}
        <video
          ref={videoRef}
          playsInline
          preload="auto"
          poster={segment?.video?.poster ?? undefined}
          aria-label={segment ? `${segment.name} video` : "Workout video"}
          onWaiting={() => setBuffering(true)}
          onPlaying={() => setBuffering(false)}
          onEnded={() => dispatch({ type: "MEDIA_ENDED", epoch: stateRef.current.epoch })}
          onError={onVideoError}
          className={cn("absolute inset-0 h-full w-full object-contain", !showVideo && "invisible")}
        >
          <CaptionTracks tracks={captions.tracks} />
        </video>
        {segment && !segment.video && segment.imageUrl ? (
          // biome-ignore lint/performance/noImgElement: media URLs are signed per request; next/image would proxy them
          <img src={segment.imageUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
        ) : null}

        {state.phase === "preview" ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/70 p-6 text-center">
            {workout.poster ? (
              // biome-ignore lint/performance/noImgElement: public poster URL
              <img src={workout.poster} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40" />
            ) : null}
            <h2 className="text-2xl font-bold sm:text-3xl">{workout.name}</h2>
            {workout.description ? <p className="max-w-xl text-white/80">{workout.description}</p> : null}
            <p className="text-sm text-white/70">
              {clock(workout.duration)} · {segments.length} parts{workout.difficulty ? ` · ${workout.difficulty}` : ""}
            </p>
            <button
              type="button"
              onClick={() => dispatch({ type: "START" })}
              disabled={segments.length === 0}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 text-lg font-semibold text-black hover:bg-white/90 disabled:opacity-50"
            >
              <Icon name="play" /> Start workout
            </button>
            {segments.length === 0 ? <p role="alert">This workout has nothing to play yet.</p> : null}
          </div>
        ) : null}

        {state.phase === "playing" && segment ? (
          <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-4 bg-gradient-to-b from-black/70 to-transparent p-4">
            <div className="min-w-0">
              <p className="text-xs uppercase tracking-wide text-white/70">
                {state.index + 1} / {segments.length} · {segment.kind === "break" ? "Rest" : segment.kind === "exercise" ? "Exercise" : segment.kind}
              </p>
              <h2 className="truncate text-xl font-semibold sm:text-2xl">{segment.name}</h2>
              {chapter ? <p className="text-sm text-white/80">{chapter.name}</p> : null}
              {segment.facts.length ? <p className="text-sm text-white/70">{segment.facts.join(" · ")}</p> : null}
            </div>
            <div className="text-right" aria-live="off">
              {segment.timing === "reps" ? (
                <p className="text-3xl font-bold tabular-nums sm:text-4xl">{segment.reps} reps</p>
              ) : (
                <p className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="countdown">
                  {clock(remaining ?? 0)}
                </p>
              )}
              {segment.timing === "reps" ? <p className="text-sm tabular-nums text-white/70">{clock(state.elapsed)}</p> : null}
            </div>
          </div>
        ) : null}

        {state.phase === "playing" ? <CaptionOverlay text={captions.text} lang={captions.active?.locale} /> : null}

        {state.phase === "playing" && upcoming && !immersive ? (
          <p className="pointer-events-none absolute bottom-2 right-4 text-sm text-white/80">Up next: {upcoming.name}</p>
        ) : null}

        {state.paused && state.phase === "playing" && !mediaError ? (
          <div className="absolute inset-0 flex items-center justify-center bg-black/40">
            <button
              type="button"
              onClick={() => dispatch({ type: "PLAY" })}
              className="inline-flex h-14 items-center gap-2 rounded-full bg-white px-6 text-lg font-semibold text-black"
            >
              <Icon name="play" /> {needsGesture ? "Tap to start" : "Resume"}
            </button>
          </div>
        ) : null}

        {mediaError ? (
          <div role="alert" className="absolute inset-x-4 top-1/3 mx-auto max-w-md rounded-xl bg-black/85 p-4 text-center">
            <p>{mediaError}</p>
            <div className="mt-3 flex justify-center gap-2">
              <ControlButton label="Skip to the next part" onClick={() => send("next")}>
                Skip
              </ControlButton>
              <ControlButton label="Try this part again" onClick={() => dispatch({ type: "PREV" })}>
                Try again
              </ControlButton>
            </div>
          </div>
        ) : null}

        {state.phase === "completed" ? (
          <div className="absolute inset-0 overflow-y-auto bg-black/85 p-6">
            {workout.skipCompletionScreen ? (
              <p className="mt-10 text-center text-lg" role="status">
                Workout finished.
              </p>
            ) : (
              <div className="mx-auto flex max-w-lg flex-col items-center gap-3 text-center" role="status">
                <h2 className="text-2xl font-bold">{state.finish === "end" ? "Workout ended" : "Workout complete"}</h2>
                <p className="text-white/80">
                  {workout.name} · {clock(state.played)} played
                </p>
                {completion}
                {!hideControls ? (
                  <ControlButton label="Restart the workout" onClick={() => send("restart")}>
                    <Icon name="restart" /> Restart
                  </ControlButton>
                ) : null}
              </div>
            )}
          </div>
        ) : null}
      </div>

      {state.phase === "playing" && !hideControls ? (
        <div className="flex flex-col gap-2 bg-black/90 px-3 pb-3 pt-2">
          <div
            role="progressbar"
            aria-label="Workout progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(positionFraction(state, segments) * 100)}
            className="h-1.5 w-full overflow-hidden rounded-full bg-white/20"
          >
            <div className="h-full bg-brand" style={{ width: `${Math.round(positionFraction(state, segments) * 1000) / 10}%` }} />
          </div>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <ControlButton label="Previous part" onClick={() => send("prev")}>
              <Icon name="prev" />
            </ControlButton>
            <ControlButton label={state.paused ? "Play" : "Pause"} primary onClick={() => dispatch({ type: "TOGGLE_PAUSE" })}>
              <Icon name={state.paused ? "play" : "pause"} />
            </ControlButton>
            <ControlButton label="Next part" onClick={() => send("next")}>
              <Icon name="next" />
            </ControlButton>
            {segment?.timing === "reps" ? (
              <ControlButton label="Done with this exercise" primary onClick={() => send("done_exercise")}>
                Done
              </ControlButton>
            ) : null}
            {music.length > 0 ? (
              <ControlButton label={state.musicOn ? "Turn music off" : "Turn music on"} onClick={() => dispatch({ type: "TOGGLE_MUSIC" })}>
                <Icon name={state.musicOn ? "music" : "music-off"} />
              </ControlButton>
            ) : null}
            <CaptionsControl captions={captions} />
            {onOrientationToggle ? (
              <ControlButton label="Rotate the player" onClick={onOrientationToggle}>
                <Icon name="rotate" />
              </ControlButton>
            ) : null}
            <ControlButton label="End workout" onClick={() => dispatch({ type: "FINISH", how: "end" })}>
              End
            </ControlButton>
          </div>
        </div>
      ) : null}

      {/* biome-ignore lint/a11y/useMediaCaption: spoken cues; their transcripts are not shown as captions */}
      <audio
        ref={voiceRef}
        data-role="voice"
        preload="auto"
        onEnded={() => {
          cuePointer.current.busy = false;
        }}
        onError={() => {
          cuePointer.current.busy = false;
        }}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: background music has no words */}
      <audio ref={musicRef} data-role="music" preload="none" onEnded={() => setTrackIndex((i) => i + 1)} />
    </section>
  );
}
