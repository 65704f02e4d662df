"use client";

import { variantLabel } from "./variant-label";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { useSubmission } from "./use-submission";
import { Badge, ConfirmButton, FormMessage, PageHeader, Pager, formatDate } from "./widgets";

interface Platform {
  platform: "instagram" | "tiktok" | "youtube" | "facebook";
  connected: boolean;
  accountName: string | null;
  connectedAt: string | null;
  /** Connected to the recording sandbox (posts nothing). */
  sandbox: boolean;
  /** The platform refused the grant (revoked or expired): posts are skipped until reconnected. */
  needsReconnect: boolean;
  problem: string | null;
  /** This installation has the platform's app configured. */
  signInAvailable: boolean;
  missingConfiguration: string[];
}
interface DropItem {
  id: string;
  title: string;
  sourceTypeLabel: string;
  sourceName: string;
  sourceThumbnailUrl: string | null;
  channelPresetLabel: string;
  availableVariants: string[];
  locale: string;
  createdAt: string;
}
interface DropDetail extends DropItem {
  status: string;
  defaults: { variant: string };
  variants: {
    name: string;
    status: string;
    previewUrl: string | null;
    coverUrl: string | null;
    width: number;
    height: number;
    limitedBySource: boolean;
    file: { bytes: number; durationSeconds: number } | null;
  }[];
  copyPacks: { locale: string; copyPack: { caption?: string; hook?: string; hashtags?: string[] } }[];
}
interface FailedDrop {
  id: string;
  title: string;
  sourceTypeLabel: string;
  sourceName: string;
  failureReason: string | null;
  updatedAt: string;
  variants: { name: string; attempts: number; error: string | null }[];
}
interface Automation {
  id: string;
  name: string;
  status: "draft" | "active";
  sourceMode: string;
  platforms: string[];
  schedule: { type: "weekly"; timeZone: string; days: string[]; times: string[] } | { type: "cron"; timeZone: string; expression: string };
  nextRunAt: string | null;
  lastRunAt: string | null;
}
interface History {
  deliveries: {
    id: string;
    platform: string;
    dueAt: string;
    status: string;
    lastError: string | null;
    externalPostUrl: string | null;
    publishedAt: string | null;
    attempts: unknown[];
  }[];
  publications: { id: string; platform: string; postedAt: string; text: string; variant: string }[];
}
interface ListPage<T> {
  data: T[];
  links: { total: number };
  explanation?: string;
}

const PLATFORM_LABEL: Record<string, string> = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube", facebook: "Facebook" };
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const STATUS_TONE: Record<string, "good" | "bad" | "warn" | "neutral"> = {
  published: "good",
  failed: "bad",
  skipped: "warn",
  pending: "neutral",
  publishing: "neutral",
};

const scheduleText = (s: Automation["schedule"]) =>
  s.type === "weekly"
    ? `${s.days.length === 7 ? "Every day" : s.days.join(", ")} at ${s.times.join(", ")} (${s.timeZone})`
    : `cron ${s.expression} (${s.timeZone})`;

/** Social: connected accounts per platform, drops with their previews and copy, publish automations with their history. */
export function SocialManager({ orgId, isOwner }: { orgId: string; isOwner: boolean }) {
  const [notice, setNotice] = useState<{ error?: string; success?: string }>({});
  return (
    <>
      <PageHeader title="Social" description="Connected accounts, ready-to-post drops and the automations that publish them on a schedule." />
      <div aria-live="polite">
        <FormMessage error={notice.error} success={notice.success} />
      </div>
      <Accounts orgId={orgId} isOwner={isOwner} onNotice={setNotice} />
      <Drops orgId={orgId} />
      <Automations orgId={orgId} onNotice={setNotice} />
    </>
  );
}

type Notify = (n: { error?: string; success?: string }) => void;

