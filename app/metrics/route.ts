// GET /metrics – Prometheus text format (loopback, or Authorization: Bearer $METRICS_TOKEN); see docs/operations.md
import { directRoute } from "@/server/http/direct-request";
import { metricsEndpoint } from "@/server/observability/endpoints";

export const GET = directRoute(metricsEndpoint);
export const dynamic = "force-dynamic";
