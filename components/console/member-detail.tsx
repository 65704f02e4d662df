"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ProgressBar, Spinner } from "@/components/ui/spinner";
import { consoleFetch, errorMessage, qs } from "./api";
import { type Member, MemberStatusButton } from "./members-manager";
import { Badge, PageHeader, Pager, formatDate, formatDuration } from "./widgets";

/** Page size of the member page's lists; the server's first paint uses the same (MEMBER_PAGE_SIZE). */
const PAGE = 10;

interface Session {
  id: string;
  workoutId: string;
  workoutName: string;
  status: string;
  duration: number;
  progress: number;
  createdAt: string;
}
interface Page<T> {
  items: T[];
  total: number;
}
interface LibraryWorkout {
  id: string;
  name: string;
  assignedAt: string;
}
interface LibraryPlan {
  id: string;
  name: string;
  assignedAt: string;
}
export interface MemberOverview {
  member: Member & { preferredLocale: string; timeZone: string };
  sessions: Page<Session>;
  library: { workouts: Page<LibraryWorkout>; plans: Page<LibraryPlan> } | null;
  activePlan: { planId: string; startDate: string; plan: { name: string } } | null;
  progress: { percentage: number; completedWorkouts: number; scheduledWorkouts: number } | null;
}
interface Digest {
  summary?: string;
  score?: number;
  pillars?: { type: string; score: number | null }[];
}

/** One server-paginated list of the member page, its first page from the server's first paint. */
function usePage<T>(orgId: string, memberId: string, path: string, initial: Page<T> | undefined, offset: number) {
  return useQuery({
    queryKey: ["member", path, orgId, memberId, offset],
    queryFn: () => consoleFetch<Page<T>>(`/api/console/orgs/${orgId}/members/${memberId}/${path}${qs({ limit: PAGE, offset })}`),
    initialData: offset === 0 ? initial : undefined,
    placeholderData: keepPreviousData,
  });
}

