"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { useSubmission } from "./use-submission";
import { Badge, ConfirmButton, FormMessage, PageHeader, Pager, formatDate } from "./widgets";

interface Task {
  id: string;
  name: string;
  status: "draft" | "active";
  scope: string;
  contentType: string;
  repeatMode: string;
  difficultyOptions: string[];
  nextRunAt: string | null;
  updatedAt: string;
}
interface TaskEvent {
  id: string;
  taskId: string;
  eventType: string;
  trigger: string;
  resultContentId?: string;
  resultContentType?: string;
  errorMessage?: string;
  createdAt: string;
}
interface ListPage<T> {
  data: T[];
  links: { total: number };
  explanation?: string;
}

const EVENT_TONE: Record<string, "good" | "bad" | "warn"> = { success: "good", failed: "bad", skipped_limit: "warn", skipped_premium_lost: "warn" };

function TaskForm({ orgId, categories, onCreated, onCancel }: { orgId: string; categories: { id: string; name: string }[]; onCreated: () => void; onCancel: () => void }) {
  const { busy, error, fields, submit } = useSubmission();
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const d = new FormData(e.currentTarget);
        const minutes = (k: string) => (d.get(k) ? Number(d.get(k)) : null);
        const body = {
          name: d.get("name"),
          scope: "ai_generate",
          contentType: d.get("contentType"),
          categoryIds: d.getAll("categoryIds"),
          difficultyOptions: d.getAll("difficultyOptions"),
          durationMin: minutes("durationMin"),
          durationMax: minutes("durationMax"),
          repeatMode: d.get("repeatMode"),
          includeFreeStock: d.get("includeFreeStock") === "on",
          includePremiumStock: d.get("includePremiumStock") === "on",
          includeTeamContent: d.get("includeTeamContent") === "on",
          promptGuidanceMode: d.get("customPromptGuidance") ? "custom" : "none",
          customPromptGuidance: (d.get("customPromptGuidance") as string) || null,
        };
        await submit(async () => {
          await consoleFetch(`/api/console/orgs/${orgId}/autopilot/tasks`, { method: "POST", body });
          onCreated();
        });
      }}
    >
      <Field label="Name" error={fields.name}>
        {(p) => <Input {...p} name="name" />}
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Makes" error={fields.contentType}>
          {(p) => (
            <Select {...p} name="contentType" defaultValue="workout">
              <option value="workout">Workouts</option>
              <option value="program">Plans</option>
            </Select>
          )}
        </Field>
        <Field label="Schedule" error={fields.repeatMode}>
          {(p) => (
            <Select {...p} name="repeatMode" defaultValue="weekly">
              <option value="once">Once</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </Select>
          )}
        </Field>
        <Field label="Shortest (minutes)" error={fields.durationMin}>
          {(p) => <Input {...p} name="durationMin" type="number" min={5} max={120} />}
        </Field>
        <Field label="Longest (minutes)" error={fields.durationMax}>
          {(p) => <Input {...p} name="durationMax" type="number" min={5} max={120} />}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Categories</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-1 rounded-full border border-line px-2 py-1 text-sm">
              <input type="checkbox" name="categoryIds" value={c.id} /> {c.name}
            </label>
          ))}
        </div>
        {fields.categoryIds ? <p className="text-sm text-danger">{fields.categoryIds}</p> : null}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Difficulties</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm">
          {["beginner", "intermediate", "advanced"].map((d) => (
            <label key={d} className="flex items-center gap-1">
              <input type="checkbox" name="difficultyOptions" value={d} defaultChecked={d === "beginner"} /> {d}
            </label>
          ))}
        </div>
        {fields.difficultyOptions ? <p className="text-sm text-danger">{fields.difficultyOptions}</p> : null}
      </fieldset>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="checkbox" name="includeFreeStock" defaultChecked /> Free stock
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" name="includePremiumStock" /> Premium stock
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" name="includeTeamContent" defaultChecked /> Workspace clips
        </label>
      </div>
      <Field label="Guidance (optional)" error={fields.customPromptGuidance}>
        {(p) => <Textarea {...p} name="customPromptGuidance" maxLength={2000} />}
      </Field>
      <FormMessage error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create task (draft)"}
        </Button>
      </div>
    </form>
  );
}

