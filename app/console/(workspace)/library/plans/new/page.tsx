import { PlanBuilder } from "@/components/console/plan-builder";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/library/plans/new – build a plan week by week
export default async function NewPlanPage() {
  const p = await requirePrincipal();
  const { goals } = await libraryOptions(p.organizationId);
  const initial = {
    name: { "en-US": "" },
    description: { "en-US": "" },
    difficulty: "beginner",
    visibility: "public" as const,
    goalIds: [],
    categoryIds: [],
    weeks: [{ days: [] }],
  };
  return <PlanBuilder orgId={p.organizationId} plan={null} initial={initial} workouts={{}} goals={goals} />;
}
