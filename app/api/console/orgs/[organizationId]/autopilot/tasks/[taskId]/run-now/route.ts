import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { runTaskNow } from "@/server/services/autopilot/run-task";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/run-now – run a task now (counts against the daily limit)
export const POST = withTrainer({ params: TaskParams, name: "RunAutopilotTaskNow" }, async ({ params }) => ({ data: await runTaskNow(getDb(), params.organizationId, params.taskId) }));
