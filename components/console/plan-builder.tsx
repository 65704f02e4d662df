"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { ConsoleApiError, consoleFetch, errorMessage, qs } from "./api";
import type { LibraryWorkout } from "./library-browser";
import { Badge, ConfirmButton, FormMessage, PageHeader, Pager, formatDuration } from "./widgets";

export interface PlanFormState {
  name: Record<string, string>;
  description: Record<string, string>;
  difficulty: string;
  visibility: "public" | "private";
  goalIds: string[];
  categoryIds: string[];
  weeks: { days: { day: number; workoutIds: string[] }[] }[];
}

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function WorkoutPicker({ orgId, open, onClose, onPick }: { orgId: string; open: boolean; onClose: () => void; onPick: (w: LibraryWorkout) => void }) {
  const [q, setQ] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const query = useQuery({
    queryKey: ["plan-picker", orgId, search, offset],
    queryFn: () => consoleFetch<{ items: LibraryWorkout[]; total: number }>(`/api/console/orgs/${orgId}/workouts${qs({ status: "published", q: search, limit: 10, offset })}`),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Dialog open={open} onClose={onClose} title="Add a published workout">
      <form
        aria-label="Search"
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q);
          setOffset(0);
        }}
      >
        <Input aria-label="Search workouts" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search workouts" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {!query.data ? (
        <Spinner />
      ) : (
        <ul className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto">
          {query.data.items.map((w) => (
            <li key={w.id}>
              <button type="button" className="w-full rounded-lg border border-line p-2 text-left text-sm hover:border-brand" onClick={() => onPick(w)}>
                <span className="font-medium">{w.name}</span> <span className="text-muted">· {formatDuration(w.duration)} · {w.difficulty}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.data ? <Pager label="Workouts" offset={offset} limit={10} total={query.data.total} onChange={setOffset} /> : null}
    </Dialog>
  );
}

/** Plans built week by week: each week's training days and the published workouts of each day. */
export function PlanBuilder({
  orgId,
  plan,
  initial,
  workouts: initialWorkouts,
  goals,
}: {
  orgId: string;
  plan: { id: string; status: "draft" | "published" } | null;
  initial: PlanFormState;
  workouts: Record<string, { id: string; name: string; duration: number }>;
  goals: { id: string; name: string }[];
}) {
  const router = useRouter();
  const qc = useQueryClient();
  const [form, setForm] = useState(initial);
  const [names, setNames] = useState(initialWorkouts);
  const [status, setStatus] = useState(plan?.status ?? "draft");
  const [target, setTarget] = useState<{ week: number; day: number } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PlanFormState>) => setForm((f) => ({ ...f, ...patch }));
  const setWeeks = (weeks: PlanFormState["weeks"]) => set({ weeks });
  const addToDay = (week: number, day: number, workoutId: string) =>
    setWeeks(
      form.weeks.map((w, wi) => {
        if (wi !== week) return w;
        const existing = w.days.find((d) => d.day === day);
        const days = existing ? w.days.map((d) => (d.day === day ? { ...d, workoutIds: [...d.workoutIds, workoutId] } : d)) : [...w.days, { day, workoutIds: [workoutId] }];
        return { days: days.sort((a, b) => a.day - b.day) };
      }),
    );
  const removeFromDay = (week: number, day: number, index: number) =>
    setWeeks(
      form.weeks.map((w, wi) =>
        wi !== week ? w : { days: w.days.map((d) => (d.day === day ? { ...d, workoutIds: d.workoutIds.filter((_, i) => i !== index) } : d)).filter((d) => d.workoutIds.length > 0) },
      ),
    );

  const save = async () => {
    setBusy(true);
    setFields({});
    setMessage({});
    const body = { ...form, description: form.description["en-US"]?.trim() ? form.description : undefined };
    try {
      if (!plan) {
        const created = await consoleFetch<{ id: string }>(`/api/console/orgs/${orgId}/plans`, { method: "POST", body });
        qc.invalidateQueries({ queryKey: ["library", orgId] });
        router.push(`/console/library/plans/${created.id}`);
        return;
      }
      await consoleFetch(`/api/console/orgs/${orgId}/plans/${plan.id}`, { method: "PUT", body });
      qc.invalidateQueries({ queryKey: ["library", orgId] });
      setMessage({ success: "Saved." });
    } catch (e) {
      if (e instanceof ConsoleApiError) setFields(e.fields);
      setMessage({ error: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={plan ? `Edit plan: ${form.name["en-US"] || "plan"}` : "New plan"}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {plan ? <Badge tone={status === "published" ? "good" : "warn"}>{status}</Badge> : <span>New plans start as drafts.</span>}
            <Link href="/console/library?tab=plans">Back to the library</Link>
          </span>
        }
        actions={
          plan ? (
            status === "draft" ? (
              <Button
                onClick={async () => {
                  try {
                    await consoleFetch(`/api/console/orgs/${orgId}/plans/${plan.id}/publish`, { method: "POST" });
                    setStatus("published");
                    setMessage({ success: "Published." });
                  } catch (e) {
                    setMessage({ error: errorMessage(e) });
                  }
                }}
              >
                Publish
              </Button>
            ) : (
              <ConfirmButton
                label="Unpublish"
                title="Unpublish this plan?"
                confirmLabel="Unpublish"
                onConfirm={async () => {
                  await consoleFetch(`/api/console/orgs/${orgId}/plans/${plan.id}/unpublish`, { method: "POST" });
                  setStatus("draft");
                }}
              >
                It leaves the API's plan list. Members already enrolled keep following it.
              </ConfirmButton>
            )
          ) : null
        }
      />
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <section aria-label="Plan details" className="grid grid-cols-1 gap-4 rounded-xl border border-line bg-card p-4 md:grid-cols-2">
          <Field label="Name (English)" error={fields.name ?? fields["name.en-US"]}>
            {(p) => <Input {...p} value={form.name["en-US"] ?? ""} onChange={(e) => set({ name: { ...form.name, "en-US": e.target.value } })} />}
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Difficulty" error={fields.difficulty}>
              {(p) => (
                <Select {...p} value={form.difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
                  <option value="beginner">Beginner</option>
                  <option value="intermediate">Intermediate</option>
                  <option value="advanced">Advanced</option>
                </Select>
              )}
            </Field>
            <Field label="Visibility" error={fields.visibility}>
              {(p) => (
                <Select {...p} value={form.visibility} onChange={(e) => set({ visibility: e.target.value as "public" | "private" })}>
                  <option value="public">Public</option>
                  <option value="private">Private</option>
                </Select>
              )}
            </Field>
          </div>
          <div className="md:col-span-2">
            <Field label="Description (English)" error={fields.description}>
              {(p) => <Textarea {...p} value={form.description["en-US"] ?? ""} onChange={(e) => set({ description: { ...form.description, "en-US": e.target.value } })} />}
            </Field>
          </div>
          <fieldset className="md:col-span-2">
            <legend className="text-sm font-medium">Goals</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {goals.map((g) => (
                <label key={g.id} className="flex items-center gap-1 rounded-full border border-line px-2 py-1 text-sm">
                  <input type="checkbox" checked={form.goalIds.includes(g.id)} onChange={(e) => set({ goalIds: e.target.checked ? [...form.goalIds, g.id] : form.goalIds.filter((id) => id !== g.id) })} />
                  {g.name}
                </label>
              ))}
            </div>
          </fieldset>
        </section>

        <section aria-label="Schedule" className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Schedule</h2>
          {fields.weeks ? <p className="text-sm text-danger">{fields.weeks}</p> : null}
          {form.weeks.map((w, wi) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional
            <div key={wi} className="rounded-xl border border-line bg-card p-3" data-week={wi + 1}>
              <div className="mb-2 flex items-center justify-between">
                <h3 className="font-semibold">Week {wi + 1}</h3>
                <Button size="sm" variant="ghost" aria-label={`Remove week ${wi + 1}`} disabled={form.weeks.length === 1} onClick={() => setWeeks(form.weeks.filter((_, j) => j !== wi))}>
                  Remove week
                </Button>
              </div>
              <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
                {DAYS.map((label, di) => {
                  const day = w.days.find((d) => d.day === di + 1);
                  const prefix = `weeks.${wi}.days.${w.days.indexOf(day!)}`;
                  const dayError = day ? Object.entries(fields).find(([k]) => k.startsWith(prefix))?.[1] : undefined;
                  return (
                    <li key={label} className="rounded-lg border border-line p-2">
                      <p className="text-xs font-medium text-muted">{label}</p>
                      <ul className="my-1 flex flex-col gap-1">
                        {day?.workoutIds.map((id, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a workout may appear twice in a day
                          <li key={`${id}-${i}`} className="flex items-start justify-between gap-1 text-sm">
                            <span className="min-w-0 break-words">{names[id]?.name ?? id}</span>
                            <button type="button" aria-label={`Remove ${names[id]?.name ?? "workout"} from week ${wi + 1} ${label}`} className="text-muted" onClick={() => removeFromDay(wi, di + 1, i)}>
                              ✕
                            </button>
                          </li>
                        ))}
                      </ul>
                      {dayError ? <p className="text-xs text-danger">{dayError}</p> : null}
                      <Button size="sm" variant="ghost" aria-label={`Add a workout to week ${wi + 1} ${label}`} onClick={() => setTarget({ week: wi, day: di + 1 })}>
                        + Add
                      </Button>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          <div>
            <Button variant="secondary" onClick={() => setWeeks([...form.weeks, { days: [] }])}>
              + Add week
            </Button>
          </div>
        </section>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : plan ? "Save" : "Save as draft"}
          </Button>
          <FormMessage error={message.error} success={message.success} />
        </div>
      </form>
      <WorkoutPicker
        orgId={orgId}
        open={target !== null}
        onClose={() => setTarget(null)}
        onPick={(wk) => {
          setNames((n) => ({ ...n, [wk.id]: { id: wk.id, name: wk.name, duration: wk.duration } }));
          if (target) addToDay(target.week, target.day, wk.id);
          setTarget(null);
        }}
      />
    </>
  );
}
