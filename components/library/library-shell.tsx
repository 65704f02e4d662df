import type { ReactNode } from "react";
import { ProgressBar } from "@/components/ui/spinner";
import type { CardDisplay } from "./card-views";
import type { MemberView } from "@/lib/library/cards";
import { MemberBar } from "./member-bar";
import { MemberCards } from "./member-cards";
import { type LibraryParams, detailHref, libraryQuery } from "@/lib/library/query";
import { PlaybackProvider } from "./playback-provider";

/**
 * The frame of a grid page (server component): the organization's name, the member strip, a
 * signed-in member's own library (active plan progress, a paged list of their assigned workouts
 * or library plans), then the grid, all inside the playback provider that opens cards over the page.
 */
export function LibraryShell({
  kind,
  organizationName,
  view,
  member,
  children,
}: {
  kind: "workouts" | "plans";
  organizationName: string;
  view: Pick<LibraryParams, "orgId" | "locale" | "flags" | "filters" | "offset"> & { orgId: string };
  member: MemberView | null;
  children: ReactNode;
}) {
  const display: CardDisplay = { showDuration: view.flags.showDuration, showDifficulty: view.flags.showDifficulty };
  const here = `/${kind}?${libraryQuery(view)}`;
  const hrefBase = libraryQuery({ orgId: view.orgId, locale: view.locale, flags: view.flags, filters: view.filters }).toString();
  const other = kind === "workouts" ? "plans" : "workouts";
  return (
    <PlaybackProvider
      settings={{ organizationId: view.orgId, mode: view.flags.playbackMode, locale: view.locale, signedIn: member !== null, display, hrefBase }}
    >
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm text-muted">{organizationName}</p>
            <h1 className="text-2xl font-bold sm:text-3xl">{kind === "workouts" ? "Workouts" : "Plans"}</h1>
          </div>
          <nav aria-label="Library" className="flex items-center gap-4 text-sm">
            <a
              href={`/${other}?${libraryQuery({ orgId: view.orgId, locale: view.locale, flags: view.flags, filters: { q: "", difficulty: null, duration: null, categoryIds: [], equipmentIds: [] } })}`}
            >
              {kind === "workouts" ? "Plans" : "Workouts"}
            </a>
            <MemberBar
              organizationId={view.orgId}
              member={member?.name ?? null}
              signInHref={`/sign-in?orgId=${view.orgId}&next=${encodeURIComponent(here)}`}
              returnTo={here}
            />
          </nav>
        </header>

        {member ? (
          <section aria-labelledby="your-library" className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
            <h2 id="your-library" className="text-lg font-semibold">
              Your library
            </h2>
            {member.activePlan ? (
              <div className="flex flex-col gap-2" data-active-plan-id={member.activePlan.planId}>
                <p>
                  Active plan: <strong>{member.activePlan.planName}</strong> · {member.activePlan.completedWorkouts} of {member.activePlan.scheduledWorkouts}{" "}
                  workouts done
                  {member.activePlan.currentWeek ? ` · week ${member.activePlan.currentWeek} of ${member.activePlan.totalWeeks}` : ""}
                </p>
                <ProgressBar value={member.activePlan.percentage / 100} label={`${member.activePlan.planName} progress`} />
                {member.activePlan.nextWorkout ? (
                  <p className="text-sm">
                    Next:{" "}
                    <a
                      href={detailHref("workouts", member.activePlan.nextWorkout.id, view, member.activePlan.planId)}
                      data-play-workout={member.activePlan.nextWorkout.id}
                      data-via-plan={member.activePlan.planId}
                    >
                      <span className="font-semibold">{member.activePlan.nextWorkout.name}</span>
                    </a>{" "}
                    (week {member.activePlan.nextWorkout.week})
                  </p>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-muted">You have no active plan.</p>
            )}
            {kind === "workouts" && member.assignedWorkouts?.total ? (
              <>
                <h3 className="font-semibold">Assigned to you</h3>
                <MemberCards kind="workouts" view={view} initial={member.assignedWorkouts} offset={member.ownOffset} label="Workouts assigned to you" />
              </>
            ) : null}
            {kind === "plans" && member.libraryPlans?.total ? (
              <>
                <h3 className="font-semibold">Your plans</h3>
                <MemberCards kind="plans" view={view} initial={member.libraryPlans} offset={member.ownOffset} label="Plans in your library" />
              </>
            ) : null}
          </section>
        ) : null}

        {children}
      </main>
    </PlaybackProvider>
  );
}

/** The error and empty states of a grid without a usable organization: never a blank page. */
export function LibraryProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="text-muted">{children}</div>
    </main>
  );
}

/** A grid opened without a usable orgId. */
export function MissingOrganization({ bad, kind }: { bad: string | null; kind: "workouts" | "plans" }) {
  return (
    <LibraryProblem title={bad ? "This library link is not valid" : "No library selected"}>
      <p>
        {bad ? (
          <>
            <code>{bad}</code> is not an organization id.{" "}
          </>
        ) : null}
        Open this page with the organization&apos;s id, for example <code>/{kind}?orgId=&lt;organizationId&gt;</code> (24 hexadecimal characters).
      </p>
    </LibraryProblem>
  );
}
