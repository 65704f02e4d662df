import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { minutes } from "@/lib/library/cards";
import LibraryPlayer from "@/components/library/library-player";
import { MissingOrganization } from "@/components/library/library-shell";
import { loadViewer, orNotFound } from "@/server/http/load-viewer";
import { libraryQuery, parseLibraryParams } from "@/lib/library/query";
import { QueryProvider } from "@/components/query-provider";
import { getDb } from "@/db/client";
import { resolveReadLocale } from "@/server/core/locale";
import { getViewerWorkout } from "@/server/services/pages/player";

type Props = { params: Promise<{ workoutId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const HEX = /^[0-9a-fA-F]{24}$/;

async function load({ params, searchParams }: Props) {
  const { workoutId } = await params;
  const sp = await searchParams;
  const p = parseLibraryParams(sp);
  const planId = typeof sp.planId === "string" && HEX.test(sp.planId) ? sp.planId.toLowerCase() : undefined;
  if (!p.orgId) return { p, planId, workout: null, viewer: null };
  if (!HEX.test(workoutId)) notFound();
  const viewer = await loadViewer(p.orgId);
  const workout = await orNotFound(getViewerWorkout(getDb(), viewer, workoutId.toLowerCase(), { planId, locale: p.locale }));
  return { p, planId, workout, viewer };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { workout, viewer } = await load(props);
  if (!workout || !viewer) return { title: "Workout · Forma" };
  return { title: `${workout.name} · ${viewer.organizationName}`, description: workout.description.slice(0, 160) };
}

// GET /workouts/{workoutId}?orgId= – a workout's own player page (playbackMode=dedicated-page, share links)
export default async function WorkoutPage(props: Props) {
  const { p, planId, workout, viewer } = await load(props);
  if (!p.orgId || !workout || !viewer) return <MissingOrganization bad={p.badOrgId} kind="workouts" />;
  const back = planId ? `/plans/${planId}?${libraryQuery({ ...p, offset: 0 })}` : `/workouts?${libraryQuery({ ...p, offset: 0 })}`;
  return (
    <main lang={resolveReadLocale(p.locale)} className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <nav aria-label="Library">
        <a href={back}>← Back to {planId ? "the plan" : "all workouts"}</a>
      </nav>
      <header>
        <p className="text-sm text-muted">{viewer.organizationName}</p>
        <h1 className="text-2xl font-bold sm:text-3xl">{workout.name}</h1>
        <p className="text-muted">
          {minutes(workout.duration)} · {workout.difficulty}
          {workout.equipment.length ? ` · ${workout.equipment.map((e) => e.name).join(", ")}` : ""}
        </p>
      </header>
      <QueryProvider>
        <LibraryPlayer
          organizationId={viewer.organizationId}
          workoutId={workout.id}
          planId={planId}
          locale={p.locale}
          signedIn={viewer.member !== null}
          className="h-[min(75dvh,680px)]"
        />
      </QueryProvider>
      {workout.description ? <p>{workout.description}</p> : null}
    </main>
  );
}
