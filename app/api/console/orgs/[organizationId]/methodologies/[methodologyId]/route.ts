import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import {
  UpdateMethodologyInput,
  deleteMethodologyProfile,
  getMethodologyProfile,
  updateMethodologyProfile,
} from "@/server/services/personalization/methodologies";

const MethodologyParams = OrgParams.extend({ methodologyId: HexId });

// GET /api/console/orgs/{organizationId}/methodologies/{methodologyId} – one profile with its guidance and rules
export const GET = consoleRoute({ params: MethodologyParams, name: "GetMethodology" }, ({ params }) => getMethodologyProfile(getDb(), params.organizationId, params.methodologyId));

// PATCH /api/console/orgs/{organizationId}/methodologies/{methodologyId} – change a profile
export const PATCH = consoleRoute({ params: MethodologyParams, body: UpdateMethodologyInput, name: "UpdateMethodology" }, ({ params, principal, body }) =>
  updateMethodologyProfile(getDb(), { organizationId: params.organizationId, id: params.methodologyId, trainerId: principal.trainerId, input: body }),
);

// DELETE /api/console/orgs/{organizationId}/methodologies/{methodologyId} – delete a profile
export const DELETE = consoleRoute({ params: MethodologyParams, name: "DeleteMethodology" }, ({ params }) =>
  deleteMethodologyProfile(getDb(), params.organizationId, params.methodologyId),
);