function Accounts({ orgId, isOwner, onNotice }: { orgId: string; isOwner: boolean; onNotice: Notify }) {
  const qc = useQueryClient();
  const accounts = useQuery({
    queryKey: ["social-accounts", orgId],
    queryFn: () => consoleFetch<{ data: Platform[] }>(`/api/console/orgs/${orgId}/social/accounts`),
  });
  const [busy, setBusy] = useState<string | null>(null);
  /** The platform whose Connect button was pressed without sign-in set up: its card says what to configure. */
  const [explain, setExplain] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ["social-accounts", orgId] });

  // Back from a platform's sign-in: the callback names the outcome in the address; say it once and tidy the address.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const done = q.get("connected");
    const failed = q.get("connectFailed");
    if (!done && !failed) return;
    if (done) onNotice({ success: `${PLATFORM_LABEL[done] ?? done} connected${q.get("account") ? ` as ${q.get("account")}` : ""}.` });
    else onNotice({ error: q.get("reason") ?? `${PLATFORM_LABEL[failed!] ?? failed} could not be connected.` });
    window.history.replaceState(null, "", window.location.pathname);
  }, [onNotice]);

  /** The platform's own sign-in (OAuth): the browser goes to the platform and comes back to this page. */
  const signIn = async (p: Platform) => {
    onNotice({});
    if (!p.signInAvailable) {
      setExplain(p.platform);
      return;
    }
    setBusy(p.platform);
    try {
      const { data } = await consoleFetch<{ data: { authorizeUrl: string } }>(`/api/console/orgs/${orgId}/social/accounts/${p.platform}/connect`, {
        method: "POST",
      });
      window.location.assign(data.authorizeUrl);
    } catch (err) {
      onNotice({ error: errorMessage(err) });
      setBusy(null);
    }
  };
  const connectSandbox = async (p: Platform) => {
    setBusy(p.platform);
    onNotice({});
    try {
      await consoleFetch(`/api/console/orgs/${orgId}/social/accounts`, { method: "POST", body: { platform: p.platform } });
      onNotice({ success: `${PLATFORM_LABEL[p.platform]} connected to the sandbox: posts are recorded here, not published.` });
      setExplain(null);
      await refresh();
    } catch (err) {
      onNotice({ error: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };
  /** Behind a confirmation; a failure stays in the dialog (ConfirmButton shows it). */
  const disconnect = async (p: Platform) => {
    onNotice({});
    await consoleFetch(`/api/console/orgs/${orgId}/social/accounts/${p.platform}`, { method: "DELETE" });
    onNotice({ success: `${PLATFORM_LABEL[p.platform]} disconnected.` });
    await refresh();
  };
  return (
    <section aria-labelledby="social-accounts" className="mt-4">
      <h2 id="social-accounts" className="text-lg font-semibold">
        Accounts
      </h2>
      <p className="text-sm text-muted">
        Connect an account with the platform&apos;s own sign-in to publish there, or use the sandbox, which records posts without publishing them.
        {isOwner ? "" : " Only workspace owners connect accounts."}
      </p>
      {!accounts.data ? (
        <Spinner label="Loading accounts" />
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {accounts.data.data.map((p) => {
            const label = PLATFORM_LABEL[p.platform];
            return (
              <li key={p.platform} data-platform={p.platform} className="flex flex-col gap-2 rounded-lg border border-line bg-card p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <span className="font-medium">{label}</span>{" "}
                    {p.needsReconnect ? (
                      <Badge tone="bad">Reconnect needed</Badge>
                    ) : p.connected ? (
                      <Badge tone="good">Connected</Badge>
                    ) : (
                      <Badge>Not connected</Badge>
                    )}{" "}
                    {p.connected && p.sandbox ? <Badge tone="warn">Sandbox</Badge> : null}
                    {p.accountName ? <span className="block text-sm text-muted">{p.accountName}</span> : null}
                  </span>
                  {!isOwner ? null : (
                    <span className="flex flex-wrap gap-2">
                      {!p.connected || p.needsReconnect ? (
                        <Button size="sm" disabled={busy === p.platform} onClick={() => signIn(p)}>
                          {p.needsReconnect ? `Reconnect ${label}` : `Connect ${label}`}
                        </Button>
                      ) : null}
                      {p.connected ? (
                        <ConfirmButton
                          label={`Disconnect ${label}`}
                          title={`Disconnect ${label}?`}
                          confirmLabel="Disconnect"
                          variant="secondary"
                          onConfirm={() => disconnect(p)}
                        >
                          Automations stop posting to {label}
                          {p.accountName ? ` (${p.accountName})` : ""} until the account is connected again; what was already posted stays there.
                          {p.sandbox ? "" : ` Forma's access is withdrawn at ${label} too where ${label} allows it.`}
                        </ConfirmButton>
                      ) : null}
                    </span>
                  )}
                </div>
                {p.needsReconnect ? (
                  <p className="text-sm text-red-800" role="status">
                    {label} no longer accepts Forma&apos;s access, so scheduled posts to it are skipped. Reconnect to resume.{" "}
                    {p.problem ? <span className="block text-muted">{p.problem}</span> : null}
                  </p>
                ) : null}
                {explain === p.platform && !p.connected ? (
                  <div className="text-sm" role="status">
                    <p>
                      Signing in with {label} is not set up on this installation yet. An administrator adds {p.missingConfiguration.join(" and ")} to the
                      server&apos;s configuration (the README lists what each platform needs). Until then, the sandbox lets you try automations without
                      publishing.
                    </p>
                    <Button size="sm" variant="secondary" className="mt-2" disabled={busy === p.platform} onClick={() => connectSandbox(p)}>
                      {`Use the sandbox for ${label}`}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Drops({ orgId }: { orgId: string }) {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const drops = useQuery({
    queryKey: ["social-drops", orgId, offset],
    queryFn: () => consoleFetch<ListPage<DropItem>>(`/api/console/orgs/${orgId}/social/drops${qs({ limit: 12, offset })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="social-drops" className="mt-6">
      <h2 id="social-drops" className="text-lg font-semibold">
        Drops
      </h2>
      {drops.data?.explanation ? <p className="text-sm text-muted">{drops.data.explanation}</p> : null}
      {!drops.data ? (
        <Spinner label="Loading drops" />
      ) : drops.data.data.length === 0 ? (
        <p className="text-sm text-muted">No ready drops yet. Make one from a clip or a workout through the API (POST /v1/orgs/…/drops).</p>
      ) : (
        <>
          <ul className="mt-2 grid grid-cols-1 gap-3 md:grid-cols-2">
            {drops.data.data.map((d) => (
              <li key={d.id} data-drop-id={d.id} className="rounded-lg border border-line bg-card p-3">
                <div className="flex gap-3">
                  {/* biome-ignore lint/performance/noImgElement: public thumbnail URLs of our own media store */}
                  {d.sourceThumbnailUrl ? <img src={d.sourceThumbnailUrl} alt="" className="h-16 w-16 shrink-0 rounded object-cover" /> : null}
                  <div className="min-w-0">
                    <p className="font-medium">{d.title}</p>
                    <p className="text-sm text-muted">
                      {d.sourceTypeLabel}: {d.sourceName} · {d.channelPresetLabel} · {d.locale}
                    </p>
                    <p className="text-sm text-muted">Formats: {d.availableVariants.map(variantLabel).join(", ")}</p>
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-2"
                  aria-expanded={open === d.id}
                  aria-label={open === d.id ? undefined : `Preview ${d.title}`}
                  onClick={() => setOpen(open === d.id ? null : d.id)}
                >
                  {open === d.id ? "Hide preview" : "Preview"}
                </Button>
                {open === d.id ? <DropPreview orgId={orgId} dropId={d.id} /> : null}
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={12} total={drops.data.links.total} onChange={setOffset} label="Drops pages" />
        </>
      )}
      <FailedDrops orgId={orgId} />
    </section>
  );
}

/** Drops that could not be rendered (after the render job's retries), with the reason: the public list holds ready drops only. */
function FailedDrops({ orgId }: { orgId: string }) {
  const failed = useQuery({
    queryKey: ["social-drop-failures", orgId],
    queryFn: () => consoleFetch<{ data: FailedDrop[] }>(`/api/console/orgs/${orgId}/social/drop-failures`),
  });
  const rows = failed.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 id="social-drops-failed" className="font-semibold">
        Failed drops
      </h3>
      <ul aria-labelledby="social-drops-failed" className="mt-2 flex flex-col gap-2">
        {rows.map((d) => (
          <li key={d.id} data-failed-drop-id={d.id} className="rounded-lg border border-line bg-card p-3 text-sm">
            <p className="flex items-center gap-2 font-medium">
              {d.title} <Badge tone="bad">failed</Badge>
            </p>
            <p className="text-muted">
              {d.sourceTypeLabel}: {d.sourceName} · {formatDate(d.updatedAt)}
            </p>
            {d.failureReason ? <p>{d.failureReason}</p> : null}
            {d.variants.length ? (
              <p className="text-muted">{d.variants.map((v) => `${variantLabel(v.name)} (${v.attempts} attempt${v.attempts === 1 ? "" : "s"})`).join(", ")}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DropPreview({ orgId, dropId }: { orgId: string; dropId: string }) {
  const detail = useQuery({
    queryKey: ["social-drop", orgId, dropId],
    queryFn: () => consoleFetch<{ data: DropDetail }>(`/api/console/orgs/${orgId}/social/drops/${dropId}`),
  });
  if (!detail.data) return <Spinner label="Loading the drop" />;
  const d = detail.data.data;
  const main = d.variants.find((v) => v.name === d.defaults.variant && v.previewUrl) ?? d.variants.find((v) => v.previewUrl);
  const copy = d.copyPacks[0]?.copyPack;
  return (
    <div className="mt-3 flex flex-col gap-2">
      {main ? (
        <video
          src={main.previewUrl!}
          poster={main.coverUrl ?? undefined}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label={`Preview of ${d.title}, ${main.name}`}
          className="max-h-80 w-auto self-start rounded bg-black"
        />
      ) : (
        <p className="text-sm text-muted">No rendered variant yet.</p>
      )}
      {main ? (
        <p className="text-sm text-muted">
          {variantLabel(main.name)}: {main.width}x{main.height}
          {main.file ? ` · ${main.file.durationSeconds} s · ${(main.file.bytes / 1024 / 1024).toFixed(1)} MB` : ""}
          {main.limitedBySource ? " · at the source's size (smaller than the platform's; never upscaled)" : ""}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {d.variants
          .filter((v) => v.coverUrl)
          .filter((v, i, all) => all.findIndex((x) => x.coverUrl === v.coverUrl) === i)
          .map((v) => (
            // biome-ignore lint/performance/noImgElement: signed cover URLs of our own media store
            <img key={v.name} src={v.coverUrl!} alt={`Cover ${v.name.split("_")[0]}`} className="h-24 w-auto rounded border border-line" />
          ))}
      </div>
      {copy ? (
        <div className="text-sm">
          {copy.hook ? <p className="font-medium">{copy.hook}</p> : null}
          {copy.caption ? <p className="whitespace-pre-line">{copy.caption}</p> : null}
          {copy.hashtags?.length ? <p className="text-muted">{copy.hashtags.map((h) => `#${h}`).join(" ")}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function AutomationForm({ orgId, onCreated, onCancel }: { orgId: string; onCreated: (name: string) => void; onCancel: () => void }) {
  const { busy, error, fields, submit } = useSubmission();
  return (
    <form
      aria-label="New automation"
      className="mt-3 flex flex-col gap-3 rounded-lg border border-line bg-card p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const body = {
          name: f.get("name"),
          platforms: f.getAll("platforms"),
          sourceMode: f.get("sourceMode"),
          schedule: { type: "weekly", timeZone: f.get("timeZone") || "UTC", days: f.getAll("days"), times: [f.get("time")] },
        };
        await submit(async () => {
          await consoleFetch(`/api/console/orgs/${orgId}/social/automations`, { method: "POST", body });
          onCreated(String(body.name));
        });
      }}
    >
      <Field label="Name" error={fields.name}>
        {(p) => <Input {...p} name="name" required maxLength={200} />}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">Platforms</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm">
          {Object.entries(PLATFORM_LABEL).map(([id, label]) => (
            <label key={id} className="flex items-center gap-1">
              <input type="checkbox" name="platforms" value={id} defaultChecked={id === "instagram"} /> {label}
            </label>
          ))}
        </div>
        {fields.platforms ? <p className="text-sm text-danger">{fields.platforms}</p> : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field label="Which drop" error={fields.sourceMode}>
          {(p) => (
            <Select {...p} name="sourceMode" defaultValue="random_ready">
              <option value="random_ready">A random ready drop</option>
              <option value="ai_pick">AI pick (engagement, freshness, variety)</option>
              <option value="ai_insights">AI pick from members&apos; insights</option>
            </Select>
          )}
        </Field>
        <Field label="Time (24 h)" error={fields["schedule.times"] ?? fields["schedule.times.0"]}>
          {(p) => <Input {...p} name="time" type="time" defaultValue="09:00" required />}
        </Field>
        <Field label="Time zone" error={fields["schedule.timeZone"]}>
          {(p) => <Input {...p} name="timeZone" defaultValue="UTC" maxLength={64} />}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Days</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm">
          {DAYS.map((d) => (
            <label key={d} className="flex items-center gap-1">
              <input type="checkbox" name="days" value={d} defaultChecked /> {d}
            </label>
          ))}
        </div>
        {fields["schedule.days"] ? <p className="text-sm text-danger">{fields["schedule.days"]}</p> : null}
      </fieldset>
      <FormMessage error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create automation (draft)"}
        </Button>
      </div>
    </form>
  );
}

function Automations({ orgId, onNotice }: { orgId: string; onNotice: Notify }) {
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ["social-automations", orgId, offset],
    queryFn: () => consoleFetch<ListPage<Automation>>(`/api/console/orgs/${orgId}/social/automations${qs({ limit: 20, offset })}`),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["social-automations", orgId] });
  const setStatus = async (a: Automation, status: "active" | "draft") => {
    onNotice({});
    try {
      await consoleFetch(`/api/console/orgs/${orgId}/social/automations/${a.id}`, { method: "PATCH", body: { status } });
      onNotice({ success: `${a.name} is ${status === "active" ? "active" : "paused"}.` });
      await refresh();
    } catch (err) {
      onNotice({ error: errorMessage(err) });
    }
  };
  return (
    <section aria-labelledby="social-automations" className="mt-6">
      <div className="flex items-center justify-between gap-2">
        <h2 id="social-automations" className="text-lg font-semibold">
          Publish automations
        </h2>
        {!creating ? <Button onClick={() => setCreating(true)}>New automation</Button> : null}
      </div>
      {creating ? (
        <AutomationForm
          orgId={orgId}
          onCancel={() => setCreating(false)}
          onCreated={async (name) => {
            setCreating(false);
            onNotice({ success: `${name} was created as a draft.` });
            await refresh();
          }}
        />
      ) : null}
      {!list.data ? (
        <Spinner label="Loading automations" />
      ) : list.data.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No automations yet.</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-col gap-2">
            {list.data.data.map((a) => (
              <li key={a.id} data-automation-id={a.id} className="rounded-lg border border-line bg-card p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-medium">
                      {a.name} <Badge tone={a.status === "active" ? "good" : "neutral"}>{a.status === "active" ? "Active" : "Draft"}</Badge>
                    </p>
                    <p className="text-sm text-muted">
                      {a.platforms.map((p) => PLATFORM_LABEL[p] ?? p).join(", ")} · {a.sourceMode.replace("_", " ")} · {scheduleText(a.schedule)}
                    </p>
                    <p className="text-sm text-muted">{a.nextRunAt ? `Next post ${formatDate(a.nextRunAt)}` : "Not scheduled"}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {a.status === "active" ? (
                      <Button size="sm" variant="secondary" onClick={() => setStatus(a, "draft")}>
                        Pause {a.name}
                      </Button>
                    ) : (
                      <Button size="sm" onClick={() => setStatus(a, "active")}>
                        Activate {a.name}
                      </Button>
                    )}
                    <Button size="sm" variant="secondary" aria-expanded={history === a.id} onClick={() => setHistory(history === a.id ? null : a.id)}>
                      {history === a.id ? "Hide history" : "History"}
                    </Button>
                    <ConfirmButton
                      label={`Delete ${a.name}`}
                      title={`Delete ${a.name}?`}
                      confirmLabel="Delete"
                      onConfirm={async () => {
                        await consoleFetch(`/api/console/orgs/${orgId}/social/automations/${a.id}`, { method: "DELETE" });
                        onNotice({ success: `${a.name} was deleted.` });
                        await refresh();
                      }}
                    >
                      It stops publishing; its past posts stay on the platforms.
                    </ConfirmButton>
                  </div>
                </div>
                {history === a.id ? <AutomationHistory orgId={orgId} automationId={a.id} /> : null}
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={20} total={list.data.links.total} onChange={setOffset} label="Automation pages" />
        </>
      )}
    </section>
  );
}

function AutomationHistory({ orgId, automationId }: { orgId: string; automationId: string }) {
  const h = useQuery({
    queryKey: ["social-history", orgId, automationId],
    queryFn: () => consoleFetch<{ data: History }>(`/api/console/orgs/${orgId}/social/automations/${automationId}/history`),
  });
  if (!h.data) return <Spinner label="Loading the history" />;
  const { deliveries } = h.data.data;
  if (deliveries.length === 0) return <p className="mt-2 text-sm text-muted">Nothing published yet.</p>;
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">Publication history</caption>
      <thead>
        <tr className="text-muted">
          <th scope="col">Due</th>
          <th scope="col">Platform</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id} className="border-t border-line">
            <td>{formatDate(d.dueAt)}</td>
            <td>{PLATFORM_LABEL[d.platform] ?? d.platform}</td>
            <td>
              <Badge tone={STATUS_TONE[d.status] ?? "neutral"}>{d.status}</Badge>
              {d.lastError ? <span className="block text-danger">{d.lastError}</span> : null}
              {d.externalPostUrl ? (
                <a className="block underline" href={d.externalPostUrl} target="_blank" rel="noopener noreferrer">
                  {`View the post on ${PLATFORM_LABEL[d.platform] ?? d.platform}`}
                </a>
              ) : null}
            </td>
            <td>{d.attempts.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
