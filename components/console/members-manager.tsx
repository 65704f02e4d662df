"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { useSubmission } from "./use-submission";
import { Badge, ConfirmButton, FormMessage, PageHeader, Pager, formatDate } from "./widgets";

export interface Member {
  id: string;
  email: string | null;
  externalId: string | null;
  name: string | null;
  status: "active" | "suspended";
  createdAt: string;
}

/** Suspend or reactivate one member (owners), behind a confirmation for suspension. */
export function MemberStatusButton({ orgId, member, onChanged }: { orgId: string; member: Member; onChanged: (m: Member) => void }) {
  if (member.status === "suspended") {
    return (
      <Button size="sm" variant="secondary" onClick={async () => onChanged(await consoleFetch<Member>(`/api/console/orgs/${orgId}/members/${member.id}/reactivate`, { method: "POST" }))}>
        Reactivate
      </Button>
    );
  }
  return (
    <ConfirmButton
      label="Suspend"
      title={`Suspend ${member.name ?? member.email ?? "this member"}?`}
      confirmLabel="Suspend member"
      onConfirm={async () => onChanged(await consoleFetch<Member>(`/api/console/orgs/${orgId}/members/${member.id}/suspend`, { method: "POST" }))}
    >
      The API then answers 404 for this member: their apps stop working and no notifications are sent. Their library and history are kept, and you can
      reactivate them later.
    </ConfirmButton>
  );
}

function InviteDialog({ orgId, open, onClose, onInvited }: { orgId: string; open: boolean; onClose: () => void; onInvited: (m: Member) => void }) {
  const { busy, error, fields, submit } = useSubmission();
  return (
    <Dialog open={open} onClose={onClose} title="Invite a member">
      <form
        className="flex flex-col gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const d = new FormData(e.currentTarget);
          await submit(async () => {
            const m = await consoleFetch<Member>(`/api/console/orgs/${orgId}/members`, {
              method: "POST",
              body: { email: d.get("email"), name: d.get("name") || undefined, preferredLocale: d.get("preferredLocale") || undefined },
            });
            onInvited(m);
          });
        }}
      >
        <Field label="Email" error={fields.email}>
          {(p) => <Input {...p} name="email" type="email" required />}
        </Field>
        <Field label="Name (optional)" error={fields.name}>
          {(p) => <Input {...p} name="name" />}
        </Field>
        <Field label="Language" error={fields.preferredLocale}>
          {(p) => (
            <Select {...p} name="preferredLocale" defaultValue="">
              <option value="">The workspace's default</option>
              {["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "pt-PT"].map((l) => (
                <option key={l}>{l}</option>
              ))}
            </Select>
          )}
        </Field>
        <p className="text-xs text-muted">They get an email with a link to the workspace's library.</p>
        <FormMessage error={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Inviting…" : "Send invitation"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Members of the workspace: list (server-paginated), invite, suspend and reactivate. */
export function MembersManager({ orgId, canManage, initial }: { orgId: string; canManage: boolean; initial: { items: Member[]; total: number } }) {
  const qc = useQueryClient();
  const [status, setStatus] = useState("");
  const [offset, setOffset] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const key = ["members", orgId, status, offset];
  const list = useQuery({
    queryKey: key,
    queryFn: () => consoleFetch<{ items: Member[]; total: number }>(`/api/console/orgs/${orgId}/members${qs({ status, limit: 20, offset })}`),
    initialData: status === "" && offset === 0 ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const changed = (m: Member) => {
    setNotice(`${m.name ?? m.email ?? "Member"} is ${m.status}.`);
    void qc.invalidateQueries({ queryKey: ["members", orgId] });
  };
  return (
    <>
      <PageHeader
        title="Members"
        description={canManage ? "The people who train with the workspace." : "The people who train with the workspace. Owners invite and suspend members."}
        actions={canManage ? <Button onClick={() => setInviting(true)}>Invite member</Button> : null}
      />
      <div className="mb-3 flex items-center gap-2">
        <Select
          aria-label="Status"
          className="w-48"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setOffset(0);
          }}
        >
          <option value="">Active and suspended</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </Select>
        <FormMessage success={notice} />
      </div>
      {!list.data ? (
        <Spinner label="Loading members" />
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((m) => (
            <li key={m.id} data-member-id={m.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-3">
              <span className="min-w-0 flex-1">
                <Link href={`/console/members/${m.id}`} className="block truncate font-medium">
                  {m.name ?? m.email ?? m.externalId ?? m.id}
                </Link>
                <span className="block truncate text-xs text-muted">
                  {m.email ?? "no email"} · joined {formatDate(m.createdAt)}
                </span>
              </span>
              <Badge tone={m.status === "active" ? "good" : "bad"}>{m.status}</Badge>
              {canManage ? <MemberStatusButton orgId={orgId} member={m} onChanged={changed} /> : null}
            </li>
          ))}
        </ul>
      )}
      {list.isError ? <p role="alert">{errorMessage(list.error)}</p> : null}
      {list.data ? <Pager label="Members" offset={offset} limit={20} total={list.data.total} onChange={setOffset} /> : null}
      <InviteDialog
        orgId={orgId}
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(m) => {
          setInviting(false);
          setNotice(`Invitation sent to ${m.email}.`);
          void qc.invalidateQueries({ queryKey: ["members", orgId] });
        }}
      />
    </>
  );
}
