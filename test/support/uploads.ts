import { getDb } from "@/db/client";
import { createUpload } from "@/server/services/media-uploads/create-upload";
import { receiveChunk } from "@/server/services/media-uploads/receive-chunk";

/** Sends an upload's bytes chunk by chunk, as the resumable upload's client does. */
export async function sendChunks(organizationId: string, upload: { id: string; chunkCount: number; chunkSize: number }, bytes: Buffer) {
  for (let i = 0; i < upload.chunkCount; i++) {
    const part = bytes.subarray(i * upload.chunkSize, (i + 1) * upload.chunkSize);
    await receiveChunk(getDb(), { organizationId, uploadId: upload.id, index: i, body: new Blob([new Uint8Array(part)]).stream() });
  }
}

/** A clip upload with every chunk received (ready for processUpload); answers its id. */
export async function uploadedClip(organizationId: string, bytes: Buffer, name: string) {
  const u = await createUpload(getDb(), {
    organizationId,
    trainerId: null,
    input: { purpose: "clip", filename: "plank.mov", contentType: "video/quicktime", sizeBytes: bytes.length, name, kind: "single-exercise" },
  });
  await sendChunks(organizationId, u, bytes);
  return u.id;
}
