import { getDb } from "@/db/client";
import { DnaManager } from "@/components/console/dna-manager";
import { requirePrincipal } from "@/server/console/page-principal";
import { listMethodologyProfiles } from "@/server/services/personalization/methodologies";

// GET /console/dna – Programming DNA profiles of the workspace
export default async function DnaPage() {
  const p = await requirePrincipal();
  const initial = await listMethodologyProfiles(getDb(), p.organizationId, { limit: 50, offset: 0 });
  return <DnaManager orgId={p.organizationId} initial={initial} />;
}
