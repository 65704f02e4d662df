import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import {
  UpdateMethodologyInput,
  deleteMethodologyProfile,
  getMethodologyProfile,
  updateMethodologyProfile,
} from "@/server/services/personalization/methodologies";

const MethodologyParams = OrgParams.extend({ methodologyId: HexId });

// GET /api/console/orgs/{organizationId}/methodologies/{methodologyId} – one profile with its guidance and rules
export const GET = withTrainer({ params: MethodologyParams, name: "GetMethodology" }, ({ params }) => getMethodologyProfile(getDb(), params.organizationId, params.methodologyId));

// PATCH /api/console/orgs/{organizationId}/methodologies/{methodologyId} – change a profile
export const PATCH = withTrainer({ params: MethodologyParams, body: UpdateMethodologyInput, name: "UpdateMethodology" }, ({ params, principal, body }) =>
  updateMethodologyProfile(getDb(), { organizationId: params.organizationId, id: params.methodologyId, trainerId: principal.trainerId, input: body }),
);

// DELETE /api/console/orgs/{organizationId}/methodologies/{methodologyId} – delete a profile
export const DELETE = withTrainer({ params: MethodologyParams, name: "DeleteMethodology" }, ({ params }) =>
  deleteMethodologyProfile(getDb(), params.organizationId, params.methodologyId),
);
