import type { Db } from "@/db/client";
import { findFreshDigest, saveDigest } from "@/db/queries/digests";
import { badRequest } from "@/server/api/errors";
import { log } from "@/server/api/log";
import { DIGEST_VERSION, type Digest, type PillarDetail, buildDigest, buildPillarDetail } from "./build-digest";
import { parseDateTime } from "./health-fields";
import type { InsightsMember } from "./ingest-health-data";
import { localDateOf, safeTimeZone } from "./local-date";
import type { PillarType } from "./scoring";
import { withModelProse } from "./model-prose";
import { resolveInsightsMember } from "./resolve-member";
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

const HEX24 = /^[0-9a-f]{24}$/i;

/**
 * The daily digest of the member named by the path, served from the per-day cache while the
 * data it was built from is unchanged (see findFreshDigest), else built from the 90-day window
 * (its sentences rephrased by the configured model, if any) and cached.
 *
 * When the path names the member by id and the day needs no time-zone arithmetic here (today,
 * or a plain date), the cache is read in parallel with the member resolution; the hit is used
 * only if the resolution confirms the same member and the same day.
 */
export async function getMemberDigest(db: Db, organizationId: string, identifier: string, date: string | undefined, now = new Date()): Promise<Digest> {
  const plainDate = date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  const early = HEX24.test(identifier) && (date === undefined || plainDate !== null);
  const [member, hit] = await Promise.all([
    resolveInsightsMember(db, organizationId, identifier),
    early
      ? findFreshDigest(db, { organizationId, endUserId: identifier.toLowerCase(), localDate: plainDate, timeZone: null, version: DIGEST_VERSION }).catch(
          (err) => {
            log("warn", "early digest cache read failed; reading after resolution instead", { err: String(err) });
            return null;
          },
        )
      : null,
  ]);
  const timeZone = safeTimeZone(member.timeZone);
  const day = digestDay(date, timeZone, now);
  if (hit && hit.endUserId === member.id && hit.localDate === day) return hit.digest as unknown as Digest;
  if (!early) {
    const cached = await findFreshDigest(db, { organizationId, endUserId: member.id, localDate: day, timeZone, version: DIGEST_VERSION });
    if (cached) return cached.digest as unknown as Digest;
  }
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
