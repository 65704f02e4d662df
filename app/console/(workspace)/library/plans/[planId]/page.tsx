import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { PlanBuilder } from "@/components/console/plan-builder";
import { ApiError } from "@/server/core/errors";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";
import { getPlanDraft } from "@/server/services/content/team-plans";
import { PlanAnalyticsPanel } from "@/app/console/(workspace)/_analytics/panels";
import { pageRange } from "@/app/console/(workspace)/_analytics/range";

// GET /console/library/plans/{planId} – edit, publish or unpublish a plan
export default async function EditPlanPage({
  params,
  searchParams,
}: {
  params: Promise<{ planId: string }>;
  searchParams: Promise<{ from?: string; to?: string; interval?: string }>;
}) {
  const p = await requirePrincipal();
  const { planId } = await params;
  if (!/^[0-9a-f]{24}$/.test(planId)) notFound();
  const draft = await getPlanDraft(getDb(), p.organizationId, planId).catch((err) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const { goals } = await libraryOptions(p.organizationId);
  const { range } = pageRange(await searchParams);
  return (
    <>
      <PlanBuilder
        orgId={p.organizationId}
        plan={{ id: draft.id, status: draft.status }}
        initial={{ ...draft.form, description: draft.form.description ?? { "en-US": "" } }}
        workouts={draft.workouts}
        goals={goals}
      />
      <PlanAnalyticsPanel organizationId={p.organizationId} planId={draft.id} range={range} action={`/console/library/plans/${draft.id}`} />
    </>
  );
}
