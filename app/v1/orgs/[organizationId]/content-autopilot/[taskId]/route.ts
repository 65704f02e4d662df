import { deleteContentAutopilotTask, getContentAutopilotTask, updateContentAutopilotTask } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { deleteTask, getTask } from "@/server/services/autopilot/task-state";
import { updateTask } from "@/server/services/autopilot/update-task";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/content-autopilot/{taskId} – one task
  GET: apiRoute(getContentAutopilotTask, async ({ db, params }) => ({ data: await getTask(db, params.organizationId, params.taskId) })),
  // PATCH /v1/orgs/{organizationId}/content-autopilot/{taskId} – change fields or reschedule, state unchanged
  PATCH: apiRoute(updateContentAutopilotTask, async ({ db, params, body, targets }) => ({
    data: await updateTask(db, params.organizationId, params.taskId, body, targets.body),
  })),
  // DELETE /v1/orgs/{organizationId}/content-autopilot/{taskId} – soft delete
  DELETE: apiRoute(deleteContentAutopilotTask, async ({ db, params }) => deleteTask(db, params.organizationId, params.taskId)),
});
