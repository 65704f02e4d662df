import { getSql } from "@/db/client";
import { API_VERSION } from "@/server/env";

export const dynamic = "force-dynamic";

// GET /health – readiness: the app answers and the database responds
export async function GET() {
  try {
    await getSql()`select 1`;
    return Response.json({ status: "ok", version: API_VERSION, database: "ok" });
  } catch {
    return Response.json({ status: "degraded", version: API_VERSION, database: "unreachable" }, { status: 503 });
  }
}
