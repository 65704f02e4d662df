import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getMemberDigestForConsole } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId}/digest – the member's digest for today, as the API serves it
export const GET = consoleRoute({ params: MemberParams, name: "GetMemberDigest" }, ({ params }) =>
  getMemberDigestForConsole(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId }),
);
