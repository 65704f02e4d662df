import type { Db } from "@/db/client";
import { findAutopilotTask, listAutopilotEvents } from "@/db/queries/autopilot";
import type { AutopilotEventType } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { listResult } from "@/server/core/pagination";
import { eventResource } from "./serialize";

interface EventsQuery {
  limit: number;
  offset: number;
  eventType?: AutopilotEventType;
  taskId?: string;
}

/** GET .../content-autopilot/events (organization-wide) and .../{taskId}/events (404 for unknown or deleted tasks). */
export async function listEvents(db: Db, organizationId: string, query: EventsQuery, requestUrl: string, scope: "organization" | "task" = "organization") {
  if (scope === "task" && (!query.taskId || !(await findAutopilotTask(db, organizationId, query.taskId)))) throw notFound("Autopilot task not found.");
  const { rows, total } = await listAutopilotEvents(db, { organizationId, ...query });
  return {
    ...listResult(requestUrl, rows.map(eventResource), { limit: query.limit, offset: query.offset, total }),
    explanation: explainEvents(query, total, rows.length, scope),
  };
}

const EVENT_WORDS: Record<AutopilotEventType, string> = {
  success: "successful",
  failed: "failed",
  skipped_limit: "skipped (daily limit)",
  skipped_premium_lost: "skipped (premium stock lost)",
};

export function explainEvents(q: EventsQuery, total: number, shown: number, scope: "organization" | "task"): string {
  const what = `${q.eventType ? `${EVENT_WORDS[q.eventType]} ` : ""}run event${total === 1 ? "" : "s"}`;
  const of = scope === "task" || q.taskId ? "of this task" : "of this organization's autopilot tasks";
  if (total === 0) return `No ${q.eventType ? `${EVENT_WORDS[q.eventType]} ` : ""}run events ${of} yet.`;
  const page = shown > 0 ? `showing ${q.offset + 1}-${q.offset + shown}` : `none on this page (offset ${q.offset})`;
  return `${total} ${what} ${of}, newest first; ${page}.`;
}
