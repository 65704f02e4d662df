import { getDb } from "@/db/client";
import { GeneratorForm } from "@/components/console/generator-form";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";
import { listMethodologyProfiles } from "@/server/services/personalization/methodologies";

// GET /console/library/workouts/generate – create a workout with the AI generator, then edit it
export default async function GeneratePage() {
  const p = await requirePrincipal();
  const [{ categories }, dna] = await Promise.all([libraryOptions(p.organizationId), listMethodologyProfiles(getDb(), p.organizationId, { limit: 10, offset: 0 })]);
  const usable = dna.items.filter((m) => m.isActive && m.scope === "team" && m.applicability !== "plan").map((m) => ({ id: m.id, name: m.name }));
  return <GeneratorForm orgId={p.organizationId} categories={categories} methodologies={usable} />;
}
