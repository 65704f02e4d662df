import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PageQuery } from "@/server/console/page-query";
import { listMemberSessionPage } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId}/sessions – a page of the member's workout sessions
export const GET = consoleRoute({ params: MemberParams, query: PageQuery, name: "ListMemberSessions" }, ({ params, query }) =>
  listMemberSessionPage(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId, ...query, locale: "en-US" }),
);
