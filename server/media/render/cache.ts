/**
 * The renderer's local working files: sources fetched from remote storage and the video pieces it
 * encodes (normalized clips, still units, loop remainders). Pieces depend only on their inputs
 * and the export format, so they are kept and reused by later renders of any workout; files not
 * used for a while are pruned by the exports sweep. Everything here can be rebuilt.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";
import { LocalDiskStorage, type MediaStorage } from "@/server/media/storage";
import { downloadStored } from "@/server/media/stored-streams";

export function renderCacheDir(): string {
  return path.resolve(env().DATA_DIR, "cache", "render");
}

export const digest = (...parts: (string | number)[]) => createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);

/** A cache file path for `name` inside `area` (created on demand). */
export async function cachePath(area: string, name: string): Promise<string> {
  const dir = path.join(renderCacheDir(), area);
  await mkdir(dir, { recursive: true });
  return path.join(dir, name);
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

const inflight = new Map<string, Promise<string>>();

/**
 * Returns `file`, making it first with `make(tmp)` when missing: `make` writes a temporary file
 * that is renamed into place when it succeeds, so a crash or a concurrent render never leaves a
 * partial piece behind. Concurrent calls in this process share one build.
 */
export async function cached(file: string, make: (tmp: string) => Promise<unknown>): Promise<string> {
  if (await exists(file)) {
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    return file;
  }
  const running = inflight.get(file);
  if (running) return running;
  const build = (async () => {
    const tmp = `${file}.${randomBytes(6).toString("hex")}.partial${path.extname(file)}`;
    try {
      await make(tmp);
      await rename(tmp, file);
      return file;
    } finally {
      await rm(tmp, { force: true });
    }
  })();
  inflight.set(file, build);
  try {
    return await build;
  } finally {
    inflight.delete(file);
  }
}

/**
 * A local file holding the media stored at `key`: the file itself on local disk storage, otherwise
 * a copy fetched once into the cache.
 */
export async function localSource(storage: MediaStorage, key: string): Promise<string> {
  if (storage instanceof LocalDiskStorage) return storage.pathFor(key);
  const file = await cachePath("sources", `${digest(key)}${path.extname(key)}`);
  return cached(file, async (tmp) => {
    await downloadStored(storage, key, tmp);
  });
}

/**
 * Deletes cache files not used (read or written) for the age given for their area (`default` for
 * areas not listed); returns how many.
 */
export async function pruneRenderCache(maxAgeMs: Record<string, number> & { default: number }, now = Date.now()): Promise<number> {
  let removed = 0;
  const root = renderCacheDir();
  const areas = await readdir(root).catch(() => [] as string[]);
  for (const area of areas) {
    const maxAge = maxAgeMs[area] ?? maxAgeMs.default;
    const dir = path.join(root, area);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > maxAge) {
        await rm(file, { force: true });
        removed++;
      }
    }
  }
  return removed;
}
