import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import { insightDigests } from "../schema";
import { queryPrepared } from "./workouts";

/** A digest for day D is built from the 90 days D-89..D. */
export const DIGEST_WINDOW_DAYS = 90;

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
 * of the day summaries in the 90-day window, count and latest completion of the sessions in it)
 * must equal the one saved with the digest. Same formats as daySummariesFingerprint and
 * listCompletedSessions. The member must be an active member of the organization; `localDate`
 * null means the member's today, and `timeZone` null the member's stored zone.
 */
export async function findFreshDigest(
  db: Tx,
  args: { organizationId: string; endUserId: string; localDate: string | null; timeZone: string | null; version: number },
): Promise<{ endUserId: string; localDate: string; digest: Record<string, unknown> } | null> {
  const { organizationId, endUserId, localDate, timeZone, version } = args;
  const rows = (await db.execute(sql`
    with m as (
      select u.id, coalesce(${timeZone}::text, u.time_zone) as tz from end_users u
      where u.id = ${endUserId} and u.organization_id = ${organizationId} and u.status = 'active'
    ), k as (
      select m.id, m.tz, coalesce(${localDate}::date, (now() at time zone m.tz)::date) as day from m
    )
    select d.end_user_id, d.local_date::text as local_date, d.digest
    from k join insight_digests d on d.end_user_id = k.id and d.local_date = k.day and d.version = ${version}
    where d.fingerprint = (
        (select 's' || count(*)::text || ':' || coalesce(max(revision)::text, '')
           from health_day_summaries
          where end_user_id = k.id and local_date between k.day - ${sql.raw(String(DIGEST_WINDOW_DAYS - 1))} and k.day)
        || '|' ||
        (select 'w' || count(*)::text || ':' || coalesce(max(floor(extract(epoch from completed_at) * 1000000)::bigint)::text, '')
           from workout_sessions
          where end_user_id = k.id and status = 'completed' and completed_at is not null
            and completed_at >= ((k.day - ${sql.raw(String(DIGEST_WINDOW_DAYS - 1))})::timestamp at time zone k.tz)
            and completed_at < ((k.day + 1)::timestamp at time zone k.tz))
      )
  `)) as unknown as { end_user_id: string; local_date: string; digest: Record<string, unknown> }[];
  const row = rows[0];
  return row ? { endUserId: row.end_user_id, localDate: row.local_date, digest: row.digest } : null;
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

/**
 * Drops cached digests of the days `from`..`to` of each member (the days whose window contains
 * changed data), probing each member's (end_user_id, local_date) index from the jsonb parameter.
 */
export async function deleteMembersDigestsBetween(db: Tx, ranges: { endUserId: string; from: string; to: string }[]): Promise<void> {
  if (ranges.length === 0) return;
  await queryPrepared(
    db,
    sql`delete from insight_digests where ctid = any(array(
      select d.ctid from jsonb_to_recordset(${JSON.stringify(ranges.map((r) => ({ u: r.endUserId, f: r.from, t: r.to })))}::jsonb) as k(u text, f date, t date)
      cross join lateral (select ctid from insight_digests h where h.end_user_id = k.u and h.local_date between k.f and k.t) d))`,
  );
}
