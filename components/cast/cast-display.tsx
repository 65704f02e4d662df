"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type ApiMusic, type ApiPlaylist, type ApiWorkoutDetail, playerMusic, workoutFromPlaylist } from "@/components/player/from-playlist";
import { type PlayerHandle, WorkoutPlayer } from "@/components/player/player";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { CastError, type CastStatus, STATUS_EVENTS, castCall, useCastSocket } from "./cast-api";
import { deviceLabel } from "./device-label";

interface DisplaySession {
  session: { id: string; code: string; displayName: string; qr: { payload: string; svg: string }; expiresAt: string; status: CastStatus };
  organizationName: string;
  token: string;
}

interface PlayerData {
  workout: ApiWorkoutDetail;
  playlist: ApiPlaylist;
  music: ApiMusic;
}

/**
 * Brings the player to the session's status: the same segment, paused or playing, finished once
 * done. The server's state machine is the truth; the player follows it after every event and after
 * a reconnection. Every move is absolute (go to the status's segment, pause, play), so applying
 * the same status twice (two events of one command, an event and a resync) moves the player once:
 * a snapshot read right after a command does not show that command yet.
 */
function syncPlayer(handle: PlayerHandle | null, status: CastStatus): void {
  if (!handle) return;
  const snap = handle.snapshot();
  if (status.state === "completed") {
    if (snap.phase === "playing") handle.command("done");
    return;
  }
  if (snap.phase !== "playing") return;
  handle.goTo(Math.min(status.position, Math.max(0, status.segmentCount - 1)));
  if (status.state === "paused") handle.command("pause");
  if (status.state === "playing") handle.command("play");
}

/**
 * The TV side of casting (`/cast?orgId=`): opens a pairing session, shows its 6-digit code and the
 * QR of the phone controller's link, then follows the session on the cast channel: the paired
 * phone, the loaded workout (name and poster), and the workout played full screen by the same
 * player as the embeds, driven by the phone. A dropped connection resynchronises from the status.
 */
