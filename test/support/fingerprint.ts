import { getSql } from "@/db/client";

/**
 * Test support: a fingerprint of everything stored for one organization: every table with an
 * `organization_id` column (rows of that organization) or an `end_user_id` column (rows of its
 * members), and the organization row itself. Tables are found in the catalog, so tables added
 * later are covered. Left out: api_keys (last use is recorded asynchronously on every call), the
 * rate-limit counters (every admitted request is charged, errors included) and the usage report's
 * hourly buckets (the same charges, flushed every few seconds).
 */
const SKIP = new Set(["api_keys", "rate_limits", "usage_hourly"]);
let statement: string | null = null;

async function fingerprintSql(): Promise<string> {
  if (statement) return statement;
  const sql = getSql();
  const rows = await sql<{ table_name: string; org: boolean; member: boolean }[]>`
    select table_name, bool_or(column_name = 'organization_id') as org, bool_or(column_name = 'end_user_id') as member
    from information_schema.columns where table_schema = 'public' group by table_name order by table_name`;
  const parts: string[] = [];
  for (const r of rows) {
    if (SKIP.has(r.table_name)) continue;
    const where =
      r.table_name === "organizations"
        ? "t.id = $1"
        : [r.org ? "t.organization_id = $1" : null, r.member ? "t.end_user_id in (select id from end_users where organization_id = $1)" : null].filter(Boolean).join(" or ");
    if (!where) continue;
    // Count and the sum of the rows' creating transaction ids (xmin): an insert, an update (even one
    // that writes the same values: a new row version) or a delete changes it, without hashing or
    // sorting rows. Freezing keeps xmin as it was (PostgreSQL 9.4+).
    parts.push(`select '${r.table_name}:' || count(*) || ':' || coalesce(sum(t.xmin::text::bigint), 0) as x from "${r.table_name}" t where ${where}`);
  }
  statement = `select md5(string_agg(x, '|' order by x)) as fp from (${parts.join(" union all ")}) f`;
  return statement;
}

/** Prepared: planning the union of every table costs more than running it (hostile-input calls it after each of ~3,400 requests). */
export async function organizationFingerprint(organizationId: string): Promise<string> {
  const [row] = await getSql().unsafe<{ fp: string }[]>(await fingerprintSql(), [organizationId], { prepare: true });
  return row!.fp;
}
