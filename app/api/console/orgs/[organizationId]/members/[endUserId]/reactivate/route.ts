import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { setMemberStatus } from "@/server/services/members/set-member-status";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// POST /api/console/orgs/{organizationId}/members/{endUserId}/reactivate – reactivate a suspended member (owners)
export const POST = withTrainer({ params: MemberParams, role: "owner", name: "ReactivateMember" }, ({ params }) =>
  setMemberStatus(getDb(), params.organizationId, params.endUserId, "active"),
);
