import { getDb } from "@/db/client";
import { z } from "zod";
import { HexId } from "@/server/contracts/schemas";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { receiveChunk } from "@/server/services/media-uploads/receive-chunk";

const ChunkParams = OrgParams.extend({ uploadId: HexId, index: z.coerce.number().int().min(0).max(10_000) });

// PUT /api/console/orgs/{organizationId}/uploads/{uploadId}/chunks/{index} – store one chunk (application/octet-stream)
export const PUT = consoleRoute({ params: ChunkParams, body: "raw", name: "PutChunk" }, ({ params, req }) =>
  receiveChunk(getDb(), { organizationId: params.organizationId, uploadId: params.uploadId, index: params.index, body: req.body }),
);
