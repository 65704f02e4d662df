import { env } from "@/server/env";

/**
 * Which provider runs the jobs: Inngest when any of INNGEST_EVENT_KEY, INNGEST_BASE_URL or
 * INNGEST_DEV is set (server/env.ts), otherwise the local provider on the service's PostgreSQL.
 */
export type JobsProviderName = "inngest" | "local";

export function jobsProviderName(): JobsProviderName {
  const e = env();
  return e.INNGEST_EVENT_KEY || e.INNGEST_BASE_URL || (e.INNGEST_DEV && e.INNGEST_DEV !== "0") ? "inngest" : "local";
}
