import { z } from "zod";
import { getDb } from "@/db/client";
import { BACKGROUND_NICE } from "@/server/media/render/video";
import { renderWorkoutExports } from "@/server/services/exports/render-workout-exports";
import { sweepWorkoutExports } from "@/server/services/exports/sweep-exports";
import { JOB_EVENTS } from "../events";
import { defineJob } from "../types";

/**
 * Renders the first locale of a workout's exports when it is published or its playlist or media
 * change, at normal priority in a queue of its own, so an editor never waits behind background
 * work; the other locales follow as `workouts/exports.pending`. A failed render marks its row failed
 * and throws: the job system retries with backoff, the sweep after that.
 */
export const renderWorkoutExportsJob = defineJob({
  id: "render-workout-exports",
  name: "Render workout exports after an edit (MP4, M4A)",
  trigger: { event: "workouts/content.changed" },
  payload: JOB_EVENTS["workouts/content.changed"],
  retries: 3,
  handler: ({ payload, io }) => renderWorkoutExports(getDb(), io, payload, { nice: 0 }),
});

/**
 * Background exports, one locale per run at nice 10: the seeded library first, then the other
 * locales of changed workouts, then what the sweep found.
 */
export const renderPendingExportsJob = defineJob({
  id: "render-pending-exports",
  name: "Render workout exports in the background",
  trigger: { event: "workouts/exports.pending" },
  payload: JOB_EVENTS["workouts/exports.pending"],
  retries: 3,
  priority: ({ reason }) => ({ seed: 2, locales: 1, sweep: 0 })[reason],
  handler: ({ payload, io }) => renderWorkoutExports(getDb(), io, payload, { nice: BACKGROUND_NICE }),
});

/** Every minute: requests renders of missing, stale, stuck or failed exports; deletes expired superseded files. */
export const sweepWorkoutExportsJob = defineJob({
  id: "sweep-workout-exports",
  name: "Sweep workout exports",
  trigger: { cron: "* * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: ({ io }) => sweepWorkoutExports(getDb(), io),
});
