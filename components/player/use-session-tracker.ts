"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type PlayerApiError, asPlayerError } from "./api";
import type { PlayerSnapshot } from "./snapshot";
import type { SessionApi } from "./session-api";
import { PATCH_EVERY_MS, progressOf, sessionMoves } from "./session-moves";

/**
 * Records a workout session for a player: feed it every snapshot (`track`); it starts, PATCHes
 * (segment changes, pauses, every 15 s while playing, when the page is hidden) and ends or
 * completes the session, one call after another. Failures never stop playback: they are
 * reported through `onError` (the embed shows them and posts FORMA_ERROR). 409 on a PATCH (the
 * session was finished elsewhere) is expected and ignored.
 */
export function useSessionTracker(api: SessionApi | null, onError?: (err: PlayerApiError) => void, quality?: () => unknown) {
  // The playback-quality report rides along on every PATCH and the finish (when the API takes it).
  const qualityRef = useRef(quality);
  qualityRef.current = quality;
  const qualityNow = useCallback(() => (api?.acceptsQuality ? (qualityRef.current?.() ?? undefined) : undefined), [api]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [finished, setFinished] = useState<"complete" | "end" | null>(null);
  const last = useRef<PlayerSnapshot | null>(null);
  const session = useRef<Promise<string | null> | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const enqueue = useCallback((work: () => Promise<unknown>) => {
    queue.current = queue.current.then(work).catch((err) => {
      const e = asPlayerError(err);
      if (e.status !== 409) onErrorRef.current?.(e);
    });
  }, []);

  const patchNow = useCallback(
    (keepalive = false) => {
      const snap = last.current;
      const pending = session.current;
      if (!api || !snap || !pending) return;
      const q = qualityNow();
      const body = { progressSeconds: progressOf(snap), workoutSegmentId: snap.segment?.id ?? null, ...(q ? { quality: q } : {}) };
      enqueue(async () => {
        const id = await pending;
        if (id) await api.patch(id, body, { keepalive });
      });
    },
    [api, enqueue, qualityNow],
  );

  const track = useCallback(
    (snap: PlayerSnapshot) => {
      const prev = last.current;
      last.current = snap;
      if (!api) return;
      for (const move of sessionMoves(prev, snap)) {
        if (move.kind === "start") {
          setFinished(null);
          const started = api.start().then(
            (s) => {
              setSessionId(s.id);
              return s.id;
            },
            (err) => {
              onErrorRef.current?.(asPlayerError(err));
              return null;
            },
          );
          session.current = started;
          enqueue(() => started);
        } else if (move.kind === "patch") {
          patchNow();
        } else {
          const pending = session.current;
          if (!pending) continue;
          enqueue(async () => {
            const id = await pending;
            if (!id) return;
            await api.finish(id, move.how, qualityNow());
            setFinished(move.how);
          });
        }
      }
    },
    [api, enqueue, patchNow, qualityNow],
  );

  // The cadence while playing, and a last word when the page is hidden or closed.
  useEffect(() => {
    if (!api) return;
    const id = window.setInterval(() => {
      const s = last.current;
      if (s?.phase === "playing" && !s.paused) patchNow();
    }, PATCH_EVERY_MS);
    // pagehide is the one event a page that goes away always gets (it comes before its
    // visibilitychange to hidden, and some browsers send no visibilitychange then): both report,
    // once per position.
    let reported = "";
    const onHide = (e: Event) => {
      const snap = last.current;
      if (snap?.phase !== "playing" || (e.type !== "pagehide" && document.visibilityState !== "hidden")) return;
      const at = `${snap.epoch}:${progressOf(snap)}`;
      if (at === reported) return;
      reported = at;
      patchNow(true);
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      // Closed while playing (an overlay dismissed): keep the position reached.
      if (last.current?.phase === "playing") patchNow(true);
      window.clearInterval(id);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
    };
  }, [api, patchNow]);

  return useMemo(() => ({ track, sessionId, finished }), [track, sessionId, finished]);
}
