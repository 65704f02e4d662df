"use client";

import { useEffect, useRef, useState } from "react";
import { type Socket, io } from "socket.io-client";
import { newDeviceId } from "./device-label";

/**
 * The cast pages' client side: calls to their same-origin routes (/api/cast/...) with the page's
 * cast token in `x-cast-token`, the status they share, and the Socket.IO connection to the cast
 * channel (`/cast/pairing`) with `auth: { castToken }`.
 */

export class CastError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function castCall<T>(path: string, opts: { token?: string | null; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.token) headers["x-cast-token"] = opts.token;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.body !== undefined ? "POST" : "GET",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new CastError(0, "Network", "The server could not be reached. Check the connection; it retries by itself.");
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) throw new CastError(res.status, body?.error?.code ?? "Error", body?.error?.message ?? `The request failed (${res.status}).`);
  return body as T;
}

export interface CastSegmentView {
  index: number;
  id: string;
  kind: string;
  name: string | null;
  duration: number;
  reps: number | null;
}

export interface CastStatus {
  sessionId: string;
  version: number;
  state: "idle" | "loaded" | "playing" | "paused" | "completed";
  workout: { id: string; name: string; duration: number; difficulty: string; locale: string; segmentCount: number } | null;
  position: number;
  segmentCount: number;
  atEnd: boolean;
  currentSegment: CastSegmentView | null;
  currentExerciseIsRepBased: boolean;
  elapsedSeconds: number;
  availableActions: string[];
  device: { deviceId: string; pairedAt: string; lastSeenAt: string } | null;
  expiresAt: string;
}

/** The events of the cast channel that carry a status (docs/cast.md). */
export const STATUS_EVENTS = ["workout-cast", "workout-session-started", "workout-state-changed", "workout-progress-changed"] as const;

/**
 * A stable id for this phone (kept in this browser), so a reload rejoins as the same device; it
 * names the kind of device, so the screen can show which phone is paired (device-label.ts).
 */
export function deviceIdOfThisBrowser(): string {
  const KEY = "forma-cast-device";
  try {
    const known = localStorage.getItem(KEY);
    if (known) return known;
    const id = newDeviceId(navigator.userAgent, crypto.randomUUID());
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return newDeviceId(navigator.userAgent, crypto.randomUUID());
  }
}

export type CastSocketState = "connecting" | "connected" | "reconnecting" | "closed";

/**
 * Follows a session on the cast channel. `onEvent` hears every server event; `onConnect` runs on
 * every (re)connection, so the page resynchronises from the status endpoint after a drop. A
 * controller sends `heartbeat` every 30 s. The server closing the socket (session ended, phone
 * replaced) is final: no reconnection.
 */
export function useCastSocket(args: {
  token: string | null;
  sessionId: string | null;
  deviceId?: string;
  onEvent: (name: string, payload: Record<string, unknown>) => void;
  onConnect?: () => void;
}): { state: CastSocketState; error: string | null } {
  const [state, setState] = useState<CastSocketState>("connecting");
  const [error, setError] = useState<string | null>(null);
  const handlers = useRef(args);
  handlers.current = args;
  const { token, sessionId, deviceId } = args;

  useEffect(() => {
    if (!token || !sessionId) return;
    // WebSocket only: no sticky sessions behind a balancer (long-polling would need them, docs/operations.md).
    const socket: Socket = io("/cast/pairing", { path: "/socket.io", transports: ["websocket"], auth: { castToken: token }, reconnectionDelayMax: 5000 });
    let beat: ReturnType<typeof setInterval> | null = null;
    socket.onAny((name: string, payload: Record<string, unknown>) => handlers.current.onEvent(name, payload ?? {}));
    socket.on("connect", () => {
      setState("connected");
      setError(null);
      handlers.current.onConnect?.();
    });
    socket.on("disconnect", (reason) => setState(reason === "io server disconnect" || reason === "io client disconnect" ? "closed" : "reconnecting"));
    socket.on("connect_error", (err: Error & { data?: { message?: string } }) => {
      setError(err.data?.message ?? err.message);
      setState("reconnecting");
    });
    if (deviceId) beat = setInterval(() => socket.emit("heartbeat", { sessionId, deviceId }), 30_000);
    return () => {
      if (beat) clearInterval(beat);
      socket.close();
    };
  }, [token, sessionId, deviceId]);

  return { state, error };
}
