import { z } from "zod";
import { getDb } from "@/db/client";
import { sweepCastSessions } from "@/server/services/cast/sweep-sessions";
import { defineJob } from "../types";

/**
 * Every minute: ends expired cast sessions (their sockets get session-ended and are closed),
 * unpairs controllers silent for 90 s, and forgets sessions ended more than a day ago. It runs in
 * a server process, whose Socket.IO adapter carries the events to every instance.
 */
export const sweepCastSessionsJob = defineJob({
  id: "sweep-cast-sessions",
  name: "Sweep cast pairing sessions",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: ({ io }) => io.run("sweep", () => sweepCastSessions(getDb())),
});
