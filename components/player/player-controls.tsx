"use client";

import type { Dispatch, ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { type CaptionsState, CaptionsControl } from "./caption-tracks";
import type { PlayerSegment } from "./model";
import { type PlayerAction, type PlayerCommand, type PlayerState, commandAction, positionFraction } from "./reducer";

/** The player's buttons: the icons, one button, and the bar under the picture while a workout plays. */

export type IconName = "play" | "pause" | "next" | "prev" | "music" | "music-off" | "rotate" | "restart";

export function Icon({ name }: { name: IconName }) {
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

export function ControlButton({
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

export interface ControlsBarProps {
  state: PlayerState;
  dispatch: Dispatch<PlayerAction>;
  segments: readonly PlayerSegment[];
  segment: PlayerSegment | undefined;
  hasMusic: boolean;
  captions: CaptionsState;
  onOrientationToggle?: () => void;
}

/** The progress bar and the buttons: previous, play/pause, next, done (reps), music, captions, rotate, end. */
export function ControlsBar({ state, dispatch, segments, segment, hasMusic, captions, onOrientationToggle }: ControlsBarProps) {
  const send = (c: PlayerCommand) => dispatch(commandAction(c));
  return (
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
        {hasMusic ? (
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
  );
}
