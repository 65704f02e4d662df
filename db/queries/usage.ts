import { lt, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { usageDaily, usageHourly } from "../schema";

export interface UsageIncrement {
  organizationId: string;
  hour: Date;
  subject: string;
  apiKeyId: string | null;
  operationId: string;
  units: number;
  requests: number;
}

/** Adds increments to their hourly buckets in one statement (concurrent flushes add up). */
export async function addUsage(db: Tx, rows: UsageIncrement[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(usageHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [usageHourly.organizationId, usageHourly.hour, usageHourly.subject, usageHourly.operationId],
      set: { units: sql`${usageHourly.units} + excluded.units`, requests: sql`${usageHourly.requests} + excluded.requests` },
    });
}

/**
 * The organization's buckets from `since` on, hourly rows and daily rows together: each row with the
 * start of its UTC day, and (hourly rows only) the start of its hour. Daily rows hold hours older
 * than ROLL_UP_AFTER_HOURS (48), so they never fall in a window of the last 24 hours.
 */
function bucketsSince(organizationId: string, since: Date) {
  const from = since.toISOString();
  return sql`(
    select h.hour as hour, date_trunc('day', h.hour at time zone 'UTC') at time zone 'UTC' as day, h.api_key_id, h.operation_id, h.units, h.requests
      from usage_hourly h where h.organization_id = ${organizationId} and h.hour >= ${from}::timestamptz
    union all
    select null, d.day, d.api_key_id, d.operation_id, d.units, d.requests
      from usage_daily d where d.organization_id = ${organizationId} and d.day >= ${from}::timestamptz
  ) b`;
}

const total = (column: "units" | "requests", filter?: ReturnType<typeof sql>) =>
  sql`coalesce(sum(b.${sql.raw(column)})${filter ? sql` filter (where ${filter})` : sql``}, 0)::bigint`;
const asDate = (v: unknown) => new Date(v as string);

/**
 * Units and requests per hour (`unit` "hour", from the hourly rows: use it for the last 48 hours)
 * or per UTC day ("day", hourly and daily rows) from `since` on. `since` must be an hour (a day) start.
 */
export async function usageSeries(db: Tx, organizationId: string, since: Date, unit: "hour" | "day") {
  const rows = await db.execute<{ start: string; units: string; requests: string }>(sql`
    select b.${sql.raw(unit)} as start, ${total("units")} as units, ${total("requests")} as requests
    from ${bucketsSince(organizationId, since)}
    where b.${sql.raw(unit)} is not null
    group by 1 order by 1`);
  return rows.map((r) => ({ start: asDate(r.start), units: Number(r.units), requests: Number(r.requests) }));
}

async function usageBy(db: Tx, column: "api_key_id" | "operation_id", organizationId: string, since: Date, recentSince: Date) {
  const recent = sql`b.hour >= ${recentSince.toISOString()}::timestamptz`;
  const rows = await db.execute<{ id: string | null; units: string; requests: string; recent_units: string; recent_requests: string }>(sql`
    select b.${sql.raw(column)} as id, ${total("units")} as units, ${total("requests")} as requests,
      ${total("units", recent)} as recent_units, ${total("requests", recent)} as recent_requests
    from ${bucketsSince(organizationId, since)}
    group by 1`);
  return rows.map((r) => ({ id: r.id, units: Number(r.units), requests: Number(r.requests), recentUnits: Number(r.recent_units), recentRequests: Number(r.recent_requests) }));
}

/** Units and requests from `since` on, and from `recentSince` on (within the last 48 hours), per API key (null: Bearer-only member calls). */
export async function usageByApiKey(db: Tx, organizationId: string, since: Date, recentSince: Date) {
  return (await usageBy(db, "api_key_id", organizationId, since, recentSince)).map(({ id, ...r }) => ({ apiKeyId: id, ...r }));
}

/** The same per operation. */
export async function usageByOperation(db: Tx, organizationId: string, since: Date, recentSince: Date) {
  return (await usageBy(db, "operation_id", organizationId, since, recentSince)).map(({ id, ...r }) => ({ operationId: id!, ...r }));
}

/**
 * Moves hourly buckets older than `before` into their UTC days' rows, at most `limit` hourly rows,
 * in ONE statement: the delete and the additive upsert commit together, so every unit is counted
 * exactly once (a concurrent run skips rows this one deleted; a concurrent flush into an hour being
 * moved waits and then inserts a fresh hourly row, moved by the next run). Answers how many hourly
 * rows were moved.
 */
export async function rollUpHourlyUsage(db: Tx, args: { before: Date; limit: number }): Promise<number> {
  const [row] = await db.execute<{ moved: number }>(sql`
    with moved as (
      delete from usage_hourly where ctid in (
        select ctid from usage_hourly where hour < ${args.before.toISOString()}::timestamptz limit ${args.limit}
      )
      returning organization_id, hour, subject, api_key_id, operation_id, units, requests
    ),
    rolled as (
      insert into usage_daily (organization_id, day, subject, api_key_id, operation_id, units, requests)
      select organization_id, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', subject, max(api_key_id), operation_id, sum(units), sum(requests)
      from moved group by 1, 2, 3, 5
      on conflict (organization_id, day, subject, operation_id)
      do update set units = usage_daily.units + excluded.units, requests = usage_daily.requests + excluded.requests
      returning 1
    )
    select (select count(*) from moved)::int as moved, (select count(*) from rolled)::int as days`);
  return row?.moved ?? 0;
}

/** Retention: deletes hourly and daily buckets older than `before`; returns how many rows. */
export async function deleteUsageBefore(db: Tx, before: Date): Promise<number> {
  const hourly = await db.delete(usageHourly).where(lt(usageHourly.hour, before)).returning({ hour: usageHourly.hour });
  const daily = await db.delete(usageDaily).where(lt(usageDaily.day, before)).returning({ day: usageDaily.day });
  return hourly.length + daily.length;
}
