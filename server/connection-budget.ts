import { env } from "@/server/env";
import { jobsProviderName } from "@/server/jobs/config";
import { JOB_WORKER_CONNECTIONS } from "@/server/jobs/providers/local";
import { REALTIME_CONNECTIONS } from "@/server/realtime/adapter";

/**
 * The most PostgreSQL connections one server instance opens, by use: the request pool (one per
 * process, shared by the custom server and Next's bundle: db/client.ts), the connection that
 * LISTENs for cache invalidation and job commits, the job worker's pg-boss pool (local provider
 * only) and the Socket.IO adapter's pool (only without Redis). Shown by `/health?deep=1` and
 * documented in docs/operations.md ("Connections per instance").
 */
export function connectionBudget() {
  const e = env();
  const budget = {
    requests: e.DB_POOL_MAX,
    listen: 1,
    jobs: jobsProviderName() === "local" ? JOB_WORKER_CONNECTIONS : 0,
    realtime: e.REDIS_URL ? 0 : REALTIME_CONNECTIONS,
  };
  return { ...budget, total: budget.requests + budget.listen + budget.jobs + budget.realtime };
}
