import { z } from "zod";
import type { Tx } from "@/db/client";
import { insertUpload } from "@/db/queries/uploads";
import { findWorkspaceClipKind } from "@/db/queries/video-assets";
import { badRequest } from "@/server/core/errors";
import { SUPPORTED_LOCALES } from "@/server/core/locale";
import { HexId } from "@/server/contracts/schemas";
import { toUploadResource } from "./serialize";

/** Exercise clips: MP4 or MOV, up to 500 MB. */
export const MAX_CLIP_BYTES = 500 * 1024 * 1024;
/** Instruction audio (an upload or a recording made in the browser): up to 25 MB. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** Clips last at most 3 hours (a long class), instruction audio 10 minutes: checked on the probe, and no more is decoded. */
export const MAX_CLIP_SECONDS = 3 * 3600;
export const MAX_AUDIO_SECONDS = 10 * 60;
/** Video pictures: at most 8192 pixels on a side and 8K (7680x4320) in area. */
export const MAX_VIDEO_SIDE = 8192;
export const MAX_VIDEO_PIXELS = 7680 * 4320;
/** Chunks of 4 MiB: a lost connection costs one chunk, and a chunk is one small request. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

const CLIP_TYPES = ["video/mp4", "video/quicktime"] as const;
const CLIP_EXTENSIONS = /\.(mp4|m4v|mov)$/i;
const AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "audio/x-m4a", "audio/aac", "audio/wav", "audio/x-wav", "audio/webm", "audio/ogg", "video/webm"] as const;

/** The media type without parameters (a recording is `audio/webm;codecs=opus`). */
const baseType = (t: string) => t.split(";")[0]!.trim().toLowerCase();

export const CreateUploadInput = z.discriminatedUnion("purpose", [
  z
    .object({
      purpose: z.literal("clip"),
      filename: z.string().trim().min(1).max(200).regex(CLIP_EXTENSIONS, "upload an MP4 or MOV file"),
      contentType: z.string().max(100).refine((t) => (CLIP_TYPES as readonly string[]).includes(baseType(t)), "upload an MP4 or MOV file"),
      sizeBytes: z.number().int().min(1).max(MAX_CLIP_BYTES, "clips are at most 500 MB"),
      name: z.string().trim().min(1, "name the clip").max(200),
      kind: z.enum(["single-exercise", "class", "multi-exercise", "promo", "educational", "workout-intro", "workout-outro"]).default("single-exercise"),
    })
    .strict(),
  z
    .object({
      purpose: z.literal("instruction-audio"),
      filename: z.string().trim().min(1).max(200),
      contentType: z.string().max(100).refine((t) => (AUDIO_TYPES as readonly string[]).includes(baseType(t)), "upload an audio file (MP3, M4A, WAV, WebM or Ogg)"),
      sizeBytes: z.number().int().min(1).max(MAX_AUDIO_BYTES, "instruction audio is at most 25 MB"),
      videoAssetId: HexId,
      locale: z.enum(SUPPORTED_LOCALES),
    })
    .strict(),
]);
export type CreateUploadInput = z.output<typeof CreateUploadInput>;

/**
 * Opens a chunked upload. Instruction audio belongs to a single-exercise clip of the workspace.
 * The client then sends chunks 0..chunkCount-1 in order (PUT .../chunks/{index}); after a lost
 * connection it reads the upload and continues from `chunksReceived`.
 */
export async function createUpload(db: Tx, args: { organizationId: string; trainerId: string | null; input: CreateUploadInput }) {
  const { organizationId, input } = args;
  if (input.purpose === "instruction-audio") {
    const kind = await findWorkspaceClipKind(db, organizationId, input.videoAssetId);
    if (!kind) throw badRequest("Not a clip of this workspace.", "videoAssetId");
    if (kind !== "single-exercise") throw badRequest("Instruction audio belongs to single-exercise clips.", "videoAssetId");
  }
  const row = await insertUpload(db, {
    organizationId,
    trainerId: args.trainerId,
    purpose: input.purpose,
    filename: input.filename,
    contentType: baseType(input.contentType),
    sizeBytes: input.sizeBytes,
    chunkSize: CHUNK_BYTES,
    chunkCount: Math.ceil(input.sizeBytes / CHUNK_BYTES),
    ...(input.purpose === "clip"
      ? { clipName: { "en-US": input.name }, clipKind: input.kind }
      : { videoAssetId: input.videoAssetId, locale: input.locale }),
  });
  return toUploadResource(row);
}
