import { AutopilotManager } from "@/components/console/autopilot-manager";
import { libraryOptions } from "@/server/console/library-options";
import { requirePrincipal } from "@/server/console/page-principal";

// GET /console/autopilot – content autopilot tasks, schedules, run now and the event log
export default async function AutopilotPage() {
  const p = await requirePrincipal();
  const { categories } = await libraryOptions(p.organizationId);
  return <AutopilotManager orgId={p.organizationId} categories={categories} />;
}
