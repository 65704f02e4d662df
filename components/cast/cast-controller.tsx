"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { CardPage, WorkoutCard } from "@/lib/library/cards";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { CastError, type CastStatus, STATUS_EVENTS, castCall, deviceIdOfThisBrowser, useCastSocket } from "./cast-api";

interface Joined {
  pairing: { sessionId: string; organizationId: string; displayName: string; deviceId: string; status: CastStatus };
  token: string;
  organizationName: string;
  member: { name: string | null; email: string | null } | null;
}

const minutes = (s: number) => `${Math.max(1, Math.round(s / 60))} min`;

/**
 * The phone side of casting (`/cast?sessionId=&code=`, the display's QR): joins as the session's
 * one controller, picks a workout from the organization's library, starts it (as the member signed
 * in on the hosted pages, if they choose) and drives the display. Another phone joining takes over;
 * this one is told so.
 */
export function CastController({ sessionId, code }: { sessionId: string; code: string }) {
  const [deviceId, setDeviceId] = useState<string | null>(null);
  useEffect(() => setDeviceId(deviceIdOfThisBrowser()), []);
  const join = useMutation({
    mutationFn: (device: string) => castCall<Joined>("/api/cast/join", { body: { sessionId, code, deviceId: device } }),
  });
  const { mutate } = join;
  const joinedOnce = useRef(false);
  useEffect(() => {
    if (!deviceId || joinedOnce.current) return;
    joinedOnce.current = true;
    mutate(deviceId);
  }, [deviceId, mutate]);
  const joined = join.data ?? null;

  const [status, setStatus] = useState<CastStatus | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [message, setMessage] = useState<string>("");
  const version = useRef(0);
  useEffect(() => {
    if (!joined) return;
    version.current = joined.pairing.status.version;
    setStatus(joined.pairing.status);
    setGone(null);
  }, [joined]);

  const apply = useCallback((next: CastStatus) => {
    if (next.version < version.current) return;
    version.current = next.version;
    setStatus(next);
  }, []);
  const token = joined?.token ?? null;
  const resync = useCallback(async () => {
    if (!token) return;
    try {
      apply(await castCall<CastStatus>(`/api/cast/${sessionId}/status`, { token }));
    } catch (err) {
      if (err instanceof CastError && err.status === 410) setGone("The cast session has ended on the screen.");
    }
  }, [token, sessionId, apply]);

  const socket = useCastSocket({
    token,
    sessionId,
    deviceId: deviceId ?? undefined,
    onConnect: resync,
    onEvent: (name, payload) => {
      if (name === "session-ended") setGone("The cast session has ended on the screen.");
      else if (name === "device-disconnected" && payload.deviceId === deviceId) {
        setGone(payload.reason === "replaced" ? "Another phone took over this screen." : "This phone was disconnected from the screen.");
      } else if ((STATUS_EVENTS as readonly string[]).includes(name) && payload.status) apply(payload.status as CastStatus);
    },
  });

  const command = useMutation({
    mutationFn: async (c: { path: string; body: unknown; say: string }) => {
      const next = await castCall<CastStatus | { status: CastStatus }>(`/api/cast/${sessionId}/${c.path}`, { token, body: c.body });
      return { next: "status" in next && next.status && !("state" in next) ? next.status : (next as CastStatus), say: c.say };
    },
    onSuccess: ({ next, say }) => {
      apply(next);
      setMessage(say);
    },
    onError: (err) => setMessage(err instanceof CastError ? err.message : "That did not work. Try again."),
  });
  const send = (path: string, body: unknown, say: string) => command.mutate({ path, body, say });

  if (join.isError) {
    const err = join.error;
    const text =
      err instanceof CastError && err.status === 404
        ? "This code is not valid any more. Check the code on the screen, or scan its QR code again."
        : err instanceof CastError && err.status === 410
          ? "This cast session has ended. The screen shows a new code when it is started again."
          : err instanceof CastError
            ? err.message
            : "Could not connect to the screen.";
    return (
      <Shell title="Could not connect">
        <Notice title="Not connected" tone="error">
          {text}
        </Notice>
        {deviceId ? (
          <Button className="mt-4" onClick={() => mutate(deviceId)}>
            Try again
          </Button>
        ) : null}
      </Shell>
    );
  }
  if (!joined || !status) {
    return (
      <Shell title="Connecting to the screen">
        <Spinner label="Joining the cast session" />
      </Shell>
    );
  }
  if (gone) {
    return (
      <Shell title={gone}>
        <Button onClick={() => deviceId && mutate(deviceId)}>Connect this phone again</Button>
      </Shell>
    );
  }

  const canPlay = status.state === "playing" || status.state === "paused";
  return (
    <Shell title={`Connected to ${joined.pairing.displayName}`} subtitle={joined.organizationName}>
      <p aria-live="polite" className="min-h-6 text-sm text-muted" data-cast-message>
        {message}
        {socket.state === "reconnecting" ? " Reconnecting…" : ""}
      </p>

      {status.workout ? (
        <section aria-labelledby="now" className="rounded-xl border border-line bg-card p-4">
          <h2 id="now" className="text-lg font-semibold">
            {status.workout.name}
          </h2>
          <p className="text-sm text-muted">
            {status.state === "loaded" ? "On the screen, ready to start." : null}
            {canPlay ? `${status.state === "paused" ? "Paused" : "Playing"} · ${status.currentSegment?.name ?? "Next up"} (${Math.min(status.position + 1, status.segmentCount)} of ${status.segmentCount})` : null}
            {status.state === "completed" ? "Finished. Pick another workout below." : null}
          </p>
          {status.state === "loaded" ? <StartForm member={joined.member} busy={command.isPending} onStart={(asMember) => send("start", { asMember }, "Started on the screen.")} /> : null}
          {canPlay ? (
            <fieldset className="mt-4 grid grid-cols-3 gap-2">
              <legend className="sr-only">Playback controls</legend>
              <Button variant="secondary" onClick={() => send("control", { action: "prev" }, "Previous segment.")} disabled={command.isPending}>
                Previous
              </Button>
              {status.state === "paused" ? (
                <Button onClick={() => send("control", { action: "play" }, "Playing.")} disabled={command.isPending}>
                  Play
                </Button>
              ) : (
                <Button onClick={() => send("control", { action: "pause" }, "Paused.")} disabled={command.isPending}>
                  Pause
                </Button>
              )}
              <Button variant="secondary" onClick={() => send("control", { action: "next" }, "Next segment.")} disabled={command.isPending}>
                Next
              </Button>
              {status.currentExerciseIsRepBased ? (
                <Button className="col-span-3" onClick={() => send("control", { action: "done_exercise" }, "Exercise done.")} disabled={command.isPending}>
                  Done with this exercise
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => send("control", { action: "restart" }, "Restarted.")} disabled={command.isPending}>
                Restart
              </Button>
              <Button variant="danger" className="col-span-2" onClick={() => send("control", { action: "done" }, "Workout finished.")} disabled={command.isPending}>
                Finish workout
              </Button>
            </fieldset>
          ) : null}
        </section>
      ) : null}

      {status.state === "idle" || status.state === "loaded" || status.state === "completed" ? (
        <WorkoutPicker
          orgId={joined.pairing.organizationId}
          busy={command.isPending}
          onPick={(w) => send("workout", { workoutId: w.id }, `${w.name} is on the screen.`)}
        />
      ) : null}

      <Button
        variant="ghost"
        className="self-start"
        onClick={async () => {
          try {
            await castCall(`/api/cast/${sessionId}/disconnect`, { token, body: {} });
          } finally {
            setGone("This phone was disconnected from the screen.");
          }
        }}
      >
        Disconnect this phone
      </Button>
    </Shell>
  );
}

function StartForm({ member, busy, onStart }: { member: Joined["member"]; busy: boolean; onStart: (asMember: boolean) => void }) {
  const [asMember, setAsMember] = useState(Boolean(member));
  return (
    <form
      className="mt-4 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onStart(asMember && Boolean(member));
      }}
    >
      {member ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={asMember} onChange={(e) => setAsMember(e.target.checked)} className="size-5" />
          Track this workout as {member.name ?? member.email ?? "me"}
        </label>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        Start
      </Button>
    </form>
  );
}

