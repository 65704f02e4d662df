import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { type WorkoutFormState, WorkoutBuilder } from "@/components/console/workout-builder";
import { ApiError } from "@/server/core/errors";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";
import { getWorkoutDraft } from "@/server/services/content/workout-drafts";
import { WorkoutAnalyticsPanel } from "@/app/console/(workspace)/_analytics/panels";
import { pageRange } from "@/app/console/(workspace)/_analytics/range";

// GET /console/library/workouts/{workoutId} – edit, publish or unpublish a workout in the builder
export default async function EditWorkoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ workoutId: string }>;
  searchParams: Promise<{ saved?: string; from?: string; to?: string; interval?: string }>;
}) {
  const p = await requirePrincipal();
  const { workoutId } = await params;
  if (!/^[0-9a-f]{24}$/.test(workoutId)) notFound();
  const draft = await getWorkoutDraft(getDb(), p.organizationId, workoutId).catch((err) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const { categories, pools } = await libraryOptions(p.organizationId);
  const query = await searchParams;
  const { range } = pageRange(query);
  return (
    <>
      <WorkoutBuilder
        orgId={p.organizationId}
        workout={{ id: draft.id, status: draft.status, locked: draft.locked, duration: draft.duration, source: draft.source }}
        initial={draft.form as WorkoutFormState}
        clips={draft.clips}
        categories={categories}
        pools={pools}
        notice={savedNotice(query.saved)}
      />
      {draft.status === "published" ? (
        <WorkoutAnalyticsPanel organizationId={p.organizationId} workoutId={draft.id} range={range} action={`/console/library/workouts/${draft.id}`} />
      ) : null}
    </>
  );
}

function savedNotice(saved: string | undefined): string | undefined {
  if (saved === "published") return "Created and published.";
  if (saved === "draft") return "Created as a draft.";
  if (saved === "generated") return "Generated as a private draft: edit it, then publish.";
  return undefined;
}
