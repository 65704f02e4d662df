"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { ConsoleApiError, consoleFetch, errorMessage, qs } from "./api";
import { Badge, ConfirmButton, FormMessage, PageHeader, Pager, formatDate } from "./widgets";

interface ApiKey {
  id: string;
  kind: "team" | "multi" | "content";
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function CreateKeyDialog({ orgId, open, onClose, onCreated }: { orgId: string; open: boolean; onClose: () => void; onCreated: () => void }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCreated(null);
    setCopied(false);
    setError(null);
    setFields({});
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={created ? "Your new API key" : "Create an API key"}>
      {created ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Copy <strong>{created.name}</strong> now: it is shown only once and cannot be recovered.
          </p>
          <code data-testid="new-api-key" className="block rounded-lg bg-paper p-3 font-mono text-sm break-all select-all">
            {created.key}
          </code>
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(created.key).catch(() => {});
                setCopied(true);
              }}
            >
              {copied ? "Copied" : "Copy"}
            </Button>
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            const d = new FormData(e.currentTarget);
            setFields({});
            setError(null);
            try {
              const res = await consoleFetch<{ key: string; name: string }>(`/api/console/orgs/${orgId}/api-keys`, { method: "POST", body: { name: d.get("name"), kind: d.get("kind") } });
              setCreated(res);
              onCreated();
            } catch (err) {
              if (err instanceof ConsoleApiError) setFields(err.fields);
              setError(errorMessage(err));
            }
          }}
        >
          <Field label="Name" hint="Where the key is used, for example: iOS app." error={fields.name}>
            {(p) => <Input {...p} name="name" />}
          </Field>
          <Field label="Kind" error={fields.kind}>
            {(p) => (
              <Select {...p} name="kind" defaultValue="team">
                <option value="team">Team-scoped (calls the API for this workspace)</option>
                <option value="content">Content-only (no API access)</option>
              </Select>
            )}
          </Field>
          <FormMessage error={error} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Create key</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** API keys (owners): create (shown once), list with last use, revoke. */
export function KeysManager({ orgId, initial }: { orgId: string; initial: { items: ApiKey[]; total: number } }) {
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [showRevoked, setShowRevoked] = useState(false);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ["api-keys", orgId, offset, showRevoked],
    queryFn: () => consoleFetch<{ items: ApiKey[]; total: number }>(`/api/console/orgs/${orgId}/api-keys${qs({ limit: 20, offset, includeRevoked: String(showRevoked) })}`),
    initialData: offset === 0 && !showRevoked ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ["api-keys", orgId] }), qc.invalidateQueries({ queryKey: ["usage", orgId] })]);
  return (
    <>
      <PageHeader title="API keys" description="Keys your apps send in X-Api-Key. Only owners see this page." actions={<Button onClick={() => setCreating(true)}>Create key</Button>} />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={showRevoked}
            onChange={(e) => {
              setShowRevoked(e.target.checked);
              setOffset(0);
            }}
          />
          Show revoked keys
        </label>
        <FormMessage success={notice} />
      </div>
      {!list.data ? (
        <Spinner label="Loading keys" />
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((k) => (
            <li key={k.id} data-key-id={k.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-3">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{k.name}</span>
                <span className="block text-xs text-muted">
                  <span className="font-mono">{k.prefix}…</span> · created {formatDate(k.createdAt)} · last used {formatDate(k.lastUsedAt)}
                </span>
              </span>
              <Badge>{k.kind}</Badge>
              {k.revokedAt ? (
                <Badge tone="bad">revoked {formatDate(k.revokedAt)}</Badge>
              ) : (
                <ConfirmButton
                  label="Revoke"
                  title={`Revoke ${k.name}?`}
                  confirmLabel="Revoke key"
                  onConfirm={async () => {
                    await consoleFetch(`/api/console/orgs/${orgId}/api-keys/${k.id}`, { method: "DELETE" });
                    setNotice(`${k.name} is revoked.`);
                    await refresh();
                  }}
                >
                  Every app that sends this key gets 401 from the next request on. This cannot be undone.
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data ? <Pager label="Keys" offset={offset} limit={20} total={list.data.total} onChange={setOffset} /> : null}
      <CreateKeyDialog orgId={orgId} open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
    </>
  );
}
