import type { Tx } from "@/db/client";
import { type AdherenceRow, type AttentionReason, type MemberStatusRow, listMemberStatus, memberAdherence, replaceMemberStatus } from "@/db/queries/analytics";
import { addDays, dayMs } from "./range";

/** Adherence falling by at least this many points against the previous 30 days needs attention. */
export const ADHERENCE_DROP_POINTS = 20;
/** Days without a session during an active plan that need attention. */
export const INACTIVE_DAYS = 7;

/**
 * Why a member with an active plan needs attention (empty: on track): `adherence_drop` when
 * adherence over the last 30 days is at least 20 points below the 30 days before, `inactive` when
 * there was no session for 7 days or more while the plan has run that long (counted from the
 * last session, or from the plan's start when there was none).
 */
export function attentionReasons(
  row: Pick<AdherenceRow, "adherence30" | "adherencePrevious30" | "lastActiveDay" | "startDate">,
  asOf: string,
): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (row.adherence30 !== null && row.adherencePrevious30 !== null && row.adherencePrevious30 - row.adherence30 >= ADHERENCE_DROP_POINTS)
    reasons.push("adherence_drop");
  const since = row.lastActiveDay && row.lastActiveDay >= row.startDate ? row.lastActiveDay : row.startDate;
  if ((dayMs(asOf) - dayMs(since)) / 86_400_000 >= INACTIVE_DAYS) reasons.push("inactive");
  return reasons;
}

export const daysInactive = (lastActiveDay: string | null, asOf: string) =>
  lastActiveDay === null ? null : Math.round((dayMs(asOf) - dayMs(lastActiveDay)) / 86_400_000);

/**
 * Recomputes the stored adherence and verdict of a workspace's members with an active plan (or
 * of one member), as of `asOf`: the hourly `analytics-member-status` job and the seed call it, so
 * the needs-attention list reads one row per member.
 */
export async function refreshMemberStatus(
  db: Tx,
  args: { organizationId: string; asOf: string; endUserId?: string },
): Promise<{ members: number; needsAttention: number }> {
  const rows = await memberAdherence(db, args);
  const withVerdict: MemberStatusRow[] = rows.map((r) => ({ ...r, attentionReasons: attentionReasons(r, args.asOf) }));
  await db.transaction(async (tx) => replaceMemberStatus(tx, args.organizationId, args.asOf, withVerdict, args.endUserId));
  return { members: rows.length, needsAttention: withVerdict.filter((r) => r.attentionReasons.length > 0).length };
}

/** The stored statuses, members needing attention first (largest drop, longest silence). */
export async function listMemberAttention(
  db: Tx,
  args: { organizationId: string; needsAttention?: boolean; limit: number; offset: number; pick: (m: Record<string, string> | null) => string | null },
) {
  const page = await listMemberStatus(db, args);
  return {
    total: page.total,
    items: page.items.map((r) => ({
      endUserId: r.endUserId,
      name: r.name,
      email: r.email,
      externalId: r.externalId,
      activePlan: r.planId ? { id: r.planId, name: args.pick(r.planName) ?? "" } : null,
      adherence: { last7Days: r.adherence7, last30Days: r.adherence30, last90Days: r.adherence90, previous30Days: r.adherencePrevious30 },
      lastActiveDay: r.lastActiveDay,
      daysInactive: daysInactive(r.lastActiveDay, r.asOf),
      needsAttention: r.attentionReasons.length > 0,
      attentionReasons: r.attentionReasons,
      asOf: r.asOf,
    })),
  };
}

export { addDays };
