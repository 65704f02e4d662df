import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { revokeApiKey } from "@/server/services/api-keys/manage-keys";

const KeyParams = OrgParams.extend({ keyId: HexId });

// DELETE /api/console/orgs/{organizationId}/api-keys/{keyId} – revoke a key: the API answers 401 for it at once (owners)
export const DELETE = withTrainer({ params: KeyParams, role: "owner", name: "RevokeApiKey" }, ({ params }) => revokeApiKey(getDb(), params.organizationId, params.keyId));
