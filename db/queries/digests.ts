import { and, between, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { insightDigests } from "../schema";

/**
 * Completed workout sessions of a member whose completion falls on the member-local days
 * `from`..`to` (inclusive) in `timeZone`, with the fingerprint of exactly these rows.
 * Sessions are written by the session API; insights only read them.
 */
export async function listCompletedSessions(
  db: Tx,
  endUserId: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<{ sessions: { id: string; localDate: string; durationS: number }[]; fingerprint: string }> {
  const rows = (await db.execute(sql`
    select id, duration, (completed_at at time zone ${timeZone})::date::text as local_date,
           floor(extract(epoch from completed_at) * 1000000)::bigint::text as micros
    from workout_sessions
    where end_user_id = ${endUserId} and status = 'completed' and completed_at is not null
      and completed_at >= (${from}::date::timestamp at time zone ${timeZone})
      and completed_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
  `)) as unknown as { id: string; duration: number; local_date: string; micros: string }[];
  let max: bigint | null = null;
  for (const r of rows) {
    const m = BigInt(r.micros);
    if (max === null || m > max) max = m;
  }
  return {
    sessions: rows.map((r) => ({ id: r.id, localDate: r.local_date, durationS: Number(r.duration) })),
    fingerprint: `w${rows.length}:${max === null ? "" : max.toString()}`,
  };
}

/**
 * The cached digest of a member-local day, only if it was built by this formula version from
 * exactly the data that is stored now: the fingerprint recomputed here (count and latest revision
 * of the day summaries in the window, count and latest completion of the sessions in it) must
 * equal the one saved with the digest. Same formats as daySummariesFingerprint and listCompletedSessions.
 */
export async function findFreshDigest(
  db: Tx,
  args: { endUserId: string; localDate: string; windowStart: string; timeZone: string; version: number },
): Promise<Record<string, unknown> | null> {
  const { endUserId, localDate, windowStart, timeZone, version } = args;
  const rows = (await db.execute(sql`
    select d.digest from insight_digests d
    where d.end_user_id = ${endUserId} and d.local_date = ${localDate}::date and d.version = ${version}
      and d.fingerprint = (
        (select 's' || count(*)::text || ':' || coalesce(max(revision)::text, '')
           from health_day_summaries
          where end_user_id = ${endUserId} and local_date between ${windowStart}::date and ${localDate}::date)
        || '|' ||
        (select 'w' || count(*)::text || ':' || coalesce(max(floor(extract(epoch from completed_at) * 1000000)::bigint)::text, '')
           from workout_sessions
          where end_user_id = ${endUserId} and status = 'completed' and completed_at is not null
            and completed_at >= (${windowStart}::date::timestamp at time zone ${timeZone})
            and completed_at < ((${localDate}::date + 1)::timestamp at time zone ${timeZone}))
      )
  `)) as unknown as { digest: Record<string, unknown> }[];
  return rows[0]?.digest ?? null;
}

export async function saveDigest(
  db: Tx,
  row: { endUserId: string; localDate: string; version: number; fingerprint: string; digest: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(insightDigests)
    .values(row)
    .onConflictDoUpdate({
      target: [insightDigests.endUserId, insightDigests.localDate],
      set: { version: row.version, fingerprint: row.fingerprint, digest: row.digest, createdAt: sql`now()` },
    });
}

/** Drops cached digests of the days `from`..`to` (the days whose window contains changed data). */
export async function deleteDigestsBetween(db: Tx, endUserId: string, from: string, to: string): Promise<void> {
  await db.delete(insightDigests).where(and(eq(insightDigests.endUserId, endUserId), between(insightDigests.localDate, from, to)));
}
