import type { Db } from "@/db/client";
import { findOrganizationEndUser } from "@/db/queries/end-users";
import { listMemberSessions } from "@/db/queries/sessions";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { getMemberDigest } from "@/server/services/insights/get-digest";
import { toWorkoutSession } from "@/server/services/sessions/serialize";
import { listMemberPlans, listMemberWorkouts } from "./list-library";
import { getActivePlan } from "./plan-enrollment";
import { getActivePlanProgress } from "./plan-progress";
import { toEndUser } from "./serialize";

/** Page size of the member page's lists (sessions, library workouts, library plans). */
export const MEMBER_PAGE_SIZE = 10;

interface MemberPage {
  organizationId: string;
  endUserId: string;
  limit: number;
  offset: number;
  locale: Locale;
}

/** A page of a member's workout sessions (any status), newest first. */
export async function listMemberSessionPage(db: Db, args: MemberPage) {
  const { rows, total } = await listMemberSessions(db, args);
  return { items: rows.map((r) => ({ ...toWorkoutSession(r.session), workoutName: pickText(r.workoutName, args.locale) })), total };
}

/** A page of the member's library: assigned workouts that are still published (the API's service; 404 for a suspended member). */
export function listMemberLibraryWorkouts(db: Db, args: MemberPage) {
  return listMemberWorkouts(db, { ...args, endUserIdentifier: args.endUserId });
}

/** A page of the member's library plans (the API's service; 404 for a suspended member). */
export function listMemberLibraryPlans(db: Db, args: MemberPage) {
  return listMemberPlans(db, { ...args, endUserIdentifier: args.endUserId });
}

/**
 * Today's digest of a member, as `GET /v1/orgs/{org}/endusers/{id}/insights/digest` serves it.
 * Loaded on its own (it may be built on the spot, with a model's prose), so the member page paints
 * without waiting for it and shows its failure, not an empty card.
 */
export async function getMemberDigestForConsole(db: Db, args: { organizationId: string; endUserId: string }) {
  return { data: await getMemberDigest(db, args.organizationId, args.endUserId, undefined) };
}

/**
 * Everything the console shows first about one member: the profile, the first page of their
 * sessions, and for an active member the first pages of the same library, the active plan and
 * its progress the API serves (through the same services). A suspended member's library is not
 * readable through them (the API answers 404 for the member); the console shows the profile and
 * the session history then. Further pages and the digest have routes of their own.
 */
export async function getMemberOverview(db: Db, args: { organizationId: string; endUserId: string; locale: Locale }) {
  const row = await findOrganizationEndUser(db, args);
  if (!row) throw notFound("End user not found in this organization.");
  const member = toEndUser(row);
  const first = { ...args, limit: MEMBER_PAGE_SIZE, offset: 0 };
  const sessions = await listMemberSessionPage(db, first);
  if (row.status !== "active") return { member, sessions, library: null, activePlan: null, progress: null };
  const who = { organizationId: args.organizationId, endUserIdentifier: row.id, locale: args.locale };
  const [workouts, plans, activePlan, progress] = await Promise.all([
    listMemberLibraryWorkouts(db, first),
    listMemberLibraryPlans(db, first),
    getActivePlan(db, who),
    getActivePlanProgress(db, who),
  ]);
  return { member, sessions, library: { workouts, plans }, activePlan, progress };
}
