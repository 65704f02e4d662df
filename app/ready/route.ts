// GET /ready – readiness: database, migrations and job worker, 503 while draining; see docs/operations.md
export { readyEndpoint as GET } from "@/server/observability/endpoints";
export const dynamic = "force-dynamic";
