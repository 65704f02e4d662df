"use client";

import type { ReactNode } from "react";
import { ControlButton, Icon } from "./player-controls";
import { type PlayerSegment, type PlayerWorkout, clock } from "./model";
import type { PlayerState } from "./reducer";

/** What the player draws over the picture: the preview, the segment's facts, "up next", resume, a media error, the completion screen. */

/** Before the start: the workout's name, description, length and the start button. */
export function PreviewOverlay({ workout, onStart }: { workout: PlayerWorkout; onStart: () => void }) {
  const segments = workout.segments;
  return (
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
        onClick={onStart}
        disabled={segments.length === 0}
        className="inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 text-lg font-semibold text-black hover:bg-white/90 disabled:opacity-50"
      >
        <Icon name="play" /> Start workout
      </button>
      {segments.length === 0 ? <p role="alert">This workout has nothing to play yet.</p> : null}
    </div>
  );
}

/** The playing segment: position, kind, name, chapter and facts; the countdown (timed) or the reps and the time spent (reps). */
export function SegmentInfo({ state, segment, segmentCount, remaining }: { state: PlayerState; segment: PlayerSegment; segmentCount: number; remaining: number | null }) {
  const chapter = segment.chapters?.find((c) => state.elapsed >= c.startTimeSec && state.elapsed < c.endTimeSec);
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-4 bg-gradient-to-b from-black/70 to-transparent p-4">
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-white/70">
          {state.index + 1} / {segmentCount} · {segment.kind === "break" ? "Rest" : segment.kind === "exercise" ? "Exercise" : segment.kind}
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
  );
}

export function UpNext({ segment }: { segment: PlayerSegment }) {
  return <p className="pointer-events-none absolute bottom-2 right-4 text-sm text-white/80">Up next: {segment.name}</p>;
}

/** Paused: one big button to go on ("Tap to start" when the browser wants a gesture before sound). */
export function ResumeOverlay({ needsGesture, onResume }: { needsGesture: boolean; onResume: () => void }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-black/40">
      <button type="button" onClick={onResume} className="inline-flex h-14 items-center gap-2 rounded-full bg-white px-6 text-lg font-semibold text-black">
        <Icon name="play" /> {needsGesture ? "Tap to start" : "Resume"}
      </button>
    </div>
  );
}

/** The clip could not be loaded: skip the part or try it again. */
export function MediaErrorOverlay({ message, onSkip, onRetry }: { message: string; onSkip: () => void; onRetry: () => void }) {
  return (
    <div role="alert" className="absolute inset-x-4 top-1/3 mx-auto max-w-md rounded-xl bg-black/85 p-4 text-center">
      <p>{message}</p>
      <div className="mt-3 flex justify-center gap-2">
        <ControlButton label="Skip to the next part" onClick={onSkip}>
          Skip
        </ControlButton>
        <ControlButton label="Try this part again" onClick={onRetry}>
          Try again
        </ControlButton>
      </div>
    </div>
  );
}

/** The end: finished or ended, the time played, the host's `completion` (the feedback form) and restart. */
export function CompletionOverlay({
  workout,
  state,
  completion,
  onRestart,
}: {
  workout: PlayerWorkout;
  state: PlayerState;
  completion?: ReactNode;
  /** Absent: no restart button (a cast display is driven from the phone). */
  onRestart?: () => void;
}) {
  return (
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
          {onRestart ? (
            <ControlButton label="Restart the workout" onClick={onRestart}>
              <Icon name="restart" /> Restart
            </ControlButton>
          ) : null}
        </div>
      )}
    </div>
  );
}
