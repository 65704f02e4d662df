import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { setMemberStatus } from "@/server/services/members/set-member-status";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// POST /api/console/orgs/{organizationId}/members/{endUserId}/reactivate – reactivate a suspended member (owners)
export const POST = consoleRoute({ params: MemberParams, role: "owner", name: "ReactivateMember" }, ({ params }) =>
  setMemberStatus(getDb(), params.organizationId, params.endUserId, "active"),
);
