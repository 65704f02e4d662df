import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { type AudioType, type ExportKind, type SegmentKind, instructionAudio, trainers, workoutExportChecks, workoutExports, workoutSegments, workouts } from "../schema";
import { videoAssets } from "../schema/exercises";

/** Finished exports of one kind, most recently completed first (rendering, failed and superseded rows never count). */
export function listReadyExports(db: Tx, workoutId: string, kind: ExportKind) {
  return db
    .select({
      id: workoutExports.id,
      locale: workoutExports.locale,
      version: workoutExports.version,
      assetKey: workoutExports.assetKey,
      createdAt: workoutExports.createdAt,
      completedAt: workoutExports.completedAt,
    })
    .from(workoutExports)
    .where(
      and(
        eq(workoutExports.workoutId, workoutId),
        eq(workoutExports.kind, kind),
        sql`${workoutExports.status} = 'ready'`,
        sql`${workoutExports.assetKey} is not null`,
      ),
    )
    .orderBy(desc(workoutExports.completedAt), desc(workoutExports.id));
}

/** The workout fields an export depends on, whatever its status (the caller decides). */
export async function findExportWorkout(db: Tx, workoutId: string) {
  const [row] = await db
    .select({
      id: workouts.id,
      organizationId: workouts.organizationId,
      trainerId: workouts.trainerId,
      status: workouts.status,
      deletedAt: workouts.deletedAt,
      updatedAt: workouts.updatedAt,
      mixBgMusic: workouts.mixBgMusic,
      videoAudioMode: workouts.videoAudioMode,
      coverKey: workouts.coverKey,
      trainerPreferredLocale: trainers.preferredLocale,
    })
    .from(workouts)
    .leftJoin(trainers, eq(trainers.id, workouts.trainerId))
    .where(eq(workouts.id, workoutId));
  return row ?? null;
}

/** A playlist segment with the clip it plays, as the renderer needs it. */
export interface ExportSegmentRow {
  kind: SegmentKind;
  videoAssetId: string | null;
  durationSeconds: number;
  workSeconds: number | null;
  reps: number | null;
  skipIntro: boolean;
  breakImageKey: string | null;
  assetVideoKey: string | null;
  assetDurationSeconds: number | null;
  assetEstimatedRepDuration: number | null;
}

export function listExportSegments(db: Tx, workoutId: string): Promise<ExportSegmentRow[]> {
  return db
    .select({
      kind: workoutSegments.kind,
      videoAssetId: workoutSegments.videoAssetId,
      durationSeconds: workoutSegments.durationSeconds,
      workSeconds: workoutSegments.workSeconds,
      reps: workoutSegments.reps,
      skipIntro: workoutSegments.skipIntro,
      breakImageKey: workoutSegments.breakImageKey,
      assetVideoKey: videoAssets.videoKey,
      assetDurationSeconds: videoAssets.durationSeconds,
      assetEstimatedRepDuration: videoAssets.estimatedRepDuration,
    })
    .from(workoutSegments)
    .leftJoin(videoAssets, eq(videoAssets.id, workoutSegments.videoAssetId))
    .where(eq(workoutSegments.workoutId, workoutId))
    .orderBy(asc(workoutSegments.position));
}

/** Every spoken track (all locales) of the given clips. */
export function listVoiceTracks(db: Tx, videoAssetIds: string[]) {
  if (videoAssetIds.length === 0) return Promise.resolve([] as { videoAssetId: string; locale: string; type: AudioType; assetKey: string }[]);
  return db
    .select({ videoAssetId: instructionAudio.videoAssetId, locale: instructionAudio.locale, type: instructionAudio.type, assetKey: instructionAudio.assetKey })
    .from(instructionAudio)
    .where(inArray(instructionAudio.videoAssetId, videoAssetIds))
    .orderBy(asc(instructionAudio.locale), asc(instructionAudio.id));
}

/** The export rows of one workout that are not superseded. */
export function listCurrentExportRows(db: Tx, workoutId: string) {
  return db
    .select({
      id: workoutExports.id,
      kind: workoutExports.kind,
      locale: workoutExports.locale,
      version: workoutExports.version,
      status: workoutExports.status,
      attempts: workoutExports.attempts,
      leaseUntil: workoutExports.leaseUntil,
      updatedAt: workoutExports.updatedAt,
    })
    .from(workoutExports)
    .where(and(eq(workoutExports.workoutId, workoutId), sql`${workoutExports.status} <> 'superseded'`));
}

/** Attempts per version before a failed render waits for new inputs (or a day) instead of retrying. */
export const MAX_EXPORT_ATTEMPTS = 5;

export interface ExportClaim {
  id: string;
  claimToken: string;
  attempts: number;
}

