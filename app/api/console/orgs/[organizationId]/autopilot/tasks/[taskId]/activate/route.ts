import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { activateTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/activate – schedule a task
export const POST = consoleRoute({ params: TaskParams, name: "ActivateAutopilotTask" }, async ({ params }) => ({ data: await activateTask(getDb(), params.organizationId, params.taskId) }));
