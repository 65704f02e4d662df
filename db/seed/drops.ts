import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tx } from "../client";
import { insertDrop } from "../queries/drops";
import type { DropAspectRatio, DropVariantMedia, StoredCopyPack } from "../schema";
import { DEFAULT_SEED_MEDIA_DIR } from "@/server/media/import-seed-media";
import type { MediaStorage } from "@/server/media/storage";
import { writeTemplateCopyPack } from "@/server/services/drops/copy-writer";
import { AUDIO_SAMPLE_RATE, COVER_SIZE, PLATFORM_VIDEO_SIZE, VIDEO_FPS, VIDEO_LEVEL, aspectSlug } from "@/server/services/drops/presets";
import { resolveDropSource } from "@/server/services/drops/resolve-source";
import { DROPS, type DropSeed } from "./data/drops";
import { EXERCISES } from "./data/exercises";
import { WORKOUTS } from "./data/workouts";
import { seedManifest } from "./manifest";

/**
 * Seed drops are real media, rendered by the render job's own ffmpeg and next/og code into shared
 * keys under `seed/drops/<version>/<drop>/`. Every seeded workspace's drop rows point at them, the
 * way seeded workouts point at the shared demo clips. The renders are committed demo media
 * (db/seed/media/drops, made by scripts/render-seed-drops.ts) and copied by the seed like the rest;
 * when the definitions or render sizes change without new renders, an installation renders the
 * missing keys itself (renderSeedDropMedia), and db/seed/seed-drops.test.ts fails until they are
 * committed.
 */
const RENDER_VERSION = 2;
const REEL_MAX_SECONDS = 60;

const versionOf = (d: DropSeed) =>
  createHash("sha256")
    .update(JSON.stringify({ RENDER_VERSION, d, PLATFORM_VIDEO_SIZE, COVER_SIZE, VIDEO_FPS, VIDEO_LEVEL, AUDIO_SAMPLE_RATE }))
    .digest("hex")
    .slice(0, 10);

/**
 * What was measured on each committed seed variant (size, length, codecs), by its path under
 * db/seed/media (`drops/<version>/<drop>/9x16_15000.mp4`); written by scripts/render-seed-drops.ts
 * beside the manifest, so seeded variants state their files like rendered ones.
 */
export const SEED_DROP_MEDIA_FILE = "drop-variants.json";
let seedMedia: Promise<Record<string, DropVariantMedia>> | null = null;

export function readSeedDropMedia(mediaDir: string = DEFAULT_SEED_MEDIA_DIR): Promise<Record<string, DropVariantMedia>> {
  if (mediaDir !== DEFAULT_SEED_MEDIA_DIR)
    return readFile(path.join(mediaDir, SEED_DROP_MEDIA_FILE), "utf8").then((t) => JSON.parse(t) as Record<string, DropVariantMedia>);
  seedMedia ??= readFile(path.join(mediaDir, SEED_DROP_MEDIA_FILE), "utf8")
    .then((t) => JSON.parse(t) as Record<string, DropVariantMedia>)
    .catch(() => ({}));
  return seedMedia;
}

const prefixOf = (d: DropSeed) => `seed/drops/${versionOf(d)}/${d.key}`;
export const seedDropVideoKey = (d: DropSeed, aspectRatio: DropAspectRatio, seconds: number) =>
  `${prefixOf(d)}/${aspectSlug(aspectRatio)}_${seconds * 1000}.mp4`;
export const seedDropCoverKey = (d: DropSeed, aspectRatio: DropAspectRatio) => `${prefixOf(d)}/cover-${aspectSlug(aspectRatio)}.jpg`;

/** The source clips of a seed drop, as the render job would pick them: exercise clips in playlist order, up to 60 s. */
async function seedClips(d: DropSeed): Promise<{ key: string; seconds: number }[]> {
  const manifest = await seedManifest();
  const keys =
    d.sourceType === "exercise"
      ? [d.sourceKey]
      : (WORKOUTS.find((w) => w.key === d.sourceKey)?.segments ?? []).flatMap((s) => (s.kind === "exercise" ? [s.exerciseKey] : []));
  const clips: { key: string; seconds: number }[] = [];
  let total = 0;
  for (const [i, k] of keys.entries()) {
    if (i > 0 && keys[i - 1] === k) continue;
    if (total >= REEL_MAX_SECONDS) break;
    const seconds = manifest[`clips/${k}.mp4`]?.durationSeconds ?? 3;
    clips.push({ key: `seed/clips/${k}.mp4`, seconds });
    total += seconds;
  }
  return clips;
}

