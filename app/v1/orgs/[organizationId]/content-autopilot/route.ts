import { createContentAutopilotTask, listContentAutopilotTasks } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { createTask } from "@/server/services/autopilot/create-task";
import { listTasks } from "@/server/services/autopilot/list-tasks";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/content-autopilot – a page of tasks with an explanation
  GET: apiRoute(listContentAutopilotTasks, async ({ db, params, query, url }) => listTasks(db, params.organizationId, query, url.toString())),
  // POST /v1/orgs/{organizationId}/content-autopilot – create a task in draft
  POST: apiRoute(createContentAutopilotTask, async ({ db, params, body }) => ({ data: await createTask(db, params.organizationId, body) })),
});
