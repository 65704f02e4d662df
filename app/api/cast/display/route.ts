import { z } from "zod";
import { getDb } from "@/db/client";
import { castBody } from "@/server/http/cast-page-route";
import { admitPageAction } from "@/server/http/page-limits";
import { hexParam, json, pageRoute } from "@/server/routes/page-route";
import { linkBaseFor } from "@/server/http/same-origin";
import { openCastDisplay } from "@/server/services/pages/cast-page";

const Body = z.strictObject({ orgId: z.string().max(64) });

// POST /api/cast/display – the cast display page opens a pairing session of the organization (code, QR, its token)
export const POST = pageRoute(async ({ req }) => {
  const { orgId } = await castBody(req, Body, "CastDisplayBody");
  const organizationId = hexParam(orgId, "orgId");
  await admitPageAction("castDisplay", req, organizationId);
  return json(await openCastDisplay(getDb(), organizationId, { linkBase: linkBaseFor(req) }), 201);
});
