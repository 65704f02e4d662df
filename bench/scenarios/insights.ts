import { type HealthEntryInsert, upsertHealthEntries } from "@/db/queries/health";
import type { Db } from "@/db/client";
import { type HealthDataType, endUsers, nutritionEntries, workoutSessions } from "@/db/schema";
import { inArray } from "drizzle-orm";
import { normalizeValues } from "@/server/services/insights/health-fields";
import { mergeWrites } from "@/server/services/insights/ingest-health-data";
import { addDays, localDateOf } from "@/server/services/insights/local-date";
import { recomputeDays } from "@/server/services/insights/recompute-days";
import { addMembers } from "@/test/support/members";
import type { BenchContext, BenchRequest, Scenario } from "../types";

/**
 * Issue #6: insights.
 *
 * Push: 50 fresh members; every request pushes a full batch of 50 entries (5 data types x 10
 * days) for the next member in turn, so after the first round every entry is an update and each
 * request recomputes 10 days of its member.
 *
 * Cold digest: 300 members with 150 days of wearable history (steps, sleep, heart, hydration,
 * weight, an activity every other day, a logged day of meals, a completed workout every third
 * day). Requests walk (member, date) pairs for the last 60 days, 18,000 distinct member-days,
 * more than a run can use, so every request builds a digest from a full 90-day window: no cache hit.
 *
 * Cached digest: the seeded member with the same history; the digest is built once in prepare,
 * then every request is served from the per-day cache.
 */
const PUSH_MEMBERS = 50;
const COLD_MEMBERS = 300;
const COLD_DATES = 60;
const HISTORY_DAYS = 150;

/** A small deterministic generator, so every run measures the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: () => number, lo: number, hi: number) => Math.round(lo + r() * (hi - lo));

/** Days of wearable history for members, written the way the ingest path stores it, then summarized by the real recompute. */
async function seedHistory(db: Db, organizationId: string, members: { id: string; timeZone: string }[], workoutId: string): Promise<void> {
  const now = new Date();
  const work = members.map((member, mi) => async () => {
    const r = rng(mi + 1);
    const today = localDateOf(now, member.timeZone);
    const entries: HealthEntryInsert[] = [];
    const meals: (typeof nutritionEntries.$inferInsert)[] = [];
    const sessions: (typeof workoutSessions.$inferInsert)[] = [];
    const days: string[] = [];
    const add = (dataType: HealthDataType, externalId: string, day: string, hour: number, raw: Record<string, unknown>) => {
      const recordedAt = `${day}T${String(hour).padStart(2, "0")}:00:00Z`;
      const merged = mergeWrites(null, { recordedAt, localDate: day, values: normalizeValues(dataType, raw, now) });
      entries.push({ organizationId, endUserId: member.id, dataType, externalId, ...merged });
    };
    for (let i = 1; i <= HISTORY_DAYS; i++) {
      const day = addDays(today, -i);
      days.push(day);
      const key = `day-${day}`;
      add("steps", key, day, 12, { count: between(r, 3000, 14000) });
      const asleep = between(r, 5.5 * 3600, 8.5 * 3600);
      add("sleep", key, day, 12, {
        asleepS: asleep,
        inBedS: asleep + between(r, 900, 3600),
        deepS: Math.round(asleep * 0.2),
        remS: Math.round(asleep * 0.22),
        lightS: Math.round(asleep * 0.58),
      });
      add("heart_rate", key, day, 12, { restingBpm: between(r, 50, 62), hrvRmssdMs: between(r, 35, 80) });
      add("hydration", key, day, 12, { volumeMl: between(r, 1200, 3200) });
      if (i % 3 === 0) add("body_metrics", key, day, 12, { weightKg: 70 + r() * 3 });
      if (i % 2 === 0)
        add("activity", `act-${day}`, day, 12, {
          activityType: "running",
          durationS: between(r, 1200, 4200),
          distanceM: between(r, 3000, 12000),
          activeEnergyKcal: between(r, 250, 800),
        });
      meals.push({
        organizationId,
        endUserId: member.id,
        localDate: day,
        loggedAt: new Date(`${day}T12:00:00Z`),
        caloriesKcal: between(r, 1700, 2600),
        proteinG: between(r, 70, 150),
        carbsG: between(r, 180, 320),
        fatG: between(r, 50, 100),
      });
      if (i % 3 === 1) {
        const at = new Date(`${day}T12:00:00Z`);
        sessions.push({
          workoutId,
          organizationId,
          endUserId: member.id,
          status: "completed",
          duration: 1800,
          progressSeconds: 1800,
          progress: 1,
          expectedDuration: 1800,
          completedAt: at,
          createdAt: at,
        });
      }
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < entries.length; i += 1000) await upsertHealthEntries(tx, entries.slice(i, i + 1000));
      await tx.insert(nutritionEntries).values(meals);
      await tx.insert(workoutSessions).values(sessions);
      await recomputeDays(tx, { id: member.id, organizationId }, days);
    });
  });
  for (let i = 0; i < work.length; i += 4) await Promise.all(work.slice(i, i + 4).map((f) => f()));
}

