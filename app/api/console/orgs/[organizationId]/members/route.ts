import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { listEndUsers } from "@/server/api/operations/endusers";
import { InviteMemberInput, inviteMember } from "@/server/services/members/invite-member";
import { listOrganizationEndUsers } from "@/server/services/members/list-end-users";

// GET /api/console/orgs/{organizationId}/members – the workspace's members (the API's query and service)
export const GET = consoleRoute({ params: OrgParams, query: listEndUsers.query!, name: "ListMembers" }, async ({ params, query }) => ({
  ...(await listOrganizationEndUsers(getDb(), { organizationId: params.organizationId, ...query })),
  limit: query.limit,
  offset: query.offset,
}));

// POST /api/console/orgs/{organizationId}/members – invite a member by email (owners)
export const POST = consoleRoute({ params: OrgParams, body: InviteMemberInput, role: "owner", name: "InviteMember", status: 201 }, ({ params, principal, body }) =>
  inviteMember(getDb(), { organizationId: params.organizationId, invitedBy: principal.name, input: body }),
);
