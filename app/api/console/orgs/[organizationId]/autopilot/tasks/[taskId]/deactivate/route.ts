import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { deactivateTask } from "@/server/services/autopilot/task-state";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/deactivate – pause a task
export const POST = withTrainer({ params: TaskParams, name: "DeactivateAutopilotTask" }, async ({ params }) => ({ data: await deactivateTask(getDb(), params.organizationId, params.taskId) }));
