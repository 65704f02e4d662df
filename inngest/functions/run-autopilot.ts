import { runAutopilotJob } from "@/server/jobs/definitions/autopilot";
import { functionFromJob } from "../client";

/** Every minute: serves the content autopilot's due tasks (cron). */
export const runAutopilot = functionFromJob(runAutopilotJob);