function thumbnailKeyOf(d: DropSeed): string {
  const first =
    d.sourceType === "exercise"
      ? d.sourceKey
      : (WORKOUTS.find((w) => w.key === d.sourceKey)?.segments.find((s) => s.kind === "exercise") as { exerciseKey: string } | undefined)?.exerciseKey;
  return `seed/thumbs/${first ?? "squat"}.jpg`;
}

/**
 * Renders the media of every ready seed drop that is not stored yet (call after the demo media
 * import) and returns what was measured on the new videos, by storage key. The renderer (ffmpeg
 * helpers, next/og) is loaded only when something is missing.
 */
export async function renderSeedDropMedia(storage: MediaStorage): Promise<Record<string, DropVariantMedia>> {
  const measured: Record<string, DropVariantMedia> = {};
  for (const d of DROPS.filter((x) => x.status === "ready")) {
    const missing: DropAspectRatio[] = [];
    for (const aspectRatio of d.aspectRatios) {
      const keys = [...d.durations.map((s) => seedDropVideoKey(d, aspectRatio, s)), seedDropCoverKey(d, aspectRatio)];
      const present = await Promise.all(keys.map((k) => storage.exists(k)));
      if (!present.every(Boolean)) missing.push(aspectRatio);
    }
    if (missing.length === 0) continue;
    const [{ renderDropVideos, renderCover }, clips] = await Promise.all([import("@/server/services/drops/render-media"), seedClips(d)]);
    for (const aspectRatio of missing) {
      await renderCover({
        aspectRatio,
        text: { title: d.title, ...d.copyPack.posterTagline },
        thumbnailKey: thumbnailKeyOf(d),
        key: seedDropCoverKey(d, aspectRatio),
        storage,
      });
    }
    const rendered = await renderDropVideos({
      clips,
      aspects: missing.map((aspectRatio) => ({ aspectRatio, durations: d.durations, keyFor: (s: number) => seedDropVideoKey(d, aspectRatio, s) })),
      storage,
    });
    for (const r of rendered) measured[r.key] = r.media;
  }
  return measured;
}

/** Inserts the seed drops of one workspace (ready ones point at the rendered seed media). */
export async function seedOrganizationDrops(
  db: Tx,
  organizationId: string,
  ids: { workoutIdByKey: Map<string, string>; exerciseIdByKey: Map<string, string> },
): Promise<string[]> {
  const dropIds: string[] = [];
  const media = await readSeedDropMedia();
  for (const d of DROPS) {
    const sourceId = (d.sourceType === "workout" ? ids.workoutIdByKey : ids.exerciseIdByKey).get(d.sourceKey);
    if (!sourceId) throw new Error(`seed drop ${d.key}: unknown source ${d.sourceKey}`);
    const facts = await resolveDropSource(db, organizationId, d.sourceType, sourceId);
    const copyPacks: Record<string, StoredCopyPack> = {};
    if (d.status === "ready") {
      copyPacks[d.locale] = { copyPack: d.copyPack, writer: "editor", writtenIn: d.locale };
      for (const locale of d.extraLocales) copyPacks[locale] = { ...writeTemplateCopyPack(facts, locale), writer: "template" };
    }
    const sourceName = (d.sourceType === "workout"
      ? WORKOUTS.find((w) => w.key === d.sourceKey)?.name
      : EXERCISES.find((e) => e.key === d.sourceKey)?.name) ?? { "en-US": d.title };
    const ready = d.status === "ready";
    const { drop } = await insertDrop(
      db,
      {
        organizationId,
        sourceType: d.sourceType,
        sourceId,
        sourceName: (sourceName as Record<string, string>)[d.locale] ?? sourceName["en-US"]!,
        title: d.title,
        sourceThumbnailKey: facts.thumbnailKey,
        locale: d.locale,
        copyLocales: [d.locale, ...d.extraLocales],
        channelPreset: d.channelPreset,
        defaultAspectRatio: d.aspectRatios[0]!,
        defaultDurationSeconds: d.durations[0]!,
        status: d.status,
        copyPacks,
        ctaUrl: d.ctaUrl ?? null,
        categoryKeys: facts.categories.map((c) => c.key),
      },
      d.aspectRatios.flatMap((aspectRatio) =>
        d.durations.map((durationSeconds) => ({
          aspectRatio,
          durationSeconds,
          status: ready ? ("ready" as const) : ("processing" as const),
          ...(ready
            ? {
                assetKey: seedDropVideoKey(d, aspectRatio, durationSeconds),
                coverKey: seedDropCoverKey(d, aspectRatio),
                media: media[seedDropVideoKey(d, aspectRatio, durationSeconds).slice("seed/".length)] ?? null,
              }
            : {}),
        })),
      ),
    );
    dropIds.push(drop.id);
  }
  return dropIds;
}
