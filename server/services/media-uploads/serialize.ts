import type { UploadRow } from "@/db/queries/uploads";
import { pickText } from "@/server/core/locale";

/** An upload as the console shows it (resume point, processing state, result). */
export function toUploadResource(u: UploadRow) {
  return {
    id: u.id,
    purpose: u.purpose,
    status: u.status,
    filename: u.filename,
    contentType: u.contentType,
    sizeBytes: u.sizeBytes,
    chunkSize: u.chunkSize,
    chunkCount: u.chunkCount,
    chunksReceived: u.chunksReceived,
    progress: Math.round(u.progress * 1000) / 1000,
    error: u.error,
    clipName: u.clipName ? pickText(u.clipName) : null,
    clipKind: u.clipKind,
    videoAssetId: u.videoAssetId,
    locale: u.locale,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    completedAt: u.completedAt?.toISOString() ?? null,
  };
}
export type UploadResource = ReturnType<typeof toUploadResource>;
