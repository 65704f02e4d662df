import { sql } from "drizzle-orm";
import { executePrepared, type Tx } from "../client";

/**
 * Analytics reads (server/services/analytics). Every query reads the rollups of
 * db/schema/analytics.ts, never the raw sessions; `from` and `to` are inclusive UTC dates
 * (YYYY-MM-DD) and `interval` buckets rows by day or ISO week (Monday).
 */
export type Interval = "day" | "week";
const bucket = (interval: Interval, column = sql`day`) => (interval === "week" ? sql`date_trunc('week', ${column})::date` : column);

export type PlayBucket = {
  start: string;
  starts: number;
  finishes: number;
  completions: number;
  seconds: number;
};

const playSums = sql`coalesce(sum(starts), 0)::int as starts, coalesce(sum(finishes), 0)::int as finishes,
  coalesce(sum(completions), 0)::int as completions, coalesce(sum(seconds), 0)::bigint::float8 as seconds`;

export async function workspacePlays(db: Tx, organizationId: string, from: string, to: string, interval: Interval): Promise<PlayBucket[]> {
  return executePrepared<PlayBucket>(
    db,
    sql`
    select ${bucket(interval)}::text as start, ${playSums} from analytics_org_days
    where organization_id = ${organizationId} and day between ${from}::date and ${to}::date group by 1 order by 1`,
  );
}

export async function workoutPlays(db: Tx, workoutId: string, from: string, to: string, interval: Interval): Promise<PlayBucket[]> {
  return executePrepared<PlayBucket>(
    db,
    sql`
    select ${bucket(interval)}::text as start, ${playSums} from analytics_workout_days
    where workout_id = ${workoutId} and day between ${from}::date and ${to}::date group by 1 order by 1`,
  );
}

export async function planPlays(db: Tx, planId: string, from: string, to: string, interval: Interval): Promise<PlayBucket[]> {
  return executePrepared<PlayBucket>(
    db,
    sql`
    select ${bucket(interval)}::text as start, ${playSums} from analytics_plan_days
    where plan_id = ${planId} and day between ${from}::date and ${to}::date group by 1 order by 1`,
  );
}

export type MemberBucket = {
  start: string;
  starts: number;
  completions: number;
  seconds: number;
};

export async function memberPlays(db: Tx, endUserId: string, from: string, to: string, interval: Interval): Promise<MemberBucket[]> {
  return executePrepared<MemberBucket>(
    db,
    sql`
    select ${bucket(interval)}::text as start, coalesce(sum(starts), 0)::int as starts, coalesce(sum(completions), 0)::int as completions,
      coalesce(sum(seconds), 0)::bigint::float8 as seconds
    from analytics_member_days where end_user_id = ${endUserId} and day between ${from}::date and ${to}::date group by 1 order by 1`,
  );
}

/** Days with at least one completed session of the member, most recent first, up to `to`. */
export async function memberActiveDays(db: Tx, endUserId: string, since: string, to: string): Promise<{ day: string; completions: number; starts: number }[]> {
  return executePrepared(
    db,
    sql`
    select day::text as day, completions, starts from analytics_member_days
    where end_user_id = ${endUserId} and day between ${since}::date and ${to}::date and starts > 0 order by day desc`,
  );
}

/** Finished sessions by share watched (5% buckets) over the range. */
export async function workoutWatchHistogram(db: Tx, workoutId: string, from: string, to: string): Promise<{ bucket: number; sessions: number }[]> {
  return executePrepared(
    db,
    sql`
    select bucket::int as bucket, sum(sessions)::int as sessions from analytics_workout_watch
    where workout_id = ${workoutId} and day between ${from}::date and ${to}::date group by 1 having sum(sessions) > 0 order by 1`,
  );
}

/** Finished sessions below 90% by the playlist position where they stopped (-1: none reported). */
export async function workoutStops(db: Tx, workoutId: string, from: string, to: string): Promise<{ position: number; sessions: number }[]> {
  return executePrepared(
    db,
    sql`
    select position, sum(sessions)::int as sessions from analytics_workout_stops
    where workout_id = ${workoutId} and day between ${from}::date and ${to}::date group by 1 having sum(sessions) > 0 order by 1`,
  );
}

