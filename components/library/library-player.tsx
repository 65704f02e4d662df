"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { apiJson, asPlayerError } from "@/components/player/api";
import { FeedbackForm } from "@/components/player/feedback-form";
import { type ApiMusic, type ApiPlaylist, type ApiWorkoutDetail, playerMusic, workoutFromPlaylist } from "@/components/player/from-playlist";
import { WorkoutPlayer } from "@/components/player/player";
import { useSessionTracker } from "@/components/player/use-session-tracker";
import { Spinner } from "@/components/ui/spinner";
import { librarySessionApi } from "./library-session-api";

/**
 * The player on the grids (overlay and dedicated page): the same WorkoutPlayer as the embeds,
 * fed by the pages' own route (no key in the browser). A signed-in member's sessions are
 * recorded, so their plan progress moves, and they get the feedback form.
 */
export default function LibraryPlayer({
  organizationId,
  workoutId,
  planId,
  locale,
  signedIn,
  className,
}: {
  organizationId: string;
  workoutId: string;
  planId?: string;
  locale: string | null;
  signedIn: boolean;
  className?: string;
}) {
  const q = new URLSearchParams();
  if (planId) q.set("planId", planId);
  if (locale) q.set("locale", locale);
  const data = useQuery({
    queryKey: ["library-player", organizationId, workoutId, planId, locale],
    queryFn: () =>
      apiJson<{ workout: ApiWorkoutDetail; playlist: ApiPlaylist; music: ApiMusic }>(
        `/api/library/${organizationId}/workouts/${workoutId}/player${q.size ? `?${q}` : ""}`,
        { what: "This workout" },
      ),
    retry: false,
  });
  const workout = useMemo(() => (data.data ? workoutFromPlaylist(data.data.workout, data.data.playlist) : null), [data.data]);
  const music = useMemo(() => (data.data ? playerMusic(data.data.workout, data.data.music) : []), [data.data]);
  const sessions = useMemo(
    () => (signedIn ? librarySessionApi({ organizationId, workoutId, planId, locale }) : null),
    [signedIn, organizationId, workoutId, planId, locale],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const tracker = useSessionTracker(sessions, (e) => setNotice(`Your progress could not be saved: ${e.message}`));

  if (data.isError) {
    return (
      <div role="alert" className="flex min-h-[240px] items-center justify-center rounded-lg bg-black p-6 text-center text-white">
        {asPlayerError(data.error).message}
      </div>
    );
  }
  if (!workout) {
    return (
      <div className="flex min-h-[240px] items-center justify-center rounded-lg bg-black text-white">
        <Spinner label="Loading the workout" className="text-white" />
      </div>
    );
  }
  return (
    <div className={className}>
      <WorkoutPlayer
        workout={workout}
        music={music}
        onSnapshot={tracker.track}
        completion={sessions && tracker.sessionId && tracker.finished ? <FeedbackForm api={sessions} sessionId={tracker.sessionId} /> : null}
        className="h-full rounded-lg"
      />
      {notice ? (
        <p role="status" className="mt-2 text-sm text-warn">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
