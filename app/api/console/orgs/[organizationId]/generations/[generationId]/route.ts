import { getDb } from "@/db/client";
import { HexId } from "@/server/api/schemas";
import { OrgParams, withTrainer } from "@/server/console/with-trainer";
import { getGeneration } from "@/server/services/personalization/get-generation";

const GenerationParams = OrgParams.extend({ generationId: HexId });

// GET /api/console/orgs/{organizationId}/generations/{generationId} – one Generation Inspector snapshot
export const GET = withTrainer({ params: GenerationParams, name: "GetGeneration" }, ({ params }) => getGeneration(getDb(), params.organizationId, params.generationId));