/**
 * Claims the rendering of one (workout, kind, locale, version): inserts the row, or takes over a
 * row whose last attempt failed (fewer than MAX_EXPORT_ATTEMPTS, or a day ago), whose claim
 * expired, or that was superseded and is current again. Null when the version is ready or another
 * worker holds it: the unique index makes that decision, so two workers never both render it.
 */
export async function claimExport(db: Tx, args: { workoutId: string; kind: ExportKind; locale: string; version: string; leaseSeconds: number }): Promise<ExportClaim | null> {
  const token = randomBytes(12).toString("hex");
  const lease = sql`now() + make_interval(secs => ${args.leaseSeconds}::int)`;
  const rows = await db
    .insert(workoutExports)
    .values({
      workoutId: args.workoutId,
      kind: args.kind,
      locale: args.locale,
      version: args.version,
      status: "rendering",
      claimToken: token,
      leaseUntil: lease,
      attempts: 1,
    })
    .onConflictDoUpdate({
      target: [workoutExports.workoutId, workoutExports.kind, workoutExports.locale, workoutExports.version],
      set: {
        status: "rendering",
        claimToken: token,
        leaseUntil: lease,
        assetKey: null,
        completedAt: null,
        supersededAt: null,
        attempts: sql`case when ${workoutExports.status} = 'failed' and ${workoutExports.updatedAt} < now() - interval '1 day' then 1 else ${workoutExports.attempts} + 1 end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${workoutExports.status} = 'failed' and (${workoutExports.attempts} < ${MAX_EXPORT_ATTEMPTS} or ${workoutExports.updatedAt} < now() - interval '1 day'))
        or (${workoutExports.status} = 'rendering' and ${workoutExports.leaseUntil} < now())
        or ${workoutExports.status} = 'superseded'`,
    })
    .returning({ id: workoutExports.id, claimToken: workoutExports.claimToken, attempts: workoutExports.attempts });
  const row = rows[0];
  return row?.claimToken === token ? { id: row.id, claimToken: token, attempts: row.attempts } : null;
}

/** Extends a claim while a long render runs; false when the claim was lost. */
export async function extendExportClaim(db: Tx, claim: ExportClaim, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(workoutExports)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds}::int)`, updatedAt: sql`now()` })
    .where(and(eq(workoutExports.id, claim.id), eq(workoutExports.claimToken, claim.claimToken), sql`${workoutExports.status} = 'rendering'`))
    .returning({ id: workoutExports.id });
  return rows.length > 0;
}

/**
 * Makes a claimed row ready and supersedes the ready rows of the same workout, kind and locale,
 * in ONE statement: readers see the old export or the new one, never none and never a file that
 * is still being written. False (and nothing changed) when the claim was lost.
 */
export async function completeExport(db: Tx, claim: ExportClaim, result: { assetKey: string; bytes: number; durationSeconds: number }): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    with done as (
      update workout_exports set status = 'ready', asset_key = ${result.assetKey}, bytes = ${result.bytes}, duration_seconds = ${result.durationSeconds},
        completed_at = now(), updated_at = now(), lease_until = null, last_error = null
      where id = ${claim.id} and claim_token = ${claim.claimToken} and status = 'rendering'
      returning id, workout_id, kind, locale
    ), old as (
      update workout_exports o set status = 'superseded', superseded_at = now(), updated_at = now()
      from done d
      where o.workout_id = d.workout_id and o.kind = d.kind and o.locale = d.locale and o.status = 'ready' and o.id <> d.id
      returning o.id
    )
    select id from done`);
  return rows.length > 0;
}

/** Records a failed attempt (the job system retries; the sweep retries later ones). */
export async function failExport(db: Tx, claim: ExportClaim, error: string): Promise<void> {
  await db
    .update(workoutExports)
    .set({ status: "failed", lastError: error.slice(0, 2000), leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(workoutExports.id, claim.id), eq(workoutExports.claimToken, claim.claimToken), sql`${workoutExports.status} = 'rendering'`));
}

/** A ready file with exactly these inputs (any workout): it can be copied instead of rendered. */
export async function findReusableExport(db: Tx, version: string, kind: ExportKind) {
  const [row] = await db
    .select({ assetKey: workoutExports.assetKey, durationSeconds: workoutExports.durationSeconds })
    .from(workoutExports)
    .where(and(eq(workoutExports.version, version), eq(workoutExports.kind, kind), sql`${workoutExports.status} = 'ready'`, sql`${workoutExports.assetKey} is not null`))
    .limit(1);
  return row ?? null;
}

