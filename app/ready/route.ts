// GET /ready – readiness: database, migrations and job worker, 503 while draining; see docs/operations.md
import { directRoute } from "@/server/http/direct-request";
import { readyEndpoint } from "@/server/observability/endpoints";

export const GET = directRoute(readyEndpoint);
export const dynamic = "force-dynamic";
