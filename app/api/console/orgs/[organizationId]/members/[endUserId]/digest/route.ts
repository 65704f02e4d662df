import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { getMemberDigestForConsole } from "@/server/services/members/get-member-overview";

const MemberParams = OrgParams.extend({ endUserId: HexId });

// GET /api/console/orgs/{organizationId}/members/{endUserId}/digest – the member's digest for today, as the API serves it
export const GET = withTrainer({ params: MemberParams, name: "GetMemberDigest" }, ({ params }) =>
  getMemberDigestForConsole(getDb(), { organizationId: params.organizationId, endUserId: params.endUserId }),
);
