import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { LibraryQuery, listWorkspacePlans } from "@/server/services/content/workspace-library";
import { PlanForm, createTeamPlan } from "@/server/services/content/team-plans";

// GET /api/console/orgs/{organizationId}/plans – the workspace's plans, drafts and private ones included
export const GET = consoleRoute({ params: OrgParams, query: LibraryQuery, name: "ListLibraryPlans" }, ({ params, query }) => listWorkspacePlans(getDb(), params.organizationId, query));

// POST /api/console/orgs/{organizationId}/plans – create a plan week by week (as a draft)
export const POST = consoleRoute({ params: OrgParams, body: PlanForm, name: "CreatePlan", status: 201 }, ({ params, principal, body }) =>
  createTeamPlan(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, form: body }),
);
