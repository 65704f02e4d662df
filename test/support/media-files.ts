import { createWriteStream } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { LocalDiskStorage, getMediaStorage } from "@/server/media/storage";

/**
 * Test support (not used by the service): a stored media object as a local file, for ffmpeg's probe
 * and byte checks: the file itself on local disk, a downloaded copy when the media is in S3
 * (TEST_MEDIA_STORE=s3).
 */
export async function localFileOf(key: string): Promise<string> {
  const storage = getMediaStorage();
  if (storage instanceof LocalDiskStorage) return storage.pathFor(key);
  const dir = await mkdtemp(path.join(os.tmpdir(), "forma-media-copy-"));
  const file = path.join(dir, path.basename(key));
  const body = await storage.read(key);
  await pipeline(body instanceof Readable ? body : Readable.fromWeb(body as never), createWriteStream(file));
  return file;
}
