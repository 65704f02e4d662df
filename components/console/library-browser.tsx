"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { Badge, PageHeader, Pager, formatDate, formatDuration } from "./widgets";

export interface LibraryWorkout {
  id: string;
  name: string;
  status: "draft" | "published";
  visibility: string;
  difficulty: string;
  duration: number;
  source: string;
  segments: number;
  thumbnailUrl: string | null;
  updatedAt: string;
}
export interface LibraryPlan {
  id: string;
  name: string;
  status: "draft" | "published";
  visibility: string;
  difficulty: string;
  durationWeeks: number;
  daysPerWeek: number;
  workouts: number;
  updatedAt: string;
}
interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
export interface LibraryFilters {
  tab: "workouts" | "plans";
  q: string;
  status: string;
  visibility: string;
  difficulty: string;
  offset: number;
}

const LIMIT = 20;

/** The workspace's workouts and plans (published, drafts, private), searched and filtered on the server. */
export function LibraryBrowser({ orgId, initial, initialFilters }: { orgId: string; initial: Page<LibraryWorkout | LibraryPlan>; initialFilters: LibraryFilters }) {
  const [f, setF] = useState<LibraryFilters>(initialFilters);
  const [q, setQ] = useState(initialFilters.q);
  const set = (patch: Partial<LibraryFilters>) => setF((old) => ({ ...old, offset: 0, ...patch }));
  const key = ["library", orgId, f] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      consoleFetch<Page<LibraryWorkout | LibraryPlan>>(
        `/api/console/orgs/${orgId}/${f.tab}${qs({ q: f.q, status: f.status, visibility: f.visibility, difficulty: f.difficulty, limit: LIMIT, offset: f.offset })}`,
      ),
    initialData: JSON.stringify(f) === JSON.stringify(initialFilters) ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <>
      <PageHeader
        title="Library"
        description="Every workout and plan of the workspace: published, drafts and private ones."
        actions={
          <>
            <Link className={buttonClass("primary", "md")} href="/console/library/workouts/new">
              New workout
            </Link>
            <Link className={buttonClass("secondary", "md")} href="/console/library/workouts/generate">
              Generate with AI
            </Link>
            <Link className={buttonClass("secondary", "md")} href="/console/library/plans/new">
              New plan
            </Link>
          </>
        }
      />
      <div role="tablist" aria-label="Library" className="mb-4 flex gap-2">
        {(["workouts", "plans"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={f.tab === t}
            className={buttonClass(f.tab === t ? "primary" : "secondary", "sm")}
            onClick={() => set({ tab: t })}
          >
            {t === "workouts" ? "Workouts" : "Plans"}
          </button>
        ))}
      </div>
      <form
        className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
        aria-label="Search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q });
        }}
      >
        <Input aria-label="Search" placeholder="Search names and descriptions" value={q} onChange={(e) => setQ(e.target.value)} onBlur={() => set({ q })} />
        <Select aria-label="Status" value={f.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Any status</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </Select>
        <Select aria-label="Visibility" value={f.visibility} onChange={(e) => set({ visibility: e.target.value })}>
          <option value="">Public and private</option>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </Select>
        <Select aria-label="Difficulty" value={f.difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
          <option value="">Any difficulty</option>
          <option value="beginner">Beginner</option>
          <option value="intermediate">Intermediate</option>
          <option value="advanced">Advanced</option>
        </Select>
      </form>
      {query.isError ? <p role="alert" className="text-danger">{errorMessage(query.error)}</p> : null}
      {!data ? (
        <Spinner label="Loading the library" />
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-line bg-card p-6 text-center text-muted">Nothing matches. Change the filters or create something new.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-busy={query.isFetching}>
          {f.tab === "workouts"
            ? (data.items as LibraryWorkout[]).map((w) => (
                <li key={w.id} data-workout-id={w.id}>
                  <Link href={`/console/library/workouts/${w.id}`} className="flex gap-3 rounded-xl border border-line bg-card p-3 text-ink no-underline hover:border-brand">
                    {w.thumbnailUrl ? (
                      // biome-ignore lint/performance/noImgElement: thumbnails are served by the media route, not next/image
                      <img src={w.thumbnailUrl} alt="" className="h-16 w-24 shrink-0 rounded-md object-cover" />
                    ) : (
                      <span className="h-16 w-24 shrink-0 rounded-md bg-line" />
                    )}
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{w.name}</span>
                      <span className="mt-1 flex flex-wrap gap-1">
                        <Badge tone={w.status === "published" ? "good" : "warn"}>{w.status}</Badge>
                        <Badge>{w.visibility}</Badge>
                        <Badge>{w.difficulty}</Badge>
                      </span>
                      <span className="mt-1 block text-xs text-muted">
                        {formatDuration(w.duration)} · {w.segments} entries · changed {formatDate(w.updatedAt)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))
            : (data.items as LibraryPlan[]).map((p) => (
                <li key={p.id} data-plan-id={p.id}>
                  <Link href={`/console/library/plans/${p.id}`} className="block rounded-xl border border-line bg-card p-3 text-ink no-underline hover:border-brand">
                    <span className="block truncate font-medium">{p.name}</span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      <Badge tone={p.status === "published" ? "good" : "warn"}>{p.status}</Badge>
                      <Badge>{p.visibility}</Badge>
                      <Badge>{p.difficulty}</Badge>
                    </span>
                    <span className="mt-1 block text-xs text-muted">
                      {p.durationWeeks} week(s) · {p.daysPerWeek} day(s) a week · {p.workouts} scheduled workouts
                    </span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
      {data ? <Pager label="Library" offset={f.offset} limit={LIMIT} total={data.total} onChange={(offset) => setF((o) => ({ ...o, offset }))} /> : null}
    </>
  );
}
