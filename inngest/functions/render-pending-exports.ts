import { renderPendingExportsJob } from "@/server/jobs/definitions/exports";
import { functionFromJob } from "../client";

/** Background exports (event workouts/exports.pending): the seeded library, other locales, the sweep's finds. */
export const renderPendingExports = functionFromJob(renderPendingExportsJob);
