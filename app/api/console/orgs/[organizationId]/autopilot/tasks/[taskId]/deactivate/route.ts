import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { deactivateTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/deactivate – pause a task
export const POST = consoleRoute({ params: TaskParams, name: "DeactivateAutopilotTask" }, async ({ params }) => ({ data: await deactivateTask(getDb(), params.organizationId, params.taskId) }));
