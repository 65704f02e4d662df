import type { Db } from "@/db/client";
import { getOrganization } from "@/db/queries/organizations";
import { memberHasWorkout, planOpenableBy, planSchedulesWorkout } from "@/db/queries/viewer-access";
import { Caller } from "@/server/core/caller";
import { ApiError, forbidden, notFound } from "@/server/core/errors";
import { findActiveEndUser } from "@/db/queries/end-users";
import { type MemberSession, readMemberSession } from "./member-sign-in";

/**
 * Who looks at a hosted page (/workouts, /plans, /workouts/{id}): anyone, reading one
 * organization's published public content, and optionally a signed-in member of that
 * organization, who also reads what is assigned to them. Pages have no API key, so they read
 * through the services with a PageCaller instead of an authenticated Caller.
 */
export interface Viewer {
  organizationId: string;
  organizationName: string;
  member: { endUserId: string; name: string | null; email: string | null } | null;
  caller: Caller;
}

/**
 * The Caller-equivalent of a hosted page: it may act for exactly one organization, and for its
 * member when one is signed in (sessions are then attributed to the member, as with a member
 * Bearer token). It holds no key, so the services' organization checks pass for this
 * organization only; what a page may show beyond that (public content, or content assigned to
 * the member) is decided here in pages/, not by the services, which would also return private
 * content to any caller of the organization.
 */
export class PageCaller extends Caller {
  constructor(
    readonly organizationId: string,
    member: { endUserId: string; organizationId: string } | null,
    limits: ConstructorParameters<typeof Caller>[2],
  ) {
    super(null, member, limits, `page:${organizationId}`);
  }

  override canAccess(organizationId: string): boolean {
    return organizationId === this.organizationId;
  }

  override resolveOrganizationId(explicit: string | undefined): string {
    if (explicit && explicit !== this.organizationId) throw forbidden();
    return this.organizationId;
  }
}

/**
 * The viewer of a page for `organizationId` (404 for an unknown organization). A member session
 * counts only for its own organization and only while the member is active; otherwise the page
 * is shown as to anyone.
 */
export async function resolveViewer(db: Db, organizationId: string, session: MemberSession | null): Promise<Viewer> {
  const org = await getOrganization(db, organizationId);
  if (!org) throw notFound("Organization not found.");
  const limits = {
    id: org.id,
    subscriptionPlan: org.subscriptionPlan,
    isTrial: org.isTrial,
    hourlyCap: org.hourlyCap,
    dailyCap: org.dailyCap,
    entitlements: org.entitlements,
  };
  const user = session?.organizationId === organizationId ? await findActiveEndUser(db, organizationId, session.endUserId) : null;
  const member = user ? { endUserId: user.id, organizationId } : null;
  return {
    organizationId,
    organizationName: org.name,
    member: user ? { endUserId: user.id, name: user.name, email: user.email } : null,
    caller: new PageCaller(organizationId, member, limits),
  };
}

/** 404 (never 403) when a resource of another organization is asked for through this page. */
export async function asPageNotFound<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) throw notFound(message);
    throw err;
  }
}

/**
 * Whether the viewer may play a published workout of the organization: public workouts for
 * anyone; private ones for the member they are assigned to, or through a plan the viewer may
 * open that schedules them (`viaPlanId`).
 */
export async function viewerMayPlay(db: Db, viewer: Viewer, workout: { id: string; visibility: string }, viaPlanId?: string): Promise<boolean> {
  if (workout.visibility === "public") return true;
  const endUserId = viewer.member?.endUserId ?? null;
  if (endUserId && (await memberHasWorkout(db, endUserId, workout.id))) return true;
  if (!viaPlanId || !(await planSchedulesWorkout(db, viaPlanId, workout.id))) return false;
  return viewerMayOpenPlan(db, viewer, viaPlanId);
}

/** Published public trainer plans for anyone; a signed-in member also opens the plans of their library, enrollments and their own generated plans. */
export function viewerMayOpenPlan(db: Db, viewer: Viewer, planId: string): Promise<boolean> {
  return planOpenableBy(db, { organizationId: viewer.organizationId, endUserId: viewer.member?.endUserId ?? null, planId });
}

/** The viewer of a page request: the organization named by the page and the member cookie, if any. */
export async function viewerFor(db: Db, organizationId: string, memberCookie: string | null | undefined): Promise<Viewer> {
  return resolveViewer(db, organizationId, await readMemberSession(db, memberCookie));
}
