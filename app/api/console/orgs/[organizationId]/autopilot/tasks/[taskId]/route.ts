import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { deleteTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// DELETE /api/console/orgs/{organizationId}/autopilot/tasks/{taskId} – delete a task (soft; its events stay)
export const DELETE = consoleRoute({ params: TaskParams, name: "DeleteAutopilotTask" }, ({ params }) => deleteTask(getDb(), params.organizationId, params.taskId));