function WorkoutPicker({ orgId, busy, onPick }: { orgId: string; busy: boolean; onPick: (w: WorkoutCard) => void }) {
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQuery(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const list = useQuery({
    queryKey: ["cast-library", orgId, query],
    queryFn: () => castCall<CardPage<WorkoutCard>>(`/api/library/${orgId}/workouts?${new URLSearchParams(query ? { q: query } : {})}`),
  });
  return (
    <section aria-labelledby="pick" className="flex flex-col gap-3">
      <h2 id="pick" className="text-lg font-semibold">
        Pick a workout
      </h2>
      <label htmlFor="cast-search" className="text-sm">
        Search the library
      </label>
      <Input id="cast-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. core" />
      {list.isPending ? <Spinner label="Loading workouts" /> : null}
      {list.isError ? <Notice title="The library could not be loaded" tone="error" /> : null}
      {list.data && list.data.items.length === 0 ? <p className="text-sm text-muted">No workouts match.</p> : null}
      <ul className="flex flex-col gap-2">
        {list.data?.items.map((w) => (
          <li key={w.id}>
            <button
              type="button"
              data-workout-id={w.id}
              disabled={busy}
              onClick={() => onPick(w)}
              className="flex w-full items-center gap-3 rounded-xl border border-line bg-card p-2 text-left hover:bg-paper focus-visible:outline-2 disabled:opacity-50"
            >
              {/* biome-ignore lint/performance/noImgElement: signed media URLs of our own origin; next/image adds nothing for these thumbnails */}
              {w.image ? <img src={w.image} alt="" className="h-14 w-24 shrink-0 rounded-lg object-cover" /> : <span className="h-14 w-24 shrink-0 rounded-lg bg-line" />}
              <span className="flex flex-col">
                <span className="font-medium">Cast {w.name}</span>
                <span className="text-sm text-muted">
                  {minutes(w.duration)} · {w.difficulty}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Shell({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col gap-4 bg-paper px-4 py-6">
      {subtitle ? <p className="text-sm uppercase tracking-wide text-muted">{subtitle}</p> : null}
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
