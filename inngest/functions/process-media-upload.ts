import { processMediaUploadJob, sweepMediaUploadsJob } from "@/server/jobs/definitions/media-uploads";
import { functionFromJob } from "../client";

/** Transcodes a console upload once its chunks are stored (event media/upload.completed). */
export const processMediaUpload = functionFromJob(processMediaUploadJob);

/** Every five minutes: resends stalled uploads (cron). */
export const sweepMediaUploads = functionFromJob(sweepMediaUploadsJob);
