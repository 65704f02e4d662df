import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PageQuery } from "@/server/console/page-query";
import { listMemberLibraryPlans } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId}/library/plans – a page of the member's library plans
export const GET = consoleRoute({ params: MemberParams, query: PageQuery, name: "ListMemberLibraryPlans" }, ({ params, query }) =>
  listMemberLibraryPlans(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId, ...query, locale: "en-US" }),
);
