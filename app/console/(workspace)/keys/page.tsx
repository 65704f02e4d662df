import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { KeysManager } from "@/components/console/keys-manager";
import { UsageChart } from "@/components/console/usage-chart";
import { requirePrincipal } from "@/server/console/page-principal";
import { getWorkspaceUsage } from "@/server/services/api-keys/get-usage";
import { listApiKeys } from "@/server/services/api-keys/manage-keys";

// GET /console/keys – API keys and usage against the plan's caps (owners)
export default async function KeysPage() {
  const p = await requirePrincipal();
  if (p.role !== "owner") redirect("/console");
  const [keys, usage] = await Promise.all([listApiKeys(getDb(), p.organizationId, { limit: 20, offset: 0, includeRevoked: false }), getWorkspaceUsage(getDb(), p.organizationId)]);
  return (
    <>
      <KeysManager orgId={p.organizationId} initial={keys} />
      <div className="mt-6">
        <UsageChart orgId={p.organizationId} initial={usage} />
      </div>
    </>
  );
}
