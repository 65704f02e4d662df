import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { IssueApiKeyInput, ListApiKeysQuery, issueApiKey, listApiKeys } from "@/server/services/api-keys/manage-keys";

// GET /api/console/orgs/{organizationId}/api-keys – the workspace's keys with their last use (owners)
export const GET = consoleRoute({ params: OrgParams, query: ListApiKeysQuery, role: "owner", name: "ListApiKeys" }, ({ params, query }) =>
  listApiKeys(getDb(), params.organizationId, query),
);

// POST /api/console/orgs/{organizationId}/api-keys – issue a team-scoped or content-only key, shown once (owners)
export const POST = consoleRoute({ params: OrgParams, body: IssueApiKeyInput, role: "owner", name: "IssueApiKey", status: 201 }, ({ params, body }) =>
  issueApiKey(getDb(), params.organizationId, body),
);
