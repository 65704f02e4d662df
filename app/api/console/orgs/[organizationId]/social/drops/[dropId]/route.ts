import { z } from "zod";
import { getDb } from "@/db/client";
import { OrgParams, consoleRoute } from "@/server/routes/console-route";
import { getDropDetail } from "@/server/services/drops/get-drop";

const Params = OrgParams.extend({ dropId: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hexadecimal id") });

// GET /api/console/orgs/{organizationId}/social/drops/{dropId} – variants with signed previews and covers, copy packs
export const GET = consoleRoute({ params: Params, name: "GetDrop" }, async ({ params }) => ({ data: await getDropDetail(getDb(), params.organizationId, params.dropId) }));
