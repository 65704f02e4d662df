import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { deleteTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// DELETE /api/console/orgs/{organizationId}/autopilot/tasks/{taskId} – delete a task (soft; its events stay)
export const DELETE = withTrainer({ params: TaskParams, name: "DeleteAutopilotTask" }, ({ params }) => deleteTask(getDb(), params.organizationId, params.taskId));
