import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type UploadStatus, mediaUploads } from "../schema";

export type UploadRow = typeof mediaUploads.$inferSelect;
export type NewUpload = typeof mediaUploads.$inferInsert;

export async function insertUpload(db: Tx, row: NewUpload): Promise<UploadRow> {
  const [inserted] = await db.insert(mediaUploads).values(row).returning();
  return inserted!;
}

export async function findUpload(db: Tx, organizationId: string, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, uploadId), eq(mediaUploads.organizationId, organizationId)));
  return row ?? null;
}

export async function findUploadById(db: Tx, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.id, uploadId));
  return row ?? null;
}

/**
 * Records chunk `index` as stored, only if it is the next one expected (concurrent retries of one
 * chunk count once); the last chunk moves the upload to processing. Returns the row when it moved.
 */
export async function advanceUpload(db: Tx, uploadId: string, index: number): Promise<UploadRow | null> {
  const [row] = await db
    .update(mediaUploads)
    .set({
      chunksReceived: index + 1,
      status: sql`case when ${index + 1} >= ${mediaUploads.chunkCount} then 'processing' else 'uploading' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(mediaUploads.id, uploadId), eq(mediaUploads.chunksReceived, index), eq(mediaUploads.status, "uploading")))
    .returning();
  return row ?? null;
}

export async function setUploadProgress(db: Tx, uploadId: string, progress: number): Promise<void> {
  await db
    .update(mediaUploads)
    .set({ progress, updatedAt: new Date() })
    .where(and(eq(mediaUploads.id, uploadId), eq(mediaUploads.status, "processing")));
}

export async function finishUpload(db: Tx, uploadId: string, args: { status: Extract<UploadStatus, "ready" | "failed">; error?: string | null; videoAssetId?: string | null }) {
  await db
    .update(mediaUploads)
    .set({
      status: args.status,
      error: args.error ?? null,
      progress: args.status === "ready" ? 1 : sql`${mediaUploads.progress}`,
      ...(args.videoAssetId ? { videoAssetId: args.videoAssetId } : {}),
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(mediaUploads.id, uploadId), eq(mediaUploads.status, "processing")));
}

export async function listUploadPage(db: Tx, args: { organizationId: string; status?: UploadStatus; limit: number; offset: number }) {
  const where = and(eq(mediaUploads.organizationId, args.organizationId), args.status ? eq(mediaUploads.status, args.status) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(mediaUploads).where(where).orderBy(desc(mediaUploads.createdAt), desc(mediaUploads.id)).limit(args.limit).offset(args.offset),
    db.$count(mediaUploads, where),
  ]);
  return { rows, total };
}

/** Uploads processing without a sign of life since `before` (their job event was lost or their worker died). */
export function listStalledUploads(db: Tx, before: Date, limit: number) {
  return db
    .select({ id: mediaUploads.id, updatedAt: mediaUploads.updatedAt, createdAt: mediaUploads.createdAt })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.status, "processing"), lt(mediaUploads.updatedAt, before)))
    .limit(limit);
}

export async function failStalledUpload(db: Tx, uploadId: string, error: string): Promise<void> {
  await finishUpload(db, uploadId, { status: "failed", error });
}
