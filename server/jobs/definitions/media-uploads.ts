import { z } from "zod";
import { getDb } from "@/db/client";
import { JOB_EVENTS } from "../events";
import { packageClipHls, sweepLongClips } from "@/server/services/media-uploads/clip-hls";
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

/**
 * Packages a long clip's video as HLS (clip-hls.ts) in a queue of its own, at background priority
 * (nice 10). A failure is retried; after the last attempt the clip stays progressive.
 */
export const packageClipHlsJob = defineJob({
  id: "package-clip-hls",
  name: "Package a long clip as HLS",
  trigger: { event: "media/clip.package" },
  payload: JOB_EVENTS["media/clip.package"],
  retries: 2,
  handler: async ({ payload, io }) => {
    return { outcome: await io.run("package", () => packageClipHls(getDb(), payload.videoAssetId)) };
  },
});

/** Every ten minutes: asks packaging of long clips that have none (a lost event, an older library). */
export const sweepClipHlsJob = defineJob({
  id: "sweep-clip-hls",
  name: "Sweep long clips without HLS",
  trigger: { cron: "*/10 * * * *" },
  payload: z.object({}).loose(),
  retries: 0,
  handler: async ({ io }) => {
    return { requested: await io.run("sweep", () => sweepLongClips(getDb())) };
  },
});
