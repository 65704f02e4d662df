import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { activateTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/activate – schedule a task
export const POST = withTrainer({ params: TaskParams, name: "ActivateAutopilotTask" }, async ({ params }) => ({ data: await activateTask(getDb(), params.organizationId, params.taskId) }));
