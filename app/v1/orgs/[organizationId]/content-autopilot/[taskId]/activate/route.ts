import { getDb } from "@/db/client";
import { activateContentAutopilotTask } from "@/server/api/operations/autopilot";
import { methods, route } from "@/server/api/route";
import { activateTask } from "@/server/services/autopilot/task-state";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /v1/orgs/{organizationId}/content-autopilot/{taskId}/activate – draft to active, schedules nextRunAt
  POST: route(activateContentAutopilotTask, async ({ params }) => ({ data: await activateTask(getDb(), params.organizationId, params.taskId) })),
});
