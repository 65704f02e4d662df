import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { unpublishPlanById } from "@/server/services/content/team-plans";

const PlanParams = OrgParams.extend({ planId: HexId });

// POST /api/console/orgs/{organizationId}/plans/{planId}/unpublish – take a plan back to draft
export const POST = withTrainer({ params: PlanParams, name: "UnpublishPlan" }, ({ params }) => unpublishPlanById(getDb(), params.organizationId, params.planId));
