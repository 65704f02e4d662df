import { runContentAutopilotTaskNow } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { runTaskNow } from "@/server/services/autopilot/run-task";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/content-autopilot/{taskId}/run-now – execute now and answer with the run's event
  POST: apiRoute(runContentAutopilotTaskNow, async ({ db, params }) => ({ data: await runTaskNow(db, params.organizationId, params.taskId) })),
});
