import type { Db } from "@/db/client";
import { findFreshDigest, saveDigest } from "@/db/queries/digests";
import { findMemberInsightsVersion } from "@/db/queries/end-users";
import { badRequest } from "@/server/api/errors";
import { log } from "@/server/api/log";
import { SerializedJson } from "@/server/http/direct-body";
import { VersionedCache } from "@/server/services/content/list-cache";
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
 * Digest responses `{ data }` per member and day, serialized, while the member's insights
 * revision, time zone and the formula version are unchanged: a hit is one batched point read of
 * the member plus a map lookup. The revision moves with every change of a digest's inputs
 * (triggers, see end_users.insights_revision), so a hit is never stale; the TTL only bounds
 * memory held by members who stopped asking.
 */
const responses = new VersionedCache<SerializedJson>(20_000, 10 * 60_000);

/**
 * The digest response of `getMemberDigest`, serialized. When the path names the member by id,
 * the member's version is read first and a current cached response is answered from memory.
 */
export async function getMemberDigestResponse(db: Db, organizationId: string, identifier: string, date: string | undefined, now = new Date()): Promise<SerializedJson> {
  const serialize = async () => new SerializedJson(JSON.stringify({ data: await getMemberDigest(db, organizationId, identifier, date, now) }));
  if (!HEX24.test(identifier)) return serialize();
  const id = identifier.toLowerCase();
  const v = await findMemberInsightsVersion(db, id);
  if (!v || v.organizationId !== organizationId || v.status !== "active") return serialize(); // answers the 404
  const timeZone = safeTimeZone(v.timeZone);
  const day = digestDay(date, timeZone, now);
  return responses.load(`${id}:${day}`, `${v.revision}:${timeZone}:${DIGEST_VERSION}`, serialize);
}

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

/** GET pillars/{pillarType} for the member named in the path. */
export async function getMemberPillarDetail(db: Db, organizationId: string, identifier: string, type: PillarType, date: string | undefined): Promise<PillarDetail> {
  return getPillarDetail(db, await resolveInsightsMember(db, organizationId, identifier), type, date);
}
