import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PageQuery } from "@/server/console/page-query";
import { listMemberLibraryWorkouts } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId}/library/workouts – a page of the member's library workouts
export const GET = consoleRoute({ params: MemberParams, query: PageQuery, name: "ListMemberLibraryWorkouts" }, ({ params, query }) =>
  listMemberLibraryWorkouts(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId, ...query, locale: "en-US" }),
);
