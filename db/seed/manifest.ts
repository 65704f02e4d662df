import { type SeedMediaManifest, readSeedMediaManifest } from "@/server/media/import-seed-media";

let cached: Promise<SeedMediaManifest> | null = null;

/** The committed demo media manifest (db/seed/media/manifest.json), read once. */
export function seedManifest(): Promise<SeedMediaManifest> {
  cached ??= readSeedMediaManifest();
  return cached;
}
