import { z } from "zod";
import { deliverNotificationBatch } from "@/server/services/members/deliver-notifications";
import { JOB_EVENTS } from "../events";
import { defineJob } from "../types";

/** Delivers the outbox rows a commit announced, right after that commit. */
export const deliverNotificationsJob = defineJob({
  id: "deliver-notifications",
  name: "Deliver library assignment notifications",
  trigger: { event: "notifications/outbox.enqueued" },
  payload: JOB_EVENTS["notifications/outbox.enqueued"],
  retries: 3,
  handler: ({ payload, io }) => deliverNotificationBatch(io, { ids: payload.outboxIds, limit: payload.outboxIds.length }),
});

/** Every minute: delivers rows whose event was lost, whose lease expired or whose retry is due. */
export const sweepNotificationsOutboxJob = defineJob({
  id: "sweep-notifications-outbox",
  name: "Sweep the notifications outbox",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: ({ io }) => deliverNotificationBatch(io, { limit: 100 }),
});
