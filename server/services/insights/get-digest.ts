import type { Db } from "@/db/client";
import { findFreshDigest, saveDigest } from "@/db/queries/digests";
import { badRequest } from "@/server/api/errors";
import { DIGEST_VERSION, type Digest, type PillarDetail, buildDigest, buildPillarDetail } from "./build-digest";
import { parseDateTime } from "./health-fields";
import type { InsightsMember } from "./ingest-health-data";
import { addDays, localDateOf, safeTimeZone } from "./local-date";
import { DIGEST_WINDOW_DAYS } from "./recompute-days";
import type { PillarType } from "./scoring";
import { withModelProse } from "./model-prose";
import { loadWindow } from "./window";

/**
 * The member-local day a digest is for: the day `date` falls on in the member's time zone (a
 * plain YYYY-MM-DD is taken as that local day), today when omitted. Days after the member's
 * today are refused.
 */
export function digestDay(date: string | undefined, timeZone: string, now: Date): string {
  const today = localDateOf(now, timeZone);
  if (!date) return today;
  let day: string;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const parsed = new Date(`${date}T12:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) throw badRequest("date is not a valid calendar date.", "date");
    day = date;
  } else {
    const at = parseDateTime(date);
    if (!at) throw badRequest("date must be an ISO 8601 date-time with an offset, or a YYYY-MM-DD date.", "date");
    day = localDateOf(at, timeZone);
  }
  if (day > today) throw badRequest(`date falls on ${day}, after the member's today (${today}, ${timeZone}).`, "date");
  return day;
}

/**
 * The daily digest, served from the per-day cache while the data it was built from is
 * unchanged (see findFreshDigest), else built from the 90-day window (its sentences rephrased by
 * the configured model, if any) and cached.
 */
export async function getDigest(db: Db, member: InsightsMember, date: string | undefined, now = new Date()): Promise<Digest> {
  const timeZone = safeTimeZone(member.timeZone);
  const day = digestDay(date, timeZone, now);
  const windowStart = addDays(day, -(DIGEST_WINDOW_DAYS - 1));
  const cached = await findFreshDigest(db, { endUserId: member.id, localDate: day, windowStart, timeZone, version: DIGEST_VERSION });
  if (cached) return cached as unknown as Digest;
  const w = await loadWindow(db, member, timeZone, day);
  const digest = await withModelProse(buildDigest(w, day, now));
  await saveDigest(db, {
    endUserId: member.id,
    localDate: day,
    version: DIGEST_VERSION,
    fingerprint: w.fingerprint,
    digest: digest as unknown as Record<string, unknown>,
  });
  return digest;
}

/** One pillar in depth for a member-local day (computed on each call). */
export async function getPillarDetail(db: Db, member: InsightsMember, type: PillarType, date: string | undefined, now = new Date()): Promise<PillarDetail> {
  const timeZone = safeTimeZone(member.timeZone);
  const day = digestDay(date, timeZone, now);
  const w = await loadWindow(db, member, timeZone, day);
  return buildPillarDetail(w, type, day);
}
