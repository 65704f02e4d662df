import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { endUsers, workoutSessions } from "@/db/schema";
import type { TestLibraryOrg } from "@/test/fixtures";
import { call } from "@/test/harness";
import { type HealthEntryInput, ingestHealthEntries } from "@/server/services/insights/ingest-health-data";
import { localDateOf } from "@/server/services/insights/local-date";

/** Helpers for the insights integration tests (imported by *.int.test.ts only). */
export interface Member {
  id: string;
  email: string;
  externalId: string;
  timeZone: string;
}

export async function memberOf(org: TestLibraryOrg, i: number): Promise<Member> {
  const m = org.library.endUsers[i]!;
  const [row] = await getDb().select({ timeZone: endUsers.timeZone }).from(endUsers).where(eq(endUsers.id, m.id));
  return { ...m, timeZone: row!.timeZone };
}

export const todayOf = (m: Member) => localDateOf(new Date(), m.timeZone);
/** 12:00 UTC of a day: the same calendar day in New York, Lisbon and Berlin. */
export const noonZ = (day: string) => `${day}T12:00:00Z`;
export const pathOf = (org: TestLibraryOrg, ident: string) => `/v1/orgs/${org.organizationId}/endusers/${encodeURIComponent(ident)}`;

export const push = (org: TestLibraryOrg, m: Member | string, entries: unknown[]) =>
  call(`${pathOf(org, typeof m === "string" ? m : m.id)}/insights/health-data`, { key: org.key, body: { entries } });

export const digest = (org: TestLibraryOrg, m: Member, date?: string) =>
  call(`${pathOf(org, m.id)}/insights/digest${date ? `?date=${encodeURIComponent(date)}` : ""}`, { key: org.key });

export const pillar = (org: TestLibraryOrg, m: Member, type: string, date?: string) =>
  call(`${pathOf(org, m.id)}/insights/pillars/${type}${date ? `?date=${encodeURIComponent(date)}` : ""}`, { key: org.key });

export const logMeal = (org: TestLibraryOrg, m: Member, body: Record<string, unknown>) => call(`${pathOf(org, m.id)}/nutrition/log`, { key: org.key, body });

/** What a wearable integration writes: the same ingest path with source "wearable". */
export const syncWearable = (org: TestLibraryOrg, m: Member, entries: HealthEntryInput[]) =>
  ingestHealthEntries(getDb(), { id: m.id, organizationId: org.organizationId, timeZone: m.timeZone }, entries, "wearable");

/** A workout session completed through the session API, as that API stores it. */
export async function completeSession(org: TestLibraryOrg, m: Member, completedAt: string, durationS: number): Promise<string> {
  const [row] = await getDb()
    .insert(workoutSessions)
    .values({
      workoutId: org.library.workoutIds[0]!,
      organizationId: org.organizationId,
      endUserId: m.id,
      status: "completed",
      duration: durationS,
      progressSeconds: durationS,
      progress: 1,
      expectedDuration: durationS,
      completedAt: new Date(completedAt),
    })
    .returning({ id: workoutSessions.id });
  return row!.id;
}
