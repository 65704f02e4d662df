import type { Db, Tx } from "@/db/client";
import { lockEndUser } from "@/db/queries/end-users";
import { endActiveEnrollment, findActiveEnrollment, findStartablePlan, insertEnrollment, insertLibraryPlans } from "@/db/queries/library";
import { notFound } from "@/server/core/errors";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import type { Locale } from "@/server/core/locale";
import { retryOnUniqueViolation } from "@/db/errors";
import { localDate } from "./plan-progress";
import { resolveEndUserOrThrow } from "./resolve-end-user";
import { toEnrollment, toPlanEnrollment } from "./serialize";

/**
 * Enrolls the member in a plan and makes it the active one (it need not be assigned first; it is
 * added to the library). A previously active plan is ended. Starting the active plan again
 * restarts it. Concurrent starts for a member are serialized on the member's row; the partial
 * unique index still guarantees one active plan (a violation is retried). Webhooks hear
 * `enduser.plan.ended` (reason `replaced`) for the ended plan and `enduser.plan.started`.
 */
export async function startPlan(db: Db, args: { organizationId: string; endUserIdentifier: string; planId: string; startDate?: string; locale: Locale }) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const plan = await findStartablePlan(db, { organizationId: args.organizationId, endUserId: member.id, planId: args.planId });
  if (!plan) throw notFound("Plan not found in this organization.");
  const startDate = args.startDate ?? localDate(new Date(), member.timeZone);
  const enrollment = await retryOnUniqueViolation("plan_enrollments_one_active_uq", () =>
    db.transaction(async (tx) => {
      await lockEndUser(tx, member.id);
      const [ended] = await endActiveEnrollment(tx, member.id);
      await insertLibraryPlans(tx, { organizationId: args.organizationId, endUserId: member.id, planIds: [plan.id] });
      const started = await insertEnrollment(tx, { organizationId: args.organizationId, endUserId: member.id, planId: plan.id, startDate });
      const endUser = { id: member.id, externalId: member.externalId };
      if (ended) {
        await enqueueWebhookEvent(tx, {
          organizationId: args.organizationId,
          type: "enduser.plan.ended",
          data: { enrollment: toEnrollment(ended), endUser, reason: "replaced" },
        });
      }
      await enqueueWebhookEvent(tx, {
        organizationId: args.organizationId,
        type: "enduser.plan.started",
        data: { enrollment: toEnrollment(started), endUser, previousEnrollmentId: ended?.id ?? null },
      });
      return started;
    }),
  );
  return toPlanEnrollment(enrollment, plan, args.locale);
}

/** Ends the member's enrollment in this plan (it must be the active one); the library row stays. Webhooks hear `enduser.plan.ended`. */
export async function endPlan(db: Db, args: { organizationId: string; endUserIdentifier: string; planId: string; locale: Locale }) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const active = await findActiveEnrollment(db, member.id);
  if (!active || active.enrollment.planId !== args.planId) throw notFound("This plan is not the member's active plan.");
  const ended = await db.transaction(async (tx) => {
    const [row] = await endActiveEnrollment(tx, member.id, [args.planId]);
    if (!row) throw notFound("This plan is not the member's active plan.");
    await enqueueWebhookEvent(tx, {
      organizationId: args.organizationId,
      type: "enduser.plan.ended",
      data: { enrollment: toEnrollment(row), endUser: { id: member.id, externalId: member.externalId }, reason: "ended" },
    });
    return row;
  });
  return toPlanEnrollment(ended, active.plan, args.locale);
}

/** The member's active enrollment, or null. */
export async function getActivePlan(db: Tx, args: { organizationId: string; endUserIdentifier: string; locale: Locale }) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const active = await findActiveEnrollment(db, member.id);
  return active ? toPlanEnrollment(active.enrollment, active.plan, args.locale) : null;
}
