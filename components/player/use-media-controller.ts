"use client";

import { type Dispatch, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { PlayerSegment } from "./model";
import type { PlayerAction, PlayerState } from "./reducer";
import { usePlaybackClock } from "./use-playback-clock";
import { attachSource, currentSource, releaseSource, sourceOf } from "./use-hls-source"; // HLS (use-hls-source.ts)

/**
 * The media controller: the workout's state turned into what the media elements do. The current
 * segment's clip on the one `<video>` (a new source on every segment (re)start, HLS or
 * progressive), every medium paused and resumed with the workout, the clock that runs while the
 * clip plays, and the `<video>`'s own events (buffering, end, errors) turned back into actions.
 * A medium that may not start without a gesture pauses the workout and asks for one.
 */

export interface PlayerMediaError {
  code: "media_unavailable";
  message: string;
}

const MEDIA_ERROR_MESSAGE = "This video could not be loaded. You can skip to the next part or try again later.";

export interface MediaControllerInput {
  videoRef: RefObject<HTMLVideoElement | null>;
  voiceRef: RefObject<HTMLAudioElement | null>;
  state: PlayerState;
  stateRef: RefObject<PlayerState>;
  dispatch: Dispatch<PlayerAction>;
  segment: PlayerSegment | undefined;
  playing: boolean;
  /** HLS packages that failed in this player: their segments play the progressive file. */
  failedHls: Set<string>;
  onMediaError?: (error: PlayerMediaError) => void;
}

export function useMediaController({ videoRef, voiceRef, state, stateRef, dispatch, segment, playing, failedHls, onMediaError }: MediaControllerInput) {
  const [buffering, setBuffering] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);

  usePlaybackClock(dispatch, playing, buffering, state.epoch);

  const tryPlay = useCallback(
    (el: HTMLMediaElement | null) => {
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
    },
    [dispatch], // dispatch never changes
  );

  // hls.js reports fatal errors here, not on the element: through a ref, to the latest handler.
  const onVideoErrorRef = useRef(() => {});

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
    const source = sourceOf(segment.video, failedHls);
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
  }, [playing, segment, tryPlay, videoRef, voiceRef]); // the refs never change

  useEffect(() => () => releaseSource(videoRef.current), [videoRef]); // the ref never changes

  const onVideoError = () => {
    if (!segment?.video) return;
    // A long clip's HLS package that fails plays on from its progressive file (remembered for this player).
    const v = videoRef.current;
    const hls = segment.video.hlsUrl;
    if (v && hls && !failedHls.has(hls) && currentSource(v) === hls) {
      failedHls.add(hls);
      attachSource(v, segment.video.url, () => onVideoErrorRef.current());
      if (!stateRef.current.paused) tryPlay(v);
      return;
    }
    setMediaError(MEDIA_ERROR_MESSAGE);
    setBuffering(false);
    dispatch({ type: "PAUSE" });
    onMediaError?.({ code: "media_unavailable", message: MEDIA_ERROR_MESSAGE });
  };
  onVideoErrorRef.current = onVideoError;

  /** The `<video>` element's events. */
  const videoEvents = {
    onWaiting: () => setBuffering(true),
    onPlaying: () => setBuffering(false),
    onEnded: () => dispatch({ type: "MEDIA_ENDED", epoch: stateRef.current.epoch }),
    onError: onVideoError,
  };

  return { tryPlay, needsGesture, mediaError, videoEvents };
}