/** The member's library: workouts and plans, each paginated on the server. */
function LibraryCard({ orgId, memberId, initial }: { orgId: string; memberId: string; initial: NonNullable<MemberOverview["library"]> }) {
  const [workoutsOffset, setWorkoutsOffset] = useState(0);
  const [plansOffset, setPlansOffset] = useState(0);
  const workouts = usePage(orgId, memberId, "library/workouts", initial.workouts, workoutsOffset);
  const plans = usePage(orgId, memberId, "library/plans", initial.plans, plansOffset);
  return (
    <Card>
      <h2 className="font-semibold">Library</h2>
      <section aria-label="Library workouts" className="mt-2">
        <h3 className="text-sm font-medium">Workouts</h3>
        {workouts.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(workouts.error)}
          </p>
        ) : workouts.data && workouts.data.items.length > 0 ? (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {workouts.data.items.map((w) => (
              <li key={w.id} data-library-workout-id={w.id}>
                <Link href={`/console/library/workouts/${w.id}`}>{w.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No workouts assigned.</p>
        )}
        {workouts.data ? (
          <Pager label="Library workouts" offset={workoutsOffset} limit={PAGE} total={workouts.data.total} onChange={setWorkoutsOffset} />
        ) : null}
      </section>
      <section aria-label="Library plans" className="mt-4">
        <h3 className="text-sm font-medium">Plans</h3>
        {plans.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(plans.error)}
          </p>
        ) : plans.data && plans.data.items.length > 0 ? (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {plans.data.items.map((p) => (
              <li key={p.id} data-library-plan-id={p.id}>
                <Link href={`/console/library/plans/${p.id}`}>{p.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No plans assigned.</p>
        )}
        {plans.data ? <Pager label="Library plans" offset={plansOffset} limit={PAGE} total={plans.data.total} onChange={setPlansOffset} /> : null}
      </section>
    </Card>
  );
}

/** Today's digest, loaded on its own; a failure is shown with its reason and a retry, never as an empty card. */
function DigestCard({ orgId, memberId }: { orgId: string; memberId: string }) {
  const digest = useQuery({
    queryKey: ["member-digest", orgId, memberId],
    queryFn: () => consoleFetch<{ data: Digest }>(`/api/console/orgs/${orgId}/members/${memberId}/digest`),
    retry: false,
  });
  const d = digest.data?.data;
  return (
    <Card className="lg:col-span-2" role="region" aria-labelledby="member-digest">
      <h2 id="member-digest" className="font-semibold">
        Today's digest
      </h2>
      {digest.isError ? (
        <div role="alert" className="mt-1 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-danger">The digest could not be loaded: {errorMessage(digest.error)}</span>
          <Button size="sm" variant="secondary" disabled={digest.isFetching} onClick={() => void digest.refetch()}>
            {digest.isFetching ? "Trying…" : "Try again"}
          </Button>
        </div>
      ) : !d ? (
        <Spinner label="Loading the digest" />
      ) : (
        <>
          {d.summary ? <p className="text-sm">{d.summary}</p> : null}
          {d.pillars ? (
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {d.pillars.map((p) => (
                <li key={p.type}>
                  <Badge>
                    {p.type}: {p.score ?? "–"}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <details className="mt-2 text-xs">
            <summary className="cursor-pointer text-muted">The digest as the API serves it</summary>
            <pre className="max-h-80 overflow-auto">{JSON.stringify(d, null, 2)}</pre>
          </details>
        </>
      )}
    </Card>
  );
}

/** One member: profile, library, active plan and progress, sessions, and the digest the API serves. */
export function MemberDetail({ orgId, canManage, initial }: { orgId: string; canManage: boolean; initial: MemberOverview }) {
  const router = useRouter();
  const [member, setMember] = useState(initial.member);
  const [offset, setOffset] = useState(0);
  const sessions = usePage<Session>(orgId, member.id, "sessions", initial.sessions, offset);

  return (
    <>
      <PageHeader
        title={member.name ?? member.email ?? member.id}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={member.status === "active" ? "good" : "bad"}>{member.status}</Badge>
            <span>
              {member.email ?? "no email"} · {member.preferredLocale} · {member.timeZone}
            </span>
            <Link href="/console/members">All members</Link>
          </span>
        }
        actions={
          canManage ? (
            <MemberStatusButton
              orgId={orgId}
              member={member}
              onChanged={(m) => {
                setMember({ ...member, ...m });
                // The page keys this component by status: a fresh first paint brings the library and plan of a reactivated member.
                router.refresh();
              }}
            />
          ) : null
        }
      />
      {member.status !== "active" || !initial.library ? (
        <p className="mb-4 rounded-lg border border-line bg-card p-3 text-sm">
          Suspended: the API answers 404 for this member, so their library, plan and digest are not served. Reactivate them to see those again.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <LibraryCard orgId={orgId} memberId={member.id} initial={initial.library} />
          <Card>
            <h2 className="font-semibold">Active plan</h2>
            {initial.activePlan ? (
              <>
                <p className="text-sm">
                  {initial.activePlan.plan.name}, since {initial.activePlan.startDate}
                </p>
                {initial.progress ? (
                  <div className="mt-2">
                    <ProgressBar value={initial.progress.percentage / 100} label="Plan progress" />
                    <p className="mt-1 text-xs text-muted">
                      {initial.progress.completedWorkouts} of {initial.progress.scheduledWorkouts} workouts ({initial.progress.percentage}%)
                    </p>
                  </div>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted">No active plan.</p>
            )}
          </Card>
          <DigestCard orgId={orgId} memberId={member.id} />
        </div>
      )}
      <section aria-label="Sessions" className="mt-6">
        <h2 className="mb-2 text-lg font-semibold">Workout sessions</h2>
        {sessions.data && sessions.data.items.length > 0 ? (
          <ul className="flex flex-col gap-1">
            {sessions.data.items.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card p-2 text-sm">
                <span className="min-w-40 flex-1 truncate">{s.workoutName}</span>
                <Badge tone={s.status === "completed" ? "good" : "neutral"}>{s.status}</Badge>
                <span className="text-muted">
                  {formatDuration(s.duration)} · {Math.round(s.progress * 100)}% · {formatDate(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No sessions yet.</p>
        )}
        {sessions.data ? <Pager label="Sessions" offset={offset} limit={PAGE} total={sessions.data.total} onChange={setOffset} /> : null}
      </section>
    </>
  );
}
