import { deactivateContentAutopilotTask } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deactivateTask } from "@/server/services/autopilot/task-state";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/content-autopilot/{taskId}/deactivate – active to draft, clears nextRunAt
  POST: apiRoute(deactivateContentAutopilotTask, async ({ db, params }) => ({ data: await deactivateTask(db, params.organizationId, params.taskId) })),
});
