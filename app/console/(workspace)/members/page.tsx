import { getDb } from "@/db/client";
import { MembersManager } from "@/components/console/members-manager";
import { requirePrincipal } from "@/server/console/page-principal";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";

// GET /console/members – members of the workspace: invite, suspend, reactivate
export default async function MembersPage() {
  const p = await requirePrincipal();
  const initial = await listOrganizationEndUsers(getDb(), { organizationId: p.organizationId, limit: 20, offset: 0 });
  return <MembersManager orgId={p.organizationId} canManage={p.role === "owner"} initial={initial} />;
}
