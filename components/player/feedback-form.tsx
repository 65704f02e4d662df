"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { SessionApi } from "./session-api";

/**
 * The post-workout feedback form: rating and difficulty options from the organization
 * (GET /v1/workouts/feedback/options or the grids' route), an optional comment, one submission
 * per session (a repeat updates it on the server).
 */
export function FeedbackForm({ api, sessionId }: { api: SessionApi; sessionId: string }) {
  const id = useId();
  const options = useQuery({ queryKey: ["feedback-options"], queryFn: () => api.feedbackOptions(), staleTime: Number.POSITIVE_INFINITY });
  const [ratingId, setRatingId] = useState<string>("");
  const [difficultyId, setDifficultyId] = useState<string>("");
  const [comment, setComment] = useState("");
  const send = useMutation({
    mutationFn: () =>
      api.sendFeedback(sessionId, {
        ...(ratingId ? { ratingId } : {}),
        ...(difficultyId ? { difficultyId } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }),
  });

  if (send.isSuccess) return <p role="status">Thanks for your feedback!</p>;
  if (options.isPending) return <p className="text-white/70">Loading the feedback form…</p>;
  if (options.isError) return <p className="text-white/70">The feedback form is not available right now.</p>;

  const group = (legend: string, name: string, list: { id: string; label: string }[], value: string, set: (v: string) => void) => (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {list.map((o) => (
          <label
            key={o.id}
            className="cursor-pointer rounded-full border border-white/30 px-3 py-1 text-sm has-[:checked]:border-white has-[:checked]:bg-white has-[:checked]:text-black has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white"
          >
            <input type="radio" name={`${id}-${name}`} value={o.id} checked={value === o.id} onChange={() => set(o.id)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <form
      aria-label="Workout feedback"
      className="flex w-full flex-col gap-4 rounded-xl bg-white/10 p-4 text-left"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <h3 className="text-center text-lg font-semibold">How was it?</h3>
      {group("Rating", "rating", options.data.rating, ratingId, setRatingId)}
      {group("Difficulty", "difficulty", options.data.difficulty, difficultyId, setDifficultyId)}
      <label className="flex flex-col gap-1 text-sm">
        Comment (optional)
        <textarea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} className="min-h-20 rounded-lg bg-white/90 p-2 text-black" />
      </label>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {(send.error as Error).message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={send.isPending || (!ratingId && !difficultyId && !comment.trim())}
        className="h-11 rounded-full bg-white font-semibold text-black disabled:opacity-50"
      >
        {send.isPending ? "Sending…" : "Send feedback"}
      </button>
    </form>
  );
}
