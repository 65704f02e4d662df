/**
 * Copies the committed demo media (db/seed/media, made by scripts/generate-media.ts) into the
 * configured storage, so seeded workouts point at files that really play. Runs on every seed,
 * so it skips files already stored with the same size and only copies what is new or changed.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "./storage";

export interface SeedMediaEntry {
  contentType: "video/mp4" | "audio/mp4" | "image/jpeg";
  bytes: number;
  durationSeconds?: number;
  /** Transcript of synthesized speech (instruction audio, voice-overs). */
  scriptText?: string;
  sha256: string;
}

/** Paths relative to db/seed/media, e.g. "clips/squat.mp4". */
export type SeedMediaManifest = Record<string, SeedMediaEntry>;

/** Storage keys of seed files live under this prefix: "seed/clips/squat.mp4". */
export const SEED_MEDIA_PREFIX = "seed/";

export const seedMediaKey = (relativePath: string) => `${SEED_MEDIA_PREFIX}${relativePath}`;

/** From the project root (the working directory of `npm start`, the image and the tests), so the compiled server finds it too. */
export const DEFAULT_SEED_MEDIA_DIR = path.join(process.cwd(), "db", "seed", "media");

export async function readSeedMediaManifest(mediaDir: string = DEFAULT_SEED_MEDIA_DIR): Promise<SeedMediaManifest> {
  return JSON.parse(await readFile(path.join(mediaDir, "manifest.json"), "utf8")) as SeedMediaManifest;
}

/** Imports every manifest file into `storage` under `seed/<path>`; returns the manifest. */
export async function importSeedMedia(
  storage: MediaStorage,
  mediaDir: string = DEFAULT_SEED_MEDIA_DIR,
): Promise<SeedMediaManifest> {
  const manifest = await readSeedMediaManifest(mediaDir);
  const queue = Object.entries(manifest);
  // A few uploads in flight keep S3 imports quick; local disk does not mind either way.
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [relativePath, entry] = next;
      const key = seedMediaKey(relativePath);
      const stored = await storage.stat(key);
      if (stored?.size === entry.bytes) continue;
      const file = path.join(mediaDir, relativePath);
      const { size } = await stat(file);
      if (size !== entry.bytes) {
        throw new Error(`${file} has ${size} bytes but the manifest says ${entry.bytes}; rerun scripts/generate-media.ts`);
      }
      await storage.put(key, createReadStream(file), entry.contentType);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return manifest;
}
