import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { PageQuery } from "@/server/console/page-query";
import { CreateMethodologyInput, createMethodologyProfile, listMethodologyProfiles } from "@/server/services/personalization/methodologies";

// GET /api/console/orgs/{organizationId}/methodologies – every Programming DNA profile of the workspace
export const GET = consoleRoute({ params: OrgParams, query: PageQuery, name: "ListMethodologies" }, ({ params, query }) =>
  listMethodologyProfiles(getDb(), params.organizationId, query),
);

// POST /api/console/orgs/{organizationId}/methodologies – create a profile (at most 10 per workspace: 409 beyond)
export const POST = consoleRoute({ params: OrgParams, body: CreateMethodologyInput, name: "CreateMethodology", status: 201 }, ({ params, principal, body }) =>
  createMethodologyProfile(getDb(), { organizationId: params.organizationId, trainerId: principal.trainerId, input: body }),
);
