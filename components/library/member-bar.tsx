"use client";

import { useEffect, useState } from "react";
import { PushOptIn } from "./push-opt-in";

/**
 * The grids' sign-in strip. A partner app signs a member in with a link that carries the member
 * access token in the fragment (`/workouts?orgId=...#memberToken=<token>`): the fragment never
 * leaves the browser; this component removes it from the address bar at once, exchanges it for
 * the HTTP-only page session (POST /api/member/session) and reloads, so the server renders the
 * member's library. Without JavaScript, /sign-in offers the same exchange as a form.
 */
export function MemberBar({
  organizationId,
  member,
  signInHref,
  returnTo,
}: {
  organizationId: string;
  member: string | null;
  signInHref: string;
  returnTo: string;
}) {
  const [state, setState] = useState<"idle" | "signing-in" | "failed">("idle");
  const [message, setMessage] = useState("");

  useEffect(() => {
    const signInFromFragment = () => {
      const hash = new URLSearchParams(window.location.hash.slice(1));
      const token = hash.get("memberToken");
      if (!token) return;
      hash.delete("memberToken");
      const rest = hash.toString();
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ""}`);
      setState("signing-in");
      fetch("/api/member/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, orgId: organizationId }),
        credentials: "same-origin",
      })
        .then(async (res) => {
          if (res.ok) {
            window.location.reload();
            return;
          }
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          setState("failed");
          setMessage(body?.error?.message ?? "The sign-in link could not be used.");
        })
        .catch(() => {
          setState("failed");
          setMessage("The sign-in link could not be used: the server could not be reached.");
        });
    };
    signInFromFragment();
    // A sign-in link followed while the grid is already open only changes the fragment.
    window.addEventListener("hashchange", signInFromFragment);
    return () => window.removeEventListener("hashchange", signInFromFragment);
  }, [organizationId]);

  if (state === "signing-in")
    return (
      <p role="status" className="text-sm text-muted">
        Signing you in…
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {state === "failed" ? (
        <p role="alert" className="text-danger">
          {message}
        </p>
      ) : null}
      {member ? (
        <>
          <PushOptIn organizationId={organizationId} />
          <form method="post" action="/api/member/sign-out" className="flex items-center gap-2">
            <span className="text-muted">Signed in as {member}</span>
            <input type="hidden" name="next" value={returnTo} />
            <button type="submit" className="text-brand underline">
              Sign out
            </button>
          </form>
        </>
      ) : (
        <a href={signInHref}>Member sign-in</a>
      )}
    </div>
  );
}
