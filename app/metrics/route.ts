// GET /metrics – Prometheus text format (loopback, or Authorization: Bearer $METRICS_TOKEN); see docs/operations.md
export { metricsEndpoint as GET } from "@/server/observability/endpoints";
export const dynamic = "force-dynamic";
