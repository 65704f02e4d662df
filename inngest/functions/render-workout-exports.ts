import { renderWorkoutExportsJob } from "@/server/jobs/definitions/exports";
import { functionFromJob } from "../client";

/** Renders a workout's MP4 and M4A exports when it is published or its content changes (event workouts/content.changed). */
export const renderWorkoutExports = functionFromJob(renderWorkoutExportsJob);