export type FeedbackBucket = {
  start: string;
  optionId: string;
  kind: "rating" | "difficulty";
  key: string;
  value: number | null;
  label: Record<string, string>;
  votes: number;
};

/** Feedback votes per option, by day or week of the feedback. */
export async function workoutFeedback(db: Tx, workoutId: string, from: string, to: string, interval: Interval): Promise<FeedbackBucket[]> {
  return executePrepared<FeedbackBucket>(
    db,
    sql`
    select ${bucket(interval, sql`f.day`)}::text as start, f.option_id as "optionId", o.kind, o.key, o.value, o.label, sum(f.votes)::int as votes
    from analytics_feedback_days f join feedback_options o on o.id = f.option_id
    where f.workout_id = ${workoutId} and f.day between ${from}::date and ${to}::date
    group by 1, 2, 3, 4, 5, 6 having sum(f.votes) > 0 order by 1, o.kind, o.value nulls last, o.key`,
  );
}

export type WorkoutRanking = {
  workoutId: string;
  name: Record<string, string>;
  starts: number;
  completions: number;
  seconds: number;
};

/** Every workout of the workspace with plays in the range, most played first. */
export async function workoutRanking(db: Tx, organizationId: string, from: string, to: string): Promise<WorkoutRanking[]> {
  return executePrepared<WorkoutRanking>(
    db,
    sql`
    select d.workout_id as "workoutId", w.name, d.starts, d.completions, d.seconds
    from (
      select workout_id, sum(starts)::int as starts, sum(completions)::int as completions, sum(seconds)::bigint::float8 as seconds
      from analytics_workout_days where organization_id = ${organizationId} and day between ${from}::date and ${to}::date
      group by workout_id having sum(starts) > 0
    ) d join workouts w on w.id = d.workout_id and w.deleted_at is null
    order by d.starts desc, d.workout_id`,
  );
}

/** Members active in the period containing `day` (day, ISO week, month). */
export async function activeMembers(db: Tx, organizationId: string, day: string): Promise<{ day: number; week: number; month: number }> {
  const [row] = await executePrepared<{ day: number; week: number; month: number }>(
    db,
    sql`
    select
      coalesce((select members from analytics_org_active where organization_id = ${organizationId} and kind = 'day' and period_start = ${day}::date), 0) as day,
      coalesce((select members from analytics_org_active where organization_id = ${organizationId} and kind = 'week' and period_start = date_trunc('week', ${day}::date)::date), 0) as week,
      coalesce((select members from analytics_org_active where organization_id = ${organizationId} and kind = 'month' and period_start = date_trunc('month', ${day}::date)::date), 0) as month`,
  );
  return row!;
}

/** Active members per bucket (daily actives by day, weekly actives by week). */
export async function activeMemberSeries(
  db: Tx,
  organizationId: string,
  from: string,
  to: string,
  interval: Interval,
): Promise<{ start: string; members: number }[]> {
  return executePrepared(
    db,
    sql`
    select period_start::text as start, members from analytics_org_active
    where organization_id = ${organizationId} and kind = ${interval} and period_start between ${interval === "week" ? sql`date_trunc('week', ${from}::date)::date` : sql`${from}::date`} and ${to}::date
    order by 1`,
  );
}

/** Autopilot run outcomes, social deliveries and exports in the range (small tables, by their own indexes). */
export async function workspaceOutcomes(db: Tx, organizationId: string, from: string, to: string) {
  const [row] = await executePrepared<{
    autopilot: Record<string, number> | null;
    social: Record<string, number> | null;
    exportsReady: number;
    exportsFailed: number;
  }>(
    db,
    sql`
    select
      (select jsonb_object_agg(event_type, n) from (
        select event_type, count(*)::int as n from autopilot_events
        where organization_id = ${organizationId} and created_at >= ${from}::date and created_at < ${to}::date + 1 group by 1) a) as autopilot,
      (select jsonb_object_agg(status, n) from (
        select status, count(*)::int as n from social_publish_deliveries
        where organization_id = ${organizationId} and due_at >= ${from}::date and due_at < ${to}::date + 1 and status in ('published', 'failed') group by 1) s) as social,
      (select count(*)::int from workout_exports e join workouts w on w.id = e.workout_id
        where w.organization_id = ${organizationId} and e.status = 'ready' and e.completed_at >= ${from}::date and e.completed_at < ${to}::date + 1) as "exportsReady",
      (select count(*)::int from workout_exports e join workouts w on w.id = e.workout_id
        where w.organization_id = ${organizationId} and e.status = 'failed' and e.updated_at >= ${from}::date and e.updated_at < ${to}::date + 1) as "exportsFailed"`,
  );
  return row!;
}