export function CastDisplay({ orgId }: { orgId: string }) {
  const open = useMutation({
    mutationFn: () => castCall<DisplaySession>("/api/cast/display", { body: { orgId } }),
  });
  const { mutate } = open;
  // One session per page load (React's development double effects would open two).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    mutate();
  }, [mutate]);
  const display = open.data ?? null;

  const [status, setStatus] = useState<CastStatus | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const version = useRef(0);
  const handle = useRef<PlayerHandle | null>(null);

  useEffect(() => {
    if (!display) return;
    setStatus(display.session.status);
    version.current = display.session.status.version;
    setEnded(null);
  }, [display]);

  const apply = useCallback((next: CastStatus) => {
    if (next.version < version.current) return; // an event older than what the page has
    version.current = next.version;
    setStatus(next);
    syncPlayer(handle.current, next);
  }, []);

  const resync = useCallback(async () => {
    if (!display) return;
    try {
      apply(await castCall<CastStatus>(`/api/cast/${display.session.id}/status`, { token: display.token }));
    } catch (err) {
      if (err instanceof CastError && err.status === 410) setEnded("This cast session has ended.");
    }
  }, [display, apply]);

  const socket = useCastSocket({
    token: display?.token ?? null,
    sessionId: display?.session.id ?? null,
    onConnect: resync,
    onEvent: (name, payload) => {
      if (name === "session-ended") {
        setEnded(payload.reason === "expired" ? "This code has expired." : "This cast session has ended.");
        return;
      }
      if (name === "workout-session-started") setRun((r) => r + 1);
      if ((STATUS_EVENTS as readonly string[]).includes(name) && payload.status) apply(payload.status as CastStatus);
      else if (name === "device-paired" || name === "device-disconnected") void resync();
    },
  });

  // A session lasts 80 minutes: past its expiry the page offers a new code (the server ends it too).
  useEffect(() => {
    if (!display) return;
    const ms = new Date(display.session.expiresAt).getTime() - Date.now();
    const t = setTimeout(() => setEnded("This code has expired."), Math.max(0, ms));
    return () => clearTimeout(t);
  }, [display]);

  const workoutId = status?.workout?.id ?? null;
  const player = useQuery({
    queryKey: ["cast-player", display?.session.id, workoutId],
    queryFn: () => castCall<PlayerData>(`/api/cast/${display!.session.id}/player`, { token: display!.token }),
    enabled: Boolean(display && workoutId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
  const model = useMemo(() => (player.data ? workoutFromPlaylist(player.data.workout, player.data.playlist) : null), [player.data]);
  const tracks = useMemo(() => (player.data ? playerMusic(player.data.workout, player.data.music) : []), [player.data]);
  const playing = status && (status.state === "playing" || status.state === "paused" || status.state === "completed");

  // A freshly mounted player starts at the beginning: bring it to the session's segment and state.
  const latest = useRef<CastStatus | null>(null);
  latest.current = status;
  const attach = useCallback((h: PlayerHandle | null) => {
    handle.current = h;
    if (h) setTimeout(() => latest.current && syncPlayer(h, latest.current), 0);
  }, []);

  if (open.isError) {
    return (
      <Screen title="The cast display could not start">
        <p>{open.error instanceof CastError ? open.error.message : "Please reload the page."}</p>
        <Button className="mt-6" onClick={() => mutate()}>
          Try again
        </Button>
      </Screen>
    );
  }
  if (!display || !status) {
    return (
      <Screen title="Preparing the cast display">
        <Spinner label="Creating a pairing code" />
      </Screen>
    );
  }
  if (ended) {
    return (
      <Screen title={ended}>
        <p>Start again to show a new code.</p>
        <Button className="mt-6" size="lg" onClick={() => mutate()}>
          New code
        </Button>
      </Screen>
    );
  }

  const code = display.session.code;
  if (playing && model) {
    return (
      <main className="fixed inset-0 bg-black" aria-label={`Playing ${status.workout?.name ?? "the workout"}`}>
        <WorkoutPlayer
          key={`${model.id}:${run}`}
          workout={model}
          music={tracks}
          handleRef={attach}
          autoStart
          hideControls
          immersive
          className="h-full w-full"
        />
        <p
          className="pointer-events-none absolute right-4 top-4 rounded bg-black/60 px-2 py-1 text-xs text-white/80"
          aria-live="polite"
          data-cast-device={status.device ? "paired" : "none"}
          data-cast-device-id={status.device?.deviceId}
        >
          {status.device
            ? `${status.state === "paused" ? "Paused from" : "Controlled from"} ${deviceLabel(status.device.deviceId)}`
            : "Phone disconnected: playback continues"}
          {socket.state === "reconnecting" ? " · reconnecting…" : ""}
        </p>
      </main>
    );
  }

  const poster = player.data?.workout.images?.cover ?? player.data?.workout.preview?.poster ?? player.data?.workout.images?.thumbnail ?? null;
  return (
    <main className="min-h-screen bg-neutral-950 px-6 py-10 text-white">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 lg:flex-row lg:items-start lg:justify-between">
        <section aria-labelledby="cast-pair" className="flex flex-col items-center gap-4 text-center lg:items-start lg:text-left">
          <p className="text-sm uppercase tracking-widest text-white/60">{display.organizationName}</p>
          <h1 id="cast-pair" className="text-3xl font-semibold sm:text-4xl">
            {status.workout ? status.workout.name : "Cast a workout to this screen"}
          </h1>
          {status.workout ? (
            <div className="w-full max-w-xl">
              {/* biome-ignore lint/performance/noImgElement: a signed poster URL of our own origin */}
              {poster ? <img src={poster} alt="" className="aspect-video w-full rounded-xl object-cover" /> : null}
              <p className="mt-3 text-lg text-white/80" aria-live="polite">
                {status.state === "loaded" ? "Ready. Press Start on your phone." : ""}
              </p>
            </div>
          ) : (
            <p className="max-w-md text-lg text-white/80">Scan the code with your phone, or open the link and enter the code.</p>
          )}
          <p className="text-white/70">Pairing code</p>
          <p className="font-mono text-6xl font-bold tracking-[0.2em] sm:text-7xl" data-cast-code={code}>
            {code}
          </p>
          <p className="break-all text-sm text-white/60">{display.session.qr.payload}</p>
          <p aria-live="polite" className="text-sm" data-cast-device={status.device ? "paired" : "none"} data-cast-device-id={status.device?.deviceId}>
            {status.device ? `Paired with ${deviceLabel(status.device.deviceId)}, which is in control.` : "No phone paired yet."}
            {socket.state === "reconnecting" ? " Reconnecting…" : ""}
          </p>
        </section>
        <figure className="rounded-2xl bg-white p-4">
          {/* The service's own SVG (qrcode), no user input in it. */}
          <div
            role="img"
            aria-label="QR code of the phone controller link"
            className="size-56 sm:size-72 [&>svg]:h-full [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR is rendered by the server's qrcode library from our own URL
            dangerouslySetInnerHTML={{ __html: display.session.qr.svg }}
          />
          <figcaption className="mt-2 text-center text-sm text-neutral-700">Scan to control</figcaption>
        </figure>
      </div>
    </main>
  );
}

function Screen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-neutral-950 px-6 text-center text-white">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <div className="mt-4 text-lg text-white/80">{children}</div>
    </main>
  );
}
