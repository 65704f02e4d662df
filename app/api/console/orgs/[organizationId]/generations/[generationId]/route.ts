import { getDb } from "@/db/client";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getGeneration } from "@/server/services/personalization/get-generation";

const GenerationParams = OrgParams.extend({ generationId: HexId });

// GET /api/console/orgs/{organizationId}/generations/{generationId} – one Generation Inspector snapshot
export const GET = consoleRoute({ params: GenerationParams, name: "GetGeneration" }, ({ params }) => getGeneration(getDb(), params.organizationId, params.generationId));
