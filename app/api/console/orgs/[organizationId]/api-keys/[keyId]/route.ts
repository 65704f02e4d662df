import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { revokeApiKey } from "@/server/services/api-keys/manage-keys";

const KeyParams = OrgParams.extend({ keyId: HexId });

// DELETE /api/console/orgs/{organizationId}/api-keys/{keyId} – revoke a key: the API answers 401 for it at once (owners)
export const DELETE = consoleRoute({ params: KeyParams, role: "owner", name: "RevokeApiKey" }, ({ params }) => revokeApiKey(getDb(), params.organizationId, params.keyId));
