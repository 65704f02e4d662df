import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { MediaBody, MediaStorage } from "./storage";

/**
 * Reading stored media from Node code. The adapters answer different stream kinds (local disk a
 * Node stream, S3 the web stream of a fetch response); these helpers hide the difference from
 * the renderers, the upload processing and the render cache.
 */

/** A stored body as a Node stream, whichever adapter answered it. */
export function nodeStreamOf(body: MediaBody): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

/** The object stored at `key` as a Node stream (MediaNotFoundError when it is missing). */
export async function readStoredStream(storage: MediaStorage, key: string): Promise<Readable> {
  return nodeStreamOf(await storage.read(key));
}

/** The whole object stored at `key` in memory (small files: thumbnails, covers). */
export async function readStoredBuffer(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await readStoredStream(storage, key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Copies the object stored at `key` into the local file `file` (created or truncated). */
export async function downloadStored(storage: MediaStorage, key: string, file: string): Promise<void> {
  await pipeline(await readStoredStream(storage, key), createWriteStream(file));
}
