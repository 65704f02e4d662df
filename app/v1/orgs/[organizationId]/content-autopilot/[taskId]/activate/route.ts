import { activateContentAutopilotTask } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { activateTask } from "@/server/services/autopilot/task-state";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/content-autopilot/{taskId}/activate – draft to active, schedules nextRunAt
  POST: apiRoute(activateContentAutopilotTask, async ({ db, params }) => ({ data: await activateTask(db, params.organizationId, params.taskId) })),
});
