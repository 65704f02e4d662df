import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PageQuery } from "@/server/console/page-query";
import { listMethodologyGenerations } from "@/server/services/personalization/methodologies";

const MethodologyParams = OrgParams.extend({ methodologyId: HexId });

// GET /api/console/orgs/{organizationId}/methodologies/{methodologyId}/generations – Generation Inspector snapshots that used the profile
export const GET = consoleRoute({ params: MethodologyParams, query: PageQuery, name: "ListMethodologyGenerations" }, ({ params, query }) =>
  listMethodologyGenerations(getDb(), params.organizationId, params.methodologyId, query),
);
