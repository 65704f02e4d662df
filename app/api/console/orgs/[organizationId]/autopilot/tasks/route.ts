import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { createContentAutopilotTask, listContentAutopilotTasks } from "@/server/api/operations/autopilot";
import { createTask } from "@/server/services/autopilot/create-task";
import { listTasks } from "@/server/services/autopilot/list-tasks";

// GET /api/console/orgs/{organizationId}/autopilot/tasks – the workspace's autopilot tasks (the API's query and service)
export const GET = consoleRoute({ params: OrgParams, query: listContentAutopilotTasks.query!, name: "ListAutopilotTasks" }, ({ params, query, url }) =>
  listTasks(getDb(), params.organizationId, query, url.toString()),
);

// POST /api/console/orgs/{organizationId}/autopilot/tasks – create a task in draft (the API's body and service)
export const POST = consoleRoute({ params: OrgParams, body: createContentAutopilotTask.body!, name: "CreateAutopilotTask", status: 201 }, async ({ params, body }) => ({
  data: await createTask(getDb(), params.organizationId, body),
}));
