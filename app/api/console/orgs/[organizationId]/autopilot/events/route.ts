import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { listContentAutopilotEvents } from "@/server/api/operations/autopilot";
import { listEvents } from "@/server/services/autopilot/list-events";

// GET /api/console/orgs/{organizationId}/autopilot/events – the event log of the workspace's runs
export const GET = consoleRoute({ params: OrgParams, query: listContentAutopilotEvents.query!, name: "ListAutopilotEvents" }, ({ params, query, url }) =>
  listEvents(getDb(), params.organizationId, query, url.toString()),
);