/** Content autopilot: tasks with their schedules, activate or deactivate, run now, and the event log. */
export function AutopilotManager({ orgId, categories }: { orgId: string; categories: { id: string; name: string }[] }) {
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [eventsOffset, setEventsOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<{ error?: string; success?: string }>({});
  const [running, setRunning] = useState<string | null>(null);
  const tasks = useQuery({
    queryKey: ["autopilot-tasks", orgId, offset],
    queryFn: () => consoleFetch<ListPage<Task>>(`/api/console/orgs/${orgId}/autopilot/tasks${qs({ limit: 20, offset })}`),
    placeholderData: keepPreviousData,
  });
  const events = useQuery({
    queryKey: ["autopilot-events", orgId, eventsOffset],
    queryFn: () => consoleFetch<ListPage<TaskEvent>>(`/api/console/orgs/${orgId}/autopilot/events${qs({ limit: 20, offset: eventsOffset })}`),
    placeholderData: keepPreviousData,
  });
  // Names of the tasks on the current page of the list, to label their events.
  const taskNames = new Map((tasks.data?.data ?? []).map((t) => [t.id, t.name]));
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ["autopilot-tasks", orgId] }), qc.invalidateQueries({ queryKey: ["autopilot-events", orgId] })]);
  const act = async (task: Task, verb: "activate" | "deactivate" | "run-now") => {
    setNotice({});
    if (verb === "run-now") setRunning(task.id);
    try {
      await consoleFetch(`/api/console/orgs/${orgId}/autopilot/tasks/${task.id}/${verb}`, { method: "POST" });
      setNotice({ success: verb === "run-now" ? `Ran ${task.name}; see the event log.` : `${task.name} is ${verb === "activate" ? "active" : "paused"}.` });
      await refresh();
    } catch (err) {
      setNotice({ error: errorMessage(err) });
    } finally {
      setRunning(null);
    }
  };
  return (
    <>
      <PageHeader title="Content autopilot" description="Scheduled AI content: tasks generate workouts or plans on a schedule." actions={<Button onClick={() => setCreating(true)}>New task</Button>} />
      <FormMessage error={notice.error} success={notice.success} />
      <section aria-label="Tasks" className="mt-3">
        {tasks.data?.explanation ? <p className="mb-2 text-sm text-muted">{tasks.data.explanation}</p> : null}
        {!tasks.data ? (
          <Spinner label="Loading tasks" />
        ) : (
          <ul className="flex flex-col gap-2">
            {tasks.data.data.map((t) => (
              <li key={t.id} data-task-id={t.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-3">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{t.name}</span>
                  <span className="text-xs text-muted">
                    {t.scope} · {t.contentType} · {t.repeatMode} · next run {t.nextRunAt ? formatDate(t.nextRunAt) : "not scheduled"}
                  </span>
                </span>
                <Badge tone={t.status === "active" ? "good" : "neutral"}>{t.status}</Badge>
                {t.status === "active" ? (
                  <Button size="sm" variant="secondary" aria-label={`Deactivate ${t.name}`} onClick={() => act(t, "deactivate")}>
                    Deactivate
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" aria-label={`Activate ${t.name}`} onClick={() => act(t, "activate")}>
                    Activate
                  </Button>
                )}
                <Button size="sm" aria-label={`Run ${t.name} now`} disabled={running !== null} onClick={() => act(t, "run-now")}>
                  {running === t.id ? "Running…" : "Run now"}
                </Button>
                <ConfirmButton
                  label="Delete"
                  title={`Delete ${t.name}?`}
                  confirmLabel="Delete task"
                  onConfirm={async () => {
                    await consoleFetch(`/api/console/orgs/${orgId}/autopilot/tasks/${t.id}`, { method: "DELETE" });
                    await refresh();
                  }}
                >
                  The task stops running. What it made stays in the library.
                </ConfirmButton>
              </li>
            ))}
          </ul>
        )}
        {tasks.data ? <Pager label="Tasks" offset={offset} limit={20} total={tasks.data.links.total} onChange={setOffset} /> : null}
      </section>
      <section aria-label="Event log" className="mt-6">
        <h2 className="mb-2 text-lg font-semibold">Event log</h2>
        {!events.data ? (
          <Spinner label="Loading events" />
        ) : events.data.data.length === 0 ? (
          <p className="text-sm text-muted">No runs yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {events.data.data.map((e) => (
              <li key={e.id} data-event-id={e.id} data-task-id={e.taskId} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-2 text-sm">
                <Badge tone={EVENT_TONE[e.eventType] ?? "neutral"}>{e.eventType}</Badge>
                {taskNames.get(e.taskId) ? <span className="font-medium">{taskNames.get(e.taskId)}</span> : null}
                <span className="text-muted">{formatDate(e.createdAt)}</span>
                <span className="text-muted">({e.trigger})</span>
                {e.resultContentId ? (
                  <a href={e.resultContentType === "workout" ? `/console/library/workouts/${e.resultContentId}` : `/console/library/plans/${e.resultContentId}`}>open the result</a>
                ) : null}
                {e.errorMessage ? <span className="text-danger">{e.errorMessage}</span> : null}
              </li>
            ))}
          </ul>
        )}
        {events.data ? <Pager label="Events" offset={eventsOffset} limit={20} total={events.data.links.total} onChange={setEventsOffset} /> : null}
      </section>
      <Dialog open={creating} onClose={() => setCreating(false)} title="New autopilot task">
        {creating ? (
          <TaskForm
            orgId={orgId}
            categories={categories}
            onCancel={() => setCreating(false)}
            onCreated={async () => {
              setCreating(false);
              setNotice({ success: "Task created as a draft: activate it to schedule it." });
              await refresh();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
