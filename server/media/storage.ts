/**
 * Media storage behind one small interface, so seeding, signed delivery and uploads work the
 * same on a laptop (files under DATA_DIR) and in a deployment (any S3-compatible bucket).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat as statFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AwsClient } from "aws4fetch";
import { type Env, env } from "@/server/env";

/** Inclusive byte positions, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStat {
  size: number;
  contentType: string;
  /** Strong validator when the backend has one (S3 ETag, or size and mtime on disk). */
  etag?: string;
  lastModified?: Date;
}

/** Node streams from disk, web streams from fetch; Response accepts either after conversion. */
export type MediaBody = Readable | ReadableStream<Uint8Array>;

export interface MediaStorage {
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  stat(key: string): Promise<MediaStat | null>;
  /** Throws MediaNotFoundError when the key does not exist. */
  read(key: string, range?: ByteRange): Promise<MediaBody>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Media not found: ${key}`);
    this.name = "MediaNotFoundError";
  }
}

export class InvalidMediaKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid media key: ${JSON.stringify(key)}`);
    this.name = "InvalidMediaKeyError";
  }
}

/**
 * Keys are slash-separated segments of letters, digits, `.`, `_` and `-`, never starting with a
 * dot. That rules out `..`, absolute paths, backslashes and hidden files, so a key can be used
 * as a file path or URL path without further escaping.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && key.split("/").every((s) => SEGMENT.test(s));
}

export function assertMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(key);
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".m4a": "audio/mp4",
  ".mp3": "audio/mpeg",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".json": "application/json",
  ".vtt": "text/vtt",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".m4s": "video/iso.segment",
};

export function contentTypeForKey(key: string): string | undefined {
  return TYPES_BY_EXTENSION[path.extname(key).toLowerCase()];
}

/**
 * Files under `root`, named by their key. The content type comes from the extension; when a
 * caller stores something the extension does not describe, it is kept in a sidecar under
 * `root/.meta/` (a folder no valid key can reach, since segments never start with a dot).
 */
export class LocalDiskStorage implements MediaStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, data: Buffer | Readable, contentType: string): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write next to the target and rename, so readers never see a half-written file.
    const tmp = `${file}.${randomBytes(6).toString("hex")}.partial`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const sidecar = this.sidecarFor(key);
    if (contentTypeForKey(key) === contentType) {
      await rm(sidecar, { force: true });
    } else {
      await mkdir(path.dirname(sidecar), { recursive: true });
      await writeFile(sidecar, JSON.stringify({ contentType }));
    }
  }

  async stat(key: string): Promise<MediaStat | null> {
    const info = await statFile(this.fileFor(key)).catch(ignoreNotFound);
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      contentType: (await this.sidecarType(key)) ?? contentTypeForKey(key) ?? "application/octet-stream",
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.fileFor(key);
    const info = await statFile(file).catch(ignoreNotFound);
    if (!info?.isFile()) throw new MediaNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
    await rm(this.sidecarFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** The file behind a key (whether or not it exists); renderers read sources in place. */
  pathFor(key: string): string {
    return this.fileFor(key);
  }

  /** Resolves a key inside root; the containment check backs up the key grammar. */
  private fileFor(key: string): string {
    assertMediaKey(key);
    const file = path.resolve(this.root, ...key.split("/"));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidMediaKeyError(key);
    return file;
  }

  private sidecarFor(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ".meta", `${key}.json`);
  }

  private async sidecarType(key: string): Promise<string | undefined> {
    const text = await readFile(this.sidecarFor(key), "utf8").catch(ignoreNotFound);
    return text ? (JSON.parse(text) as { contentType: string }).contentType : undefined;
  }
}

function ignoreNotFound(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
  throw error;
}

export interface S3Config {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, ...). Uses path-style URLs; AWS virtual-hosted when unset. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The media store cannot be reached or answers with a server error (S3 down, throttling, a
 * network failure). Requests answer 503 ServiceUnavailable with Retry-After, as for the database;
 * jobs retry.
 */
