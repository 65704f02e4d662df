import { getDb } from "@/db/client";
import { listContentAutopilotEvents } from "@/server/api/operations/autopilot";
import { apiRoute, methods } from "@/server/routes/api-route";
import { listEvents } from "@/server/services/autopilot/list-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /v1/orgs/{organizationId}/content-autopilot/events – run events of every task of the organization
  GET: apiRoute(listContentAutopilotEvents, async ({ params, query, url }) => listEvents(getDb(), params.organizationId, query, url.toString())),
});
