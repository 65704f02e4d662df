import { buildOpenApiDocument } from "@/server/api/openapi";

export const dynamic = "force-dynamic";

// GET /openapi.json – the OpenAPI 3.1 contract, generated from the operation declarations
export async function GET() {
  return Response.json(buildOpenApiDocument(), { headers: { "cache-control": "public, max-age=60" } });
}