async function timeZonesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: endUsers.id, timeZone: endUsers.timeZone }).from(endUsers).where(inArray(endUsers.id, ids));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

const basePath = (ctx: BenchContext, memberId: string) => `/v1/orgs/${ctx.seed.organizationId}/endusers/${memberId}`;

export const scenarios: Scenario[] = [
  {
    name: "POST insights/health-data, 50-entry batch (50 members in turn, updates after the first round)",
    issue: "#6",
    target: "p95 < 40 ms",
    passes: (r) => r.p95 < 40,
    connections: 2,
    prepare: async (ctx) => {
      const members = await addMembers(ctx.db, ctx.seed.organizationId, PUSH_MEMBERS);
      const today = localDateOf(new Date(), "UTC"); // addMembers creates members in UTC
      const requests: BenchRequest[] = [];
      for (let round = 0; round < 40; round++) {
        for (const [mi, m] of members.entries()) {
          const r = rng(round * 1000 + mi);
          const entries: Record<string, unknown>[] = [];
          for (let i = 1; i <= 10; i++) {
            const day = addDays(today, -i);
            const at = `${day}T12:00:00Z`;
            entries.push(
              { dataType: "steps", recordedAt: at, count: between(r, 3000, 14000) },
              { dataType: "sleep", recordedAt: at, asleepS: between(r, 20000, 30000) },
              { dataType: "heart_rate", recordedAt: at, restingBpm: between(r, 50, 62), hrvRmssdMs: between(r, 35, 80) },
              { dataType: "hydration", recordedAt: at, volumeMl: between(r, 1200, 3200) },
              {
                dataType: "activity",
                externalId: `run-${day}`,
                recordedAt: at,
                activityType: "running",
                durationS: between(r, 1200, 3600),
                distanceM: between(r, 3000, 10000),
              },
            );
          }
          requests.push({
            method: "POST",
            path: `${basePath(ctx, m.id)}/insights/health-data`,
            headers: { "x-api-key": ctx.seed.apiKey },
            body: JSON.stringify({ entries }),
          });
        }
      }
      return requests;
    },
  },
  {
    name: `GET insights/digest, cold (${COLD_MEMBERS} members x ${COLD_DATES} dates: every request a distinct, never-cached member-day with 90 days of data)`,
    issue: "#6",
    target: "p95 < 80 ms",
    passes: (r) => r.p95 < 80,
    connections: 2,
    prepare: async (ctx) => {
      const members = await addMembers(ctx.db, ctx.seed.organizationId, COLD_MEMBERS);
      const zones = await timeZonesOf(
        ctx.db,
        members.map((m) => m.id),
      );
      const withZones = members.map((m) => ({ id: m.id, timeZone: zones.get(m.id) ?? "UTC" }));
      await seedHistory(ctx.db, ctx.seed.organizationId, withZones, ctx.seed.workoutIds[0]!);
      const requests: BenchRequest[] = [];
      for (let k = 0; k < COLD_DATES; k++) {
        for (const m of withZones) {
          const date = addDays(localDateOf(new Date(), m.timeZone), -k);
          requests.push({ path: `${basePath(ctx, m.id)}/insights/digest?date=${date}`, headers: { "x-api-key": ctx.seed.apiKey } });
        }
      }
      return requests;
    },
  },
  {
    name: "GET insights/digest, cached (one member with 90 days of data, digest built once in prepare)",
    issue: "#6",
    target: "p95 < 10 ms",
    passes: (r) => r.p95 < 10,
    connections: 2,
    prepare: async (ctx) => {
      const id = ctx.seed.endUser.id;
      const zones = await timeZonesOf(ctx.db, [id]);
      await seedHistory(ctx.db, ctx.seed.organizationId, [{ id, timeZone: zones.get(id) ?? "UTC" }], ctx.seed.workoutIds[0]!);
      const request = { path: `${basePath(ctx, id)}/insights/digest`, headers: { "x-api-key": ctx.seed.apiKey } };
      const warm = await fetch(`${ctx.baseUrl}${request.path}`, { headers: request.headers });
      if (warm.status !== 200) throw new Error(`digest answered ${warm.status}: ${await warm.text()}`);
      return [request];
    },
  },
];
