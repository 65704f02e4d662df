import { sweepWorkoutExportsJob } from "@/server/jobs/definitions/exports";
import { functionFromJob } from "../client";

/** Every minute: requests renders of missing, stale or failed exports and deletes expired superseded files. */
export const sweepWorkoutExports = functionFromJob(sweepWorkoutExportsJob);
