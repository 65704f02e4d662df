import type { Tx } from "@/db/client";
import { advanceUpload, findUpload, listUploadPage } from "@/db/queries/uploads";
import type { UploadStatus } from "@/db/schema";
import { ApiError, badRequest, conflict, notFound } from "@/server/core/errors";
import { sendJobEventSafely } from "@/server/jobs";
import { getMediaStorage } from "@/server/media/storage";
import { toUploadResource } from "./serialize";

/** Where chunk `index` of an upload is kept until the processing job assembles the file. */
export const chunkKey = (uploadId: string, index: number) => `uploads/${uploadId}/chunks/${String(index).padStart(5, "0")}`;

/** Reads a request body of exactly `expected` bytes (more is refused without reading it all). */
async function readExactly(body: ReadableStream<Uint8Array> | null, expected: number): Promise<Buffer> {
  if (!body) throw badRequest(`The chunk is empty; expected ${expected} bytes.`, "body");
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > expected) {
      await reader.cancel().catch(() => {});
      throw new ApiError({ code: "PayloadTooLarge", message: `This chunk must be ${expected} bytes.` });
    }
    parts.push(value);
  }
  if (size !== expected) throw badRequest(`This chunk must be ${expected} bytes; ${size} arrived.`, "body");
  return Buffer.concat(parts);
}

/**
 * Stores chunk `index` of an upload. Chunks arrive in order: a chunk already stored answers the
 * upload as it is (a retry after a lost response), one beyond the next expected is a 409 (the
 * client resumes from `chunksReceived`). The last chunk hands the upload to the processing job.
 */
export async function receiveChunk(db: Tx, args: { organizationId: string; uploadId: string; index: number; body: ReadableStream<Uint8Array> | null }) {
  const upload = await findUpload(db, args.organizationId, args.uploadId);
  if (!upload) throw notFound("Upload not found in this workspace.");
  if (args.index >= upload.chunkCount) throw badRequest(`This upload has ${upload.chunkCount} chunk(s).`, "index");
  if (args.index < upload.chunksReceived || upload.status !== "uploading") {
    await args.body?.cancel().catch(() => {});
    return toUploadResource(upload);
  }
  if (args.index > upload.chunksReceived) {
    await args.body?.cancel().catch(() => {});
    throw conflict(`Chunk ${upload.chunksReceived} is next; resume from there.`);
  }
  const last = args.index === upload.chunkCount - 1;
  const expected = last ? upload.sizeBytes - upload.chunkSize * (upload.chunkCount - 1) : upload.chunkSize;
  const bytes = await readExactly(args.body, expected);
  await getMediaStorage().put(chunkKey(upload.id, args.index), bytes, "application/octet-stream");
  const moved = await advanceUpload(db, upload.id, args.index);
  if (!moved) {
    // A concurrent retry of the same chunk stored it first: answer the upload as it is now.
    const now = await findUpload(db, args.organizationId, args.uploadId);
    return toUploadResource(now!);
  }
  if (moved.status === "processing") await sendJobEventSafely({ name: "media/upload.completed", data: { uploadId: moved.id } });
  return toUploadResource(moved);
}

export async function getUpload(db: Tx, organizationId: string, uploadId: string) {
  const upload = await findUpload(db, organizationId, uploadId);
  if (!upload) throw notFound("Upload not found in this workspace.");
  return toUploadResource(upload);
}

export async function listUploads(db: Tx, args: { organizationId: string; status?: UploadStatus; limit: number; offset: number }) {
  const { rows, total } = await listUploadPage(db, args);
  return { items: rows.map(toUploadResource), total, limit: args.limit, offset: args.offset };
}
