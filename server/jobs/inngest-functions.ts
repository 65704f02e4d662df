import { functionFromJob } from "./providers/inngest";
import { ALL_JOBS } from "./registry";

/**
 * Every Inngest function, one per job of the job list, built here and nowhere else; served by
 * app/api/inngest/route.ts. Importing the job list from here (and from `worker.ts`) only keeps the
 * sender that services use free of the definitions, which import services.
 */
export const inngestFunctions = ALL_JOBS.map(functionFromJob);

/** The Inngest function of one job, by its id (tests run it with @inngest/test). */
export function inngestFunction(id: string): (typeof inngestFunctions)[number] {
  const fn = inngestFunctions.find((f) => f.id() === id);
  if (!fn) throw new Error(`no job ${id} in server/jobs/registry.ts`);
  return fn;
}

export { inngest } from "./providers/inngest";
