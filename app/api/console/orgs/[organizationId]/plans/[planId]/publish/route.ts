import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { publishPlanById } from "@/server/services/content/team-plans";

const PlanParams = OrgParams.extend({ planId: HexId });

// POST /api/console/orgs/{organizationId}/plans/{planId}/publish – publish a draft plan
export const POST = consoleRoute({ params: PlanParams, name: "PublishPlan" }, ({ params }) => publishPlanById(getDb(), params.organizationId, params.planId));
