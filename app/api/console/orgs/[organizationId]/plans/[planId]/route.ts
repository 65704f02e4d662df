import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PlanForm, getPlanDraft, saveTeamPlan } from "@/server/services/content/team-plans";

const PlanParams = OrgParams.extend({ planId: HexId });

// GET /api/console/orgs/{organizationId}/plans/{planId} – a plan as the plan builder edits it
export const GET = consoleRoute({ params: PlanParams, name: "GetPlanDraft" }, ({ params }) => getPlanDraft(getDb(), params.organizationId, params.planId));

// PUT /api/console/orgs/{organizationId}/plans/{planId} – save the plan builder's edit
export const PUT = consoleRoute({ params: PlanParams, body: PlanForm, name: "UpdatePlan" }, ({ params, body }) =>
  saveTeamPlan(getDb(), { organizationId: params.organizationId, planId: params.planId, form: body }),
);
