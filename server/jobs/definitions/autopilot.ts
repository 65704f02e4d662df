import { z } from "zod";
import { getDb } from "@/db/client";
import { runNextDueTask } from "@/server/services/autopilot/run-task";
import { defineJob } from "../types";

/** Due tasks served per tick; the rest wait for the next minute (another instance may take them meanwhile). */
export const AUTOPILOT_RUNS_PER_TICK = 25;

/**
 * Every minute: serves the content autopilot's due tasks, one step per task, each claimed with a
 * row lock (FOR UPDATE SKIP LOCKED) and then a lease held while the model works (no lock held),
 * so that ticks of several instances share the work and never serve one due time twice. Under Inngest a retried tick replays the steps already done.
 */
export const runAutopilotJob = defineJob({
  id: "run-autopilot",
  name: "Run due content autopilot tasks",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 1,
  handler: async ({ io }) => {
    const runs = [];
    for (let i = 0; i < AUTOPILOT_RUNS_PER_TICK; i++) {
      const run = await io.run(`run-due-task-${i}`, () => runNextDueTask(getDb()));
      if (!run) break;
      runs.push(run);
    }
    return { served: runs.length, runs };
  },
});
