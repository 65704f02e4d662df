import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, real, text } from "drizzle-orm/pg-core";
import { type Translations, createdAt, id, ts, updatedAt } from "./columns";
import { type VideoAssetKind, videoAssets } from "./exercises";
import { organizations } from "./organizations";
import { trainers } from "./people";

/** clip: a new workspace video asset; instruction-audio: a spoken track of an existing clip in one locale. */
export const UPLOAD_PURPOSES = ["clip", "instruction-audio"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** uploading -> processing (all chunks stored, the job transcodes) -> ready | failed. */
export const UPLOAD_STATUSES = ["uploading", "processing", "ready", "failed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * A chunked, resumable media upload from the console. Chunks are stored in media storage
 * (`uploads/<id>/chunks/<n>`) as they arrive, in order, so any instance can take the next one and
 * the processing job (any instance too) assembles them; `chunksReceived` is the resume point.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    trainerId: text().references(() => trainers.id, { onDelete: "set null" }),
    purpose: text().$type<UploadPurpose>().notNull(),
    status: text().$type<UploadStatus>().notNull().default("uploading"),
    filename: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    chunkSize: integer().notNull(),
    chunkCount: integer().notNull(),
    chunksReceived: integer().notNull().default(0),
    /** Transcoding progress, 0..1, while processing. */
    progress: real().notNull().default(0),
    error: text(),
    /** clip: the asset to create (name, kind); instruction-audio: unused. */
    clipName: jsonb().$type<Translations>(),
    clipKind: text().$type<VideoAssetKind>(),
    /** clip: the asset created when ready; instruction-audio: the clip the track belongs to. */
    videoAssetId: text().references(() => videoAssets.id, { onDelete: "cascade" }),
    locale: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("media_uploads_org_created_idx").on(t.organizationId, t.createdAt),
    index("media_uploads_open_idx").on(t.organizationId).where(sql`${t.status} in ('uploading', 'processing')`),
  ],
);
