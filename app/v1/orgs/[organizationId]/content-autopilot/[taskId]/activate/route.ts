import { activateContentAutopilotTask } from "@/server/api/operations/autopilot";
import { methods, route } from "@/server/api/route";
import { activateTask } from "@/server/services/autopilot/task-state";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/content-autopilot/{taskId}/activate – draft to active, schedules nextRunAt
  POST: route(activateContentAutopilotTask, async ({ db, params }) => ({ data: await activateTask(db, params.organizationId, params.taskId) })),
});