export class MediaStoreUnavailableError extends Error {
  constructor(method: string, key: string, cause: unknown) {
    super(`The media store did not answer ${method} ${key}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "MediaStoreUnavailableError";
  }
}

/**
 * An S3-compatible bucket over fetch, signed with aws4fetch (SigV4 in a few kilobytes instead
 * of the AWS SDK). Ranges are passed through, so the bucket does the byte slicing.
 */
export class S3Storage implements MediaStorage {
  private readonly client: AwsClient;
  private readonly baseUrl: string;

  constructor(config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: "s3",
      retries: 3,
    });
    this.baseUrl = config.endpoint
      ? `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  }

  /**
   * S3 rejects chunked uploads without a length, so streams are buffered first; seed and demo
   * media are small. Large uploads would need multipart, which nothing here does yet.
   */
  async put(key: string, data: Buffer | Readable, contentType: string): Promise<void> {
    const bytes = Buffer.isBuffer(data) ? data : await readAll(data);
    // fetch derives Content-Length from a byte array body. Buffers from fs and Buffer.concat
    // sit on plain ArrayBuffers; the cast only narrows TypeScript's ArrayBufferLike.
    const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    const res = await this.send("PUT", key, { headers: { "Content-Type": contentType }, body });
    await expectOk(res, "PUT", key);
  }

  async stat(key: string): Promise<MediaStat | null> {
    const res = await this.send("HEAD", key);
    if (res.status === 404) return null;
    await expectOk(res, "HEAD", key);
    const lastModified = res.headers.get("last-modified");
    return {
      size: Number(res.headers.get("content-length") ?? 0),
      contentType: res.headers.get("content-type") ?? contentTypeForKey(key) ?? "application/octet-stream",
      etag: res.headers.get("etag") ?? undefined,
      lastModified: lastModified ? new Date(lastModified) : undefined,
    };
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const headers: Record<string, string> = range ? { Range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.send("GET", key, { headers });
    if (res.status === 404) {
      await res.body?.cancel();
      throw new MediaNotFoundError(key);
    }
    await expectOk(res, "GET", key);
    if (!res.body) throw new Error(`S3 GET ${key}: empty body`);
    return res.body;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send("DELETE", key);
    if (res.status !== 404) await expectOk(res, "DELETE", key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** One signed request; a network failure or a 5xx (after aws4fetch's own retries) is MediaStoreUnavailableError. */
  private async send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    const url = this.urlFor(key);
    let res: Response;
    try {
      res = await this.client.fetch(url, { ...init, method });
    } catch (err) {
      throw new MediaStoreUnavailableError(method, key, err);
    }
    if (res.status >= 500) {
      const detail = await res.text().catch(() => "");
      throw new MediaStoreUnavailableError(method, key, new Error(`S3 answered ${res.status}: ${detail.slice(0, 200)}`));
    }
    return res;
  }

  private urlFor(key: string): string {
    assertMediaKey(key);
    return `${this.baseUrl}/${key.split("/").map(encodeURIComponent).join("/")}`;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function expectOk(res: Response, method: string, key: string): Promise<void> {
  if (res.ok) return;
  const detail = await res.text().catch(() => "");
  throw new Error(`S3 ${method} ${key} failed with ${res.status}: ${detail.slice(0, 300)}`);
}

/** S3 when S3_BUCKET is set, otherwise files under `${DATA_DIR}/media` (settings from server/env.ts). */
export function createMediaStorage(e: Env = env()): MediaStorage {
  if (!e.S3_BUCKET) return new LocalDiskStorage(path.resolve(e.DATA_DIR, "media"));
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_BUCKET is set but S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is missing");
  }
  return new S3Storage({
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  });
}

let memoized: MediaStorage | undefined;

/** The process-wide storage, built from the environment on first use. */
export function getMediaStorage(): MediaStorage {
  memoized ??= createMediaStorage();
  return memoized;
}
