import { z } from "zod";
import { getDb } from "@/db/client";
import { JOB_EVENTS } from "../events";
import { defineJob } from "../types";

// The services are loaded on first use: they send job events through server/jobs, whose registry
// lists these definitions, so static imports would close a module cycle.
const services = () => import("@/server/services/media-uploads/process-upload");

/**
 * Transcodes a console upload once all its chunks are stored: clips to H.264/AAC faststart MP4
 * with a poster and a thumbnail, instruction audio to M4A. Unusable media fails the upload (no
 * retry); infrastructure errors are retried.
 */
export const processMediaUploadJob = defineJob({
  id: "process-media-upload",
  name: "Process a console media upload",
  trigger: { event: "media/upload.completed" },
  payload: JOB_EVENTS["media/upload.completed"],
  retries: 2,
  handler: async ({ payload, io }) => {
    const { processUpload } = await services();
    return { outcome: await io.run("process", () => processUpload(getDb(), payload.uploadId)) };
  },
});

/** Every five minutes: resends uploads whose processing stalled, and gives up on very old ones. */
export const sweepMediaUploadsJob = defineJob({
  id: "sweep-media-uploads",
  name: "Sweep stalled media uploads",
  trigger: { cron: "*/5 * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: async ({ io }) => {
    const { sweepStalledUploads } = await services();
    return io.run("sweep", () => sweepStalledUploads(getDb()));
  },
});
