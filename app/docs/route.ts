import { demoCredentialsFor } from "@/server/docs/demo-credentials";
import { referencePage } from "@/server/docs/reference-page";

export const dynamic = "force-dynamic";

// GET /docs – the interactive API reference (Scalar, served from this origin)
export async function GET(req: Request) {
  const demo = await demoCredentialsFor(req.headers);
  return new Response(referencePage(demo), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": demo ? "no-store" : "public, max-age=60" },
  });
}
