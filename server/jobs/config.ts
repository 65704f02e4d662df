import { z } from "zod";

/**
 * Job configuration. Inngest runs the jobs when any of its variables is set (the SDK reads them
 * itself too); otherwise the local provider runs them on the service's own PostgreSQL.
 */
const JobsEnv = z.object({
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_BASE_URL: z.string().url().optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  /** Sender address for assignment emails when SMTP_URL is set. */
  SMTP_FROM: z.string().min(3).default("Forma <no-reply@forma.local>"),
});

export type JobsEnv = z.infer<typeof JobsEnv>;

export function jobsEnv(): JobsEnv {
  return JobsEnv.parse(process.env);
}

export type JobsProviderName = "inngest" | "local";

export function jobsProviderName(): JobsProviderName {
  const e = jobsEnv();
  return e.INNGEST_EVENT_KEY || e.INNGEST_BASE_URL || (e.INNGEST_DEV && e.INNGEST_DEV !== "0") ? "inngest" : "local";
}
