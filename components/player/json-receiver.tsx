"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { QueryProvider } from "@/components/query-provider";
import { apiJson, asPlayerError } from "./api";
import { useHostEvents } from "./use-host-events";
import { PlayerScreen, type ShownError, TopLevelNotice, useEmbedParams, useFraming, useHostMessages, usePlaybackReporter, useReportError } from "./embed-frame";
import { type ResolvedAsset, exerciseIdsOf, workoutFromGenerated } from "./from-generated";
import { type GeneratedWorkoutInput, postToHost } from "./messages";
import { type PlayerHandle, WorkoutPlayer } from "./player";
import type { PlayerSnapshot } from "./snapshot";

/**
 * The JSON receiver (/embed/workout-json-receiver): waits for the host's FORMA_EMBED_INIT with
 * a generated or adapted workout and a key, resolves each clip through
 * GET /v1/video-asset/{id} (X-Api-Key) only once a non-empty key has arrived, and plays the
 * workout without background music, sessions or feedback (sessionMode is ignored).
 */
export function JsonReceiver() {
  return (
    <QueryProvider>
      <JsonReceiverInner />
    </QueryProvider>
  );
}

interface Init {
  workout: GeneratedWorkoutInput;
  apiKey: string;
  locale: string | null;
  /** Distinguishes repeated inits of the same workout. */
  seq: number;
}

function JsonReceiverInner() {
  const framing = useFraming();
  const params = useEmbedParams();
  const [init, setInit] = useState<Init | null>(null);
  const [waitingForKey, setWaitingForKey] = useState(false);
  const [immersive, setImmersive] = useState(false);
  const handle = useRef<PlayerHandle>(null);
  const seq = useRef(0);

  useHostMessages((m) => {
    if (m.type === "FORMA_EMBED_INIT") {
      if (m.apiKey.trim() === "") {
        // Nothing is fetched without a key; a later init may bring one.
        setWaitingForKey(true);
        return;
      }
      setWaitingForKey(false);
      seq.current += 1;
      setInit({ workout: m.workout, apiKey: m.apiKey.trim(), locale: m.locale ?? params?.locale ?? null, seq: seq.current });
    } else if (m.type === "FORMA_HOST_IMMERSIVE") setImmersive(m.immersive);
    else if (m.type === "FORMA_CONTROL") handle.current?.command(m.action);
  }, framing === "framed");

  useEffect(() => {
    if (framing === "framed") postToHost({ type: "FORMA_READY", player: "json-receiver" });
  }, [framing]);

  if (framing === "server" || !params) return <PlayerScreen title="Loading the player…" />;
  if (framing === "top") return <TopLevelNotice />;
  if (!init) {
    return (
      <PlayerScreen title={waitingForKey ? "Waiting for an access key" : "Waiting for a workout"}>
        {waitingForKey ? "The host page sent a workout without an access key." : "The host page has not sent a workout yet."}
      </PlayerScreen>
    );
  }
  return <ResolvedPlayer key={init.seq} init={init} immersive={immersive} handle={handle} />;
}

function ResolvedPlayer({ init, immersive, handle }: { init: Init; immersive: boolean; handle: React.RefObject<PlayerHandle | null> }) {
  const ids = useMemo(() => exerciseIdsOf(init.workout), [init.workout]);
  const locale = init.locale ? `?locale=${encodeURIComponent(init.locale)}` : "";
  const assets = useQuery({
    queryKey: ["video-assets", init.seq, ids, init.locale],
    queryFn: async () => {
      const rows = await Promise.all(
        ids.map((id) =>
          apiJson<{ data: ResolvedAsset }>(`/v1/video-asset/${encodeURIComponent(id)}${locale}`, { apiKey: init.apiKey, what: "An exercise video" }),
        ),
      );
      return new Map(rows.map((r) => [r.data.id.toLowerCase(), r.data]));
    },
    retry: false,
  });

  const built = useMemo(() => (assets.data ? workoutFromGenerated(init.workout, assets.data) : null), [assets.data, init.workout]);
  const [runtimeError, setRuntimeError] = useState<ShownError | null>(null);
  const loadError: ShownError | null = useMemo(() => {
    if (assets.error) {
      const e = asPlayerError(assets.error);
      return { code: e.code, message: e.message, status: e.status, retryAfterSeconds: e.retryAfterSeconds };
    }
    if (built && built.missing.length > 0) return { code: "not_found", message: "Some exercise videos of this workout are not available.", status: 404 };
    return null;
  }, [assets.error, built]);
  useReportError(loadError ?? runtimeError);

  const report = usePlaybackReporter();
  const events = useHostEvents(built?.workout.segments ?? null);
  const onSnapshot = useCallback(
    (s: PlayerSnapshot) => {
      report(s);
      events.report(s);
    },
    [report, events],
  );

  if (loadError)
    return (
      <PlayerScreen title="This workout cannot be played" tone="error">
        {loadError.message}
      </PlayerScreen>
    );
  if (!built) return <PlayerScreen title="Preparing the workout…" />;
  return (
    <WorkoutPlayer
      workout={built.workout}
      handleRef={handle}
      onSnapshot={onSnapshot}
      immersive={immersive}
      onMediaError={(e) => setRuntimeError({ code: e.code, message: e.message })}
      onOrientationToggle={() => postToHost({ type: "FORMA_ORIENTATION_TOGGLE" })}
      className="h-full"
    />
  );
}
