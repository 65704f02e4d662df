import type { Tx } from "@/db/client";
import { listLibraryPlans, listLibraryWorkouts } from "@/db/queries/library";
import type { Locale } from "@/server/core/locale";
import { resolveEndUserOrThrow } from "./resolve-end-user";
import { toLibraryPlan, toLibraryWorkout } from "./serialize";

interface Page {
  organizationId: string;
  endUserIdentifier: string;
  limit: number;
  offset: number;
  locale: Locale;
}

/** The member's assigned workouts that are still published. */
export async function listMemberWorkouts(db: Tx, args: Page) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const { rows, total } = await listLibraryWorkouts(db, { endUserId: member.id, organizationId: args.organizationId, limit: args.limit, offset: args.offset });
  return { items: rows.map((r) => toLibraryWorkout(r.workout, r.assignedAt, args.locale)), total };
}

/** The member's library plans (public and private trainer plans), without the active plan. */
export async function listMemberPlans(db: Tx, args: Page) {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const { rows, total } = await listLibraryPlans(db, { endUserId: member.id, organizationId: args.organizationId, limit: args.limit, offset: args.offset });
  return { items: rows.map((r) => toLibraryPlan(r.plan, r.assignedAt, args.locale)), total };
}
