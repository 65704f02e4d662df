"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * The member's opt-in to push notifications on the hosted pages. Nothing is asked until the
 * member presses the button: then the browser's permission prompt, the service worker
 * (/push-sw.js, which shows what arrives), a push subscription made with the installation's VAPID
 * key, and the subscription posted to /api/library/{orgId}/member/push for the signed-in member.
 * "Turn off" unsubscribes the browser and deletes the stored subscription.
 */

type State = "checking" | "unsupported" | "off" | "on" | "busy" | "blocked";

export const PUSH_WORKER = "/push-sw.js";
/** The browser asks its vendor's push service for an endpoint; without a network it may never answer. */
const SUBSCRIBE_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(what)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function failure(res: Response, fallback: string): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? fallback;
}

export function PushOptIn({ organizationId }: { organizationId: string }) {
  const [state, setState] = useState<State>("checking");
  const [message, setMessage] = useState("");
  const api = `/api/library/${organizationId}/member/push`;

  useEffect(() => {
    if (!supported()) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("blocked");
      return;
    }
    currentSubscription()
      .then((s) => setState(s ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  const turnOn = useCallback(async () => {
    setState("busy");
    setMessage("");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const keyRes = await fetch(api, { credentials: "same-origin" });
      if (!keyRes.ok) throw new Error(await failure(keyRes, "Notifications could not be turned on."));
      const { data } = (await keyRes.json()) as { data: { vapidPublicKey: string } };
      await navigator.serviceWorker.register(PUSH_WORKER, { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await withTimeout(
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(data.vapidPublicKey) }),
          SUBSCRIBE_TIMEOUT_MS,
          "the browser's push service did not answer",
        ).catch((err: unknown) => {
          throw new Error(`This browser could not subscribe to notifications (${err instanceof Error ? err.message : String(err)}).`);
        }));
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const res = await fetch(api, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ subscription: { endpoint: json.endpoint, keys: json.keys } }),
        credentials: "same-origin",
      });
      if (!res.ok) {
        await subscription.unsubscribe().catch(() => {});
        throw new Error(await failure(res, "Notifications could not be turned on."));
      }
      setState("on");
      setMessage("Notifications are on: you will hear about new workouts and plans.");
    } catch (err) {
      setState("off");
      setMessage(err instanceof Error ? err.message : "Notifications could not be turned on.");
    }
  }, [api]);

  const turnOff = useCallback(async () => {
    setState("busy");
    setMessage("");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await fetch(`${api}?endpoint=${encodeURIComponent(subscription.endpoint)}`, { method: "DELETE", credentials: "same-origin" });
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage("Notifications are off.");
    } catch {
      setState("on");
      setMessage("Notifications could not be turned off.");
    }
  }, [api]);

  if (state === "checking" || state === "unsupported") return null;
  return (
    <span className="flex items-center gap-2">
      {state === "blocked" ? (
        <span className="text-muted">Notifications are blocked in this browser&apos;s settings.</span>
      ) : state === "on" ? (
        <button type="button" onClick={turnOff} className="text-brand underline">
          Turn off notifications
        </button>
      ) : (
        <button type="button" onClick={turnOn} disabled={state === "busy"} aria-busy={state === "busy"} className="text-brand underline disabled:opacity-60">
          Turn on notifications
        </button>
      )}
      {message ? (
        <span role="status" className="text-muted">
          {message}
        </span>
      ) : null}
    </span>
  );
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
