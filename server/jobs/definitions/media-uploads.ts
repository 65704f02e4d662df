import { z } from "zod";
import { getDb } from "@/db/client";
import { JOB_EVENTS } from "../events";
import { processUpload, sweepStalledUploads } from "@/server/services/media-uploads/process-upload";
import { defineJob } from "../types";


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
    return io.run("sweep", () => sweepStalledUploads(getDb()));
  },
});
