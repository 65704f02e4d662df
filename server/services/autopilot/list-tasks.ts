import type { Db } from "@/db/client";
import { listAutopilotTasks } from "@/db/queries/autopilot";
import type { ListTasksQuery } from "@/server/contracts/autopilot";
import { listResult } from "@/server/core/pagination";
import { taskResource } from "./serialize";

const SCOPE_WORDS = { ai_generate: "AI-generating", create_similar: "create-similar", publish_existing: "publish-existing" } as const;

/** GET /v1/orgs/{organizationId}/content-autopilot: a page of live tasks with an explanation. */
export async function listTasks(db: Db, organizationId: string, query: ListTasksQuery, requestUrl: string) {
  const { rows, total } = await listAutopilotTasks(db, {
    organizationId,
    limit: query.limit,
    offset: query.offset,
    status: query.status,
    scope: query.scope,
    contentType: query.contentType,
    sortBy: query.sortBy,
    direction: query.sortOrder === "ascend" ? "asc" : "desc",
  });
  return {
    ...listResult(requestUrl, rows.map(taskResource), { limit: query.limit, offset: query.offset, total }),
    explanation: explainTasks(query, total, rows.length),
  };
}

/** "2 active AI-generating workout tasks, most recently updated first; showing 1-2." */
export function explainTasks(q: Pick<ListTasksQuery, "status" | "scope" | "contentType" | "sortBy" | "sortOrder" | "offset">, total: number, shown: number): string {
  const kind = [q.status, q.scope ? SCOPE_WORDS[q.scope] : null, q.contentType].filter(Boolean).join(" ");
  const noun = `${kind ? `${kind} ` : ""}task${total === 1 ? "" : "s"}`;
  const field = q.sortBy === "createdAt" ? "created" : "updated";
  const order = q.sortOrder === "ascend" ? `least recently ${field} first` : `most recently ${field} first`;
  if (total === 0) return `No ${kind ? `${kind} ` : ""}autopilot tasks${q.status || q.scope || q.contentType ? " match these filters" : " yet"}.`;
  const page = shown > 0 ? `showing ${q.offset + 1}-${q.offset + shown}` : `none on this page (offset ${q.offset})`;
  return `${total} ${noun} in this organization, ${order}; ${page}.`;
}