/** API units and requests per UTC day (daily rows and not yet rolled-up hourly rows). */
export async function apiUsageByDay(db: Tx, organizationId: string, from: string, to: string): Promise<{ day: string; units: number; requests: number }[]> {
  return executePrepared(
    db,
    sql`
    select day::text as day, sum(units)::int as units, sum(requests)::int as requests from (
      select (h.hour at time zone 'UTC')::date as day, h.units, h.requests from usage_hourly h
        where h.organization_id = ${organizationId} and h.hour >= ${from}::date and h.hour < ${to}::date + 1
      union all
      select (d.day at time zone 'UTC')::date, d.units, d.requests from usage_daily d
        where d.organization_id = ${organizationId} and d.day >= ${from}::date and d.day < ${to}::date + 1
    ) u group by 1 order by 1`,
  );
}

export type EnrollmentRow = {
  id: string;
  planId: string;
  startDate: string;
  endedAt: Date | null;
  isActive: boolean;
};

/** Per week of the plan: enrollments whose calendar has reached it, those with a completion in it, completions. */
export async function planWeeks(db: Tx, planId: string, asOf: string) {
  return executePrepared<{ week: number; scheduled: number; reached: number; active: number; completions: number }>(
    db,
    sql`
    with weeks as (select week, count(*)::int as scheduled from plan_workouts where plan_id = ${planId} group by week),
    enrolled as (select id, start_date from plan_enrollments where plan_id = ${planId})
    select w.week, w.scheduled,
      (select count(*)::int from enrolled e where e.start_date + (w.week - 1) * 7 <= ${asOf}::date) as reached,
      coalesce(x.active, 0) as active, coalesce(x.completions, 0) as completions
    from weeks w
    left join (select week, count(*) filter (where completions > 0)::int as active, sum(completions)::int as completions
               from analytics_enrollment_weeks where plan_id = ${planId} group by week) x on x.week = w.week
    order by w.week`,
  );
}

export async function planEnrollmentCounts(db: Tx, planId: string, from: string, to: string) {
  const [row] = await executePrepared<{ active: number; started: number; ended: number }>(
    db,
    sql`
    select count(*) filter (where is_active)::int as active,
      count(*) filter (where start_date between ${from}::date and ${to}::date)::int as started,
      count(*) filter (where ended_at >= ${from}::date and ended_at < ${to}::date + 1)::int as ended
    from plan_enrollments where plan_id = ${planId}`,
  );
  return row!;
}

export type AdherenceRow = {
  endUserId: string;
  organizationId: string;
  planId: string;
  planName: Record<string, string>;
  startDate: string;
  adherence7: number | null;
  adherence30: number | null;
  adherence90: number | null;
  adherencePrevious30: number | null;
  lastActiveDay: string | null;
};

/**
 * Adherence of members with an active plan as of `asOf`: per window, completed sessions (any
 * workout) on or after the plan's start against the plan workouts scheduled in the window
 * (start date + (week - 1) * 7 + (day - 1)), capped at 100%; null when nothing was scheduled.
 * One member (`endUserId`) or every member of the workspace with an active plan.
 */
