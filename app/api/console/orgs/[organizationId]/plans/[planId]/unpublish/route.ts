import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { unpublishPlanById } from "@/server/services/content/team-plans";

const PlanParams = OrgParams.extend({ planId: HexId });

// POST /api/console/orgs/{organizationId}/plans/{planId}/unpublish – take a plan back to draft
export const POST = consoleRoute({ params: PlanParams, name: "UnpublishPlan" }, ({ params }) => unpublishPlanById(getDb(), params.organizationId, params.planId));
