import { getDb } from "@/db/client";
import { listContentAutopilotTaskEvents } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listEvents } from "@/server/services/autopilot/list-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/content-autopilot/{taskId}/events – run events of one task
  GET: apiRoute(listContentAutopilotTaskEvents, async ({ params, query, url }) =>
    listEvents(getDb(), params.organizationId, { ...query, taskId: params.taskId }, url.toString(), "task"),
  ),
});