export async function memberAdherence(db: Tx, args: { organizationId: string; asOf: string; endUserId?: string }): Promise<AdherenceRow[]> {
  const who = args.endUserId ? sql`and e.end_user_id = ${args.endUserId}` : sql``;
  return executePrepared<AdherenceRow>(
    db,
    sql`
    with e as (
      select e.end_user_id, e.organization_id, e.plan_id, e.start_date from plan_enrollments e
      join end_users u on u.id = e.end_user_id and u.status = 'active'
      where e.organization_id = ${args.organizationId} and e.is_active ${who}
    ), windows(name, lo, hi) as (values
      ('a7', ${args.asOf}::date - 6, ${args.asOf}::date), ('a30', ${args.asOf}::date - 29, ${args.asOf}::date),
      ('a90', ${args.asOf}::date - 89, ${args.asOf}::date), ('p30', ${args.asOf}::date - 59, ${args.asOf}::date - 30)
    ), sched as (
      select e.end_user_id, w.name, count(*)::int as n from e
      join plan_workouts pw on pw.plan_id = e.plan_id
      join windows w on e.start_date + (pw.week - 1) * 7 + (pw.day - 1) between w.lo and w.hi
      group by 1, 2
    ), done as (
      select e.end_user_id, w.name, sum(d.completions)::int as n from e
      join analytics_member_days d on d.end_user_id = e.end_user_id and d.day >= e.start_date
      join windows w on d.day between w.lo and w.hi
      group by 1, 2
    ), pct as (
      select s.end_user_id, s.name, round(100.0 * least(coalesce(d.n, 0), s.n) / s.n)::float8 as v
      from sched s left join done d using (end_user_id, name) where s.n > 0
    ), piv as (
      select end_user_id, max(v) filter (where name = 'a7') as a7, max(v) filter (where name = 'a30') as a30,
        max(v) filter (where name = 'a90') as a90, max(v) filter (where name = 'p30') as p30
      from pct group by end_user_id
    ), last as (
      select d.end_user_id, max(d.day)::text as day from e join analytics_member_days d on d.end_user_id = e.end_user_id
      where d.starts > 0 and d.day <= ${args.asOf}::date group by 1
    )
    select e.end_user_id as "endUserId", e.organization_id as "organizationId", e.plan_id as "planId", p.name as "planName", e.start_date::text as "startDate",
      piv.a7 as "adherence7", piv.a30 as "adherence30", piv.a90 as "adherence90", piv.p30 as "adherencePrevious30", last.day as "lastActiveDay"
    from e join plans p on p.id = e.plan_id left join piv on piv.end_user_id = e.end_user_id left join last on last.end_user_id = e.end_user_id`,
  );
}

export type AttentionReason = "adherence_drop" | "inactive";
export type MemberStatusRow = AdherenceRow & {
  attentionReasons: AttentionReason[];
};

/** Replaces the workspace's stored member statuses (one member's, with endUserId) in one statement each. */
export async function replaceMemberStatus(db: Tx, organizationId: string, asOf: string, rows: MemberStatusRow[], endUserId?: string): Promise<void> {
  const only = endUserId ? sql`and end_user_id = ${endUserId}` : sql``;
  await db.execute(sql`delete from analytics_member_status where organization_id = ${organizationId} ${only}`);
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => ({ ...r, asOf, needsAttention: r.attentionReasons.length > 0 }));
    await db.execute(sql`
      insert into analytics_member_status (end_user_id, organization_id, as_of, adherence7, adherence30, adherence90, adherence_previous30, last_active_day, attention_reasons, needs_attention)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r("endUserId" text, "organizationId" text, "asOf" date, "adherence7" real, "adherence30" real,
        "adherence90" real, "adherencePrevious30" real, "lastActiveDay" date, "attentionReasons" text[], "needsAttention" boolean)
      on conflict (end_user_id) do update set organization_id = excluded.organization_id, as_of = excluded.as_of, adherence7 = excluded.adherence7,
        adherence30 = excluded.adherence30, adherence90 = excluded.adherence90, adherence_previous30 = excluded.adherence_previous30,
        last_active_day = excluded.last_active_day, attention_reasons = excluded.attention_reasons,
        needs_attention = excluded.needs_attention, computed_at = now()`);
  }
}

