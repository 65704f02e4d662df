/**
 * Renders the media of the seed's ready social drops (db/seed/data/drops.ts) with the render job's
 * own code (ffmpeg and next/og, server/services/drops/render-media.ts) into db/seed/media/drops/
 * and records the files in db/seed/media/manifest.json, so a seed copies them like the other demo
 * media instead of rendering them on every new installation and test run (about 17 s of CPU).
 *
 * Run it after changing the seed drops, their render sizes or the demo clips:
 *   npx tsx scripts/render-seed-drops.ts
 * `db/seed/seed-drops.test.ts` fails while the committed renders are not the current ones.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SEED_DROP_MEDIA_FILE, renderSeedDropMedia } from "../db/seed/drops";
import { probeMedia } from "../server/media/ffmpeg";
import { type SeedMediaEntry, type SeedMediaManifest, importSeedMedia, readSeedMediaManifest } from "../server/media/import-seed-media";
import { LocalDiskStorage } from "../server/media/storage";

const OUT = path.resolve(import.meta.dirname, "../db/seed/media");

const manifest: SeedMediaManifest = await readSeedMediaManifest(OUT);
for (const rel of Object.keys(manifest)) if (rel.startsWith("drops/")) delete manifest[rel];
await rm(path.join(OUT, "drops"), { recursive: true, force: true });
// The demo media without the old renders, so every drop renders anew.
await writeFile(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

const tmp = await mkdtemp(path.join(tmpdir(), "forma-seed-drops-"));
try {
  const storage = new LocalDiskStorage(tmp);
  await importSeedMedia(storage, OUT);
  const started = Date.now();
  const measured = await renderSeedDropMedia(storage);
  console.log(`rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await cp(path.join(tmp, "seed", "drops"), path.join(OUT, "drops"), { recursive: true });
  const files = (await readdir(path.join(OUT, "drops"), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(OUT, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  for (const rel of files) {
    const file = path.join(OUT, rel);
    const data = await readFile(file);
    const entry: SeedMediaEntry = {
      contentType: rel.endsWith(".mp4") ? "video/mp4" : "image/jpeg",
      bytes: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
    };
    if (rel.endsWith(".mp4")) entry.durationSeconds = Math.round((await probeMedia(file)).durationSeconds * 100) / 100;
    manifest[rel] = entry;
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // What the renderer measured on each video, by its path under db/seed/media (the seed gives it to the variant rows).
  const media = Object.fromEntries(
    Object.entries(measured)
      .map(([key, m]) => [key.slice("seed/".length), m] as const)
      .sort(([a], [b]) => byPath(a, b)),
  );
  await writeFile(path.join(OUT, SEED_DROP_MEDIA_FILE), `${JSON.stringify(media, null, 2)}\n`);
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => byPath(a, b)));
  await writeFile(path.join(OUT, "manifest.json"), `${JSON.stringify(sorted, null, 2)}\n`);
  const bytes = files.reduce((n, rel) => n + manifest[rel]!.bytes, 0);
  console.log(`db/seed/media/drops: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MiB`);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
