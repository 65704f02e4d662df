"use client";

import { consoleFetch } from "./api";

export interface UploadState {
  id: string;
  status: "uploading" | "processing" | "ready" | "failed";
  chunkSize: number;
  chunkCount: number;
  chunksReceived: number;
  progress: number;
  error: string | null;
  videoAssetId: string | null;
}

const resumeKey = (orgId: string, file: File) => `forma-upload:${orgId}:${file.name}:${file.size}:${file.lastModified}`;

async function withRetries<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 3 || signal?.aborted) throw err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

/**
 * Sends a file in the upload's chunks, in order, retrying a failed chunk a few times. The same
 * file picked again (even after a reload) resumes its unfinished upload from the server's
 * `chunksReceived`, so a dropped connection never restarts a 500 MB upload from zero.
 */
export async function uploadInChunks(
  orgId: string,
  file: File,
  body: Record<string, unknown>,
  onProgress: (sentFraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadState> {
  const base = `/api/console/orgs/${orgId}/uploads`;
  const key = resumeKey(orgId, file);
  let upload: UploadState | null = null;
  const previous = localStorage.getItem(key);
  if (previous) {
    upload = await consoleFetch<UploadState>(`${base}/${previous}`).catch(() => null);
    if (upload?.status !== "uploading") upload = null;
  }
  if (!upload) {
    upload = await consoleFetch<UploadState>(base, { method: "POST", body: { ...body, filename: file.name, contentType: file.type || "application/octet-stream", sizeBytes: file.size } });
    localStorage.setItem(key, upload.id);
  }
  let state: UploadState = upload;
  onProgress(state.chunksReceived / state.chunkCount);
  for (let i = state.chunksReceived; i < state.chunkCount; i++) {
    const blob = file.slice(i * state.chunkSize, Math.min(file.size, (i + 1) * state.chunkSize));
    state = await withRetries(() => consoleFetch<UploadState>(`${base}/${state.id}/chunks/${i}`, { method: "PUT", raw: blob, signal }), signal);
    onProgress(state.chunksReceived / state.chunkCount);
  }
  localStorage.removeItem(key);
  return state;
}
