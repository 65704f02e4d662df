import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { runTaskNow } from "@/server/services/autopilot/run-task";

const TaskParams = OrgParams.extend({ taskId: HexId });

// POST /api/console/orgs/{organizationId}/autopilot/tasks/{taskId}/run-now – run a task now (counts against the daily limit)
export const POST = consoleRoute({ params: TaskParams, name: "RunAutopilotTaskNow" }, async ({ params }) => ({ data: await runTaskNow(getDb(), params.organizationId, params.taskId) }));