/** Supersedes the ready exports of locales the workout no longer renders (its voice tracks went away). */
export async function supersedeExportLocales(db: Tx, workoutId: string, keep: string[]): Promise<number> {
  const rows = await db
    .update(workoutExports)
    .set({ status: "superseded", supersededAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(workoutExports.workoutId, workoutId), sql`${workoutExports.status} = 'ready'`, sql`not (${workoutExports.locale} = any(${sql.param(keep)}::text[]))`))
    .returning({ id: workoutExports.id });
  return rows.length;
}

/** Remembers that a workout's exports were confirmed current at `checkedAt`. */
export async function recordExportCheck(db: Tx, workoutId: string, locales: string[], checkedAt: Date): Promise<void> {
  await db
    .insert(workoutExportChecks)
    .values({ workoutId, locales, checkedAt })
    .onConflictDoUpdate({ target: workoutExportChecks.workoutId, set: { locales, checkedAt } });
}

/** Remembers that renders were requested now (the sweep does not request them again for a while). */
export async function markExportsRequested(db: Tx, workoutIds: string[]): Promise<void> {
  if (workoutIds.length === 0) return;
  await db
    .insert(workoutExportChecks)
    .values(workoutIds.map((workoutId) => ({ workoutId, requestedAt: sql`now()` })))
    .onConflictDoUpdate({ target: workoutExportChecks.workoutId, set: { requestedAt: sql`now()` } });
}

/**
 * Forgets that these workouts' exports were confirmed current and records a request now: written
 * in the transaction of a media change (a clip, voice track or music track replaced), so that if
 * the event sent after the commit is lost, the sweep requests the renders once the request is
 * REQUEST_PENDING_MINUTES old instead of at the weekly re-verification.
 */
export async function markExportsStale(db: Tx, workoutIds: string[]): Promise<void> {
  if (workoutIds.length === 0) return;
  await db
    .insert(workoutExportChecks)
    .values(workoutIds.map((workoutId) => ({ workoutId, requestedAt: sql`now()` })))
    .onConflictDoUpdate({ target: workoutExportChecks.workoutId, set: { requestedAt: sql`now()`, checkedAt: null } });
}

/** Requests made in the last `withinMinutes` that no render has answered yet. */
export async function countExportRequestsInFlight(db: Tx, withinMinutes: number): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from workout_export_checks
    where requested_at > now() - make_interval(mins => ${withinMinutes}::int) and (checked_at is null or checked_at < requested_at)`);
  return row?.n ?? 0;
}

/**
 * Published workouts whose exports may be missing or stale, most recently changed first: never
 * confirmed, changed since the last confirmation, with a stuck claim or a failed attempt to
 * retry, or not re-verified for `reverifyDays` (media edits that sent no event). Workouts
 * requested in the last `requestedWithinMinutes`, or changed in the last `settleSeconds` (their
 * event is on its way), are left alone.
 */
export async function listWorkoutsDueForExport(
  db: Tx,
  args: { limit: number; requestedWithinMinutes: number; reverifyDays: number; settleSeconds: number },
): Promise<string[]> {
  if (args.limit <= 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select w.id from workouts w
    left join workout_export_checks c on c.workout_id = w.id
    where w.status = 'published' and w.deleted_at is null
      and exists (select 1 from workout_segments s where s.workout_id = w.id)
      and w.updated_at < now() - make_interval(secs => ${args.settleSeconds}::int)
      and (c.requested_at is null or c.requested_at < now() - make_interval(mins => ${args.requestedWithinMinutes}::int))
      and (
        c.checked_at is null
        or w.updated_at > c.checked_at
        or c.checked_at < now() - make_interval(days => ${args.reverifyDays}::int)
        or exists (
          select 1 from workout_exports e where e.workout_id = w.id
            and ((e.status = 'rendering' and e.lease_until < now())
              or (e.status = 'failed' and (e.attempts < ${MAX_EXPORT_ATTEMPTS} or e.updated_at < now() - interval '1 day')))
        )
      )
    order by (c.checked_at is null) desc, w.updated_at desc
    limit ${args.limit}`);
  return rows.map((r) => r.id);
}

/** Superseded exports whose URLs have all expired (and failed rows of old versions): their files can go. */
export function listPurgeableExports(db: Tx, args: { supersededBefore: Date; limit: number }) {
  return db
    .select({ id: workoutExports.id, assetKey: workoutExports.assetKey, workoutId: workoutExports.workoutId, kind: workoutExports.kind })
    .from(workoutExports)
    .where(
      sql`(${workoutExports.status} = 'superseded' and ${workoutExports.supersededAt} < ${args.supersededBefore.toISOString()}::timestamptz)
        or (${workoutExports.status} = 'failed' and ${workoutExports.updatedAt} < ${args.supersededBefore.toISOString()}::timestamptz)`,
    )
    .limit(args.limit);
}

export async function deleteExportRows(db: Tx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(workoutExports).where(inArray(workoutExports.id, ids));
}