export async function listMemberStatus(db: Tx, args: { organizationId: string; needsAttention?: boolean; limit: number; offset: number }) {
  const filter = args.needsAttention === undefined ? sql`` : sql`and s.needs_attention = ${args.needsAttention}`;
  const countFilter = args.needsAttention === undefined ? sql`` : sql`and c.needs_attention = ${args.needsAttention}`;
  const rows = await executePrepared<{
    endUserId: string;
    name: string | null;
    email: string | null;
    externalId: string | null;
    asOf: string;
    adherence7: number | null;
    adherence30: number | null;
    adherence90: number | null;
    adherencePrevious30: number | null;
    lastActiveDay: string | null;
    attentionReasons: AttentionReason[];
    planId: string | null;
    planName: Record<string, string> | null;
    total: number;
  }>(
    db,
    sql`
    with page as (
      select s.* from analytics_member_status s where s.organization_id = ${args.organizationId} ${filter}
      order by s.needs_attention desc, coalesce(s.adherence_previous30 - s.adherence30, 0) desc, s.last_active_day nulls first, s.end_user_id
      limit ${args.limit} offset ${args.offset}
    )
    select s.end_user_id as "endUserId", u.name, u.email, u.external_id as "externalId", s.as_of::text as "asOf",
      s.adherence7, s.adherence30, s.adherence90, s.adherence_previous30 as "adherencePrevious30", s.last_active_day::text as "lastActiveDay",
      s.attention_reasons as "attentionReasons", e.plan_id as "planId", p.name as "planName",
      (select count(*)::int from analytics_member_status c where c.organization_id = ${args.organizationId} ${countFilter}) as total
    from page s
    join end_users u on u.id = s.end_user_id and u.status = 'active'
    left join plan_enrollments e on e.end_user_id = s.end_user_id and e.is_active
    left join plans p on p.id = e.plan_id
    order by s.needs_attention desc, coalesce(s.adherence_previous30 - s.adherence30, 0) desc, s.last_active_day nulls first, s.end_user_id`,
  );
  if (rows.length > 0) return { items: rows, total: rows[0]!.total };
  const [c] = await executePrepared<{ n: number }>(
    db,
    sql`select count(*)::int as n from analytics_member_status c where c.organization_id = ${args.organizationId} ${countFilter}`,
  );
  return { items: rows, total: c?.n ?? 0 };
}

/**
 * Rebuilds every rollup of a workspace from its raw rows (the backfill, and the correction for
 * anything the triggers could not see, such as an enrollment that changes which plan a past
 * session counts for): clears the workspace's rollups, then adds sessions a month at a time and
 * feedback, in one transaction so readers see the old numbers or the new ones.
 */
export async function rebuildRollups(db: Tx, organizationId: string): Promise<{ sessions: number }> {
  await db.execute(sql`delete from analytics_org_days where organization_id = ${organizationId}`);
  await db.execute(sql`delete from analytics_org_active where organization_id = ${organizationId}`);
  await db.execute(sql`delete from analytics_member_periods where organization_id = ${organizationId}`);
  await db.execute(sql`delete from analytics_member_days where organization_id = ${organizationId}`);
  await db.execute(sql`delete from analytics_plan_days where organization_id = ${organizationId}`);
  await db.execute(sql`delete from analytics_enrollment_weeks where plan_id in (select id from plans where organization_id = ${organizationId})`);
  for (const t of ["analytics_workout_watch", "analytics_workout_stops", "analytics_feedback_days"]) {
    await db.execute(sql`delete from ${sql.identifier(t)} where workout_id in (select id from workouts where organization_id = ${organizationId})`);
  }
  await db.execute(sql`delete from analytics_workout_days where organization_id = ${organizationId}`);
  const months = await db.execute<{ m: string }>(sql`
    select distinct date_trunc('month', created_at at time zone 'UTC')::date::text as m from workout_sessions where organization_id = ${organizationId} order by 1`);
  let sessions = 0;
  for (const { m } of months) {
    const [r] = await db.execute<{ n: number }>(sql`
      with rows as (select array_agg(s) as a from workout_sessions s where s.organization_id = ${organizationId}
        and s.created_at >= (${m}::date)::timestamp at time zone 'UTC' and s.created_at < ((${m}::date) + interval '1 month')::timestamp at time zone 'UTC')
      select coalesce(cardinality(a), 0) as n, analytics_apply_sessions(1, coalesce(a, '{}')) from rows`);
    sessions += r?.n ?? 0;
  }
  await db.execute(sql`
    select analytics_apply_feedback(1, coalesce(array_agg(f), '{}')) from workout_feedback f where f.organization_id = ${organizationId}`);
  return { sessions };
}

export async function listOrganizationIdsWithSessions(db: Tx): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from organizations o where exists (select 1 from workout_sessions s where s.organization_id = o.id)`,
  );
  return rows.map((r) => r.id);
}

export async function listOrganizationIdsWithActivePlans(db: Tx): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`select distinct organization_id as id from plan_enrollments where is_active`);
  return rows.map((r) => r.id);
}
