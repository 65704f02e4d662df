import { scalarBundlePath } from "@/server/docs/reference-page";
import { staticAssetResponse } from "@/server/docs/static-asset";

// GET /docs/scalar.js – Scalar's standalone bundle from node_modules (no CDN; the reference works offline)
export async function GET(req: Request) {
  return staticAssetResponse(req, scalarBundlePath(), "text/javascript; charset=utf-8");
}
