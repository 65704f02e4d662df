"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { ConsoleApiError, consoleFetch, errorMessage } from "./api";
import { Badge, ConfirmButton, FormMessage, PageHeader, formatDate } from "./widgets";

interface SessionRow {
  id: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** The trainer's own account: signed-in sessions (revocable) and the password. */
export function AccountPanel({ email }: { email: string | null }) {
  const qc = useQueryClient();
  const sessions = useQuery({ queryKey: ["sessions"], queryFn: () => consoleFetch<{ items: SessionRow[]; total: number }>("/api/console/account/sessions?limit=50") });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  return (
    <>
      <PageHeader title="Account" description={email ? `Signed in as ${email}.` : undefined} />
      <section aria-label="Sessions" className="rounded-xl border border-line bg-card p-4">
        <h2 className="text-lg font-semibold">Where you are signed in</h2>
        {!sessions.data ? (
          <Spinner />
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {sessions.data.items.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{s.userAgent ?? "Unknown browser"}</span>
                  <span className="text-xs text-muted">
                    {s.ip ?? "unknown address"} · signed in {formatDate(s.createdAt)} · last seen {formatDate(s.lastSeenAt)}
                  </span>
                </span>
                {s.current ? <Badge tone="good">this browser</Badge> : null}
                <ConfirmButton
                  label={s.current ? "Sign out" : "Revoke"}
                  title={s.current ? "Sign out of this browser?" : "Revoke this session?"}
                  confirmLabel={s.current ? "Sign out" : "Revoke"}
                  onConfirm={async () => {
                    if (s.current) return signOut({ callbackUrl: "/console/sign-in" });
                    await consoleFetch(`/api/console/account/sessions/${s.id}`, { method: "DELETE" });
                    await qc.invalidateQueries({ queryKey: ["sessions"] });
                  }}
                >
                  That browser is signed out within seconds.
                </ConfirmButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Password" className="mt-6 max-w-lg rounded-xl border border-line bg-card p-4">
        <h2 className="text-lg font-semibold">Change password</h2>
        <form
          className="mt-2 flex flex-col gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const d = new FormData(form);
            setFields({});
            setMessage({});
            if (d.get("newPassword") !== d.get("confirm")) {
              setFields({ confirm: "the passwords differ" });
              return;
            }
            try {
              const res = await consoleFetch<{ revokedSessions: number }>("/api/console/account/password", {
                method: "POST",
                body: { currentPassword: d.get("currentPassword"), newPassword: d.get("newPassword") },
              });
              form.reset();
              setMessage({ success: `Password changed; ${res.revokedSessions} other session(s) signed out.` });
              await qc.invalidateQueries({ queryKey: ["sessions"] });
            } catch (err) {
              if (err instanceof ConsoleApiError) setFields(err.fields);
              setMessage({ error: errorMessage(err) });
            }
          }}
        >
          <Field label="Current password" error={fields.currentPassword}>
            {(p) => <Input {...p} name="currentPassword" type="password" autoComplete="current-password" />}
          </Field>
          <Field label="New password" hint="At least 12 characters." error={fields.newPassword}>
            {(p) => <Input {...p} name="newPassword" type="password" autoComplete="new-password" />}
          </Field>
          <Field label="New password again" error={fields.confirm}>
            {(p) => <Input {...p} name="confirm" type="password" autoComplete="new-password" />}
          </Field>
          <FormMessage error={message.error} success={message.success} />
          <div>
            <Button type="submit">Change password</Button>
          </div>
        </form>
      </section>
    </>
  );
}
