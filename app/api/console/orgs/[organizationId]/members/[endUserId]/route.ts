import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getMemberOverview } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId} – a member with their library, active plan, sessions and digest
export const GET = consoleRoute({ params: MemberParams, name: "GetMember" }, ({ params }) =>
  getMemberOverview(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId, locale: "en-US" }),
);
