"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** NextAuth's error codes, worded for people (never saying which of email or password was wrong). */
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "The email or password is not correct.",
  throttled: "Too many sign-in attempts. Wait a few minutes and try again.",
  suspended: "This console account is suspended. Ask a workspace owner.",
  SessionRequired: "Sign in to continue.",
};

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(() => {
    const code = params.get("error");
    return code ? (MESSAGES[code] ?? "Sign-in failed. Try again.") : null;
  });
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        const res = await signIn("credentials", { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? ""), redirect: false });
        if (!res || res.error) {
          setError(MESSAGES[res?.error ?? ""] ?? "Sign-in failed. Try again.");
          setBusy(false);
          return;
        }
        const next = params.get("next");
        router.replace(next?.startsWith("/console") ? next : "/console");
        router.refresh();
      }}
    >
      <Field label="Email">{(p) => <Input {...p} name="email" type="email" autoComplete="username" required />}</Field>
      <Field label="Password">{(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
