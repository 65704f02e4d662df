/**
 * What an organization's plan allows the autopilot (organizations.entitlements) and the daily
 * execution cap (spec Limits: 20 executions per user per day). Decisions (docs/autopilot.md):
 *
 * - `autopilotMinutesLimit` is minutes of NEW workout content per UTC calendar month: each
 *   successful run that creates a workout uses its length; plans (which schedule existing
 *   workouts) and publishing existing content use none. A limit of 0 means the plan has no
 *   autopilot. A task fits when the month's minutes plus one run's estimate stay within the limit.
 * - `premiumStock` is needed by tasks with includePremiumStock.
 * - The daily cap counts executions (success and failed runs, scheduled or run-now) per owner
 *   (the task's ownerId, or the organization for tasks without an owner) per UTC day.
 */
import type { Tx } from "@/db/client";
import { countAutopilotExecutions, sumAutopilotMinutes } from "@/db/queries/autopilot";
import { findOrgWorkoutState } from "@/db/queries/workouts";
import type { AutopilotContentType, AutopilotScope } from "@/db/schema";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { forbidden } from "@/server/core/errors";
import { startOfUtcDay, startOfUtcMonth } from "./schedule";

export const DAILY_EXECUTION_CAP = 20;
/** Minutes assumed for a generated workout whose task names no length (the engine's usual session). */
const DEFAULT_RUN_MINUTES = 30;

export interface TaskEntitlementFacts {
  organizationId: string;
  scope: AutopilotScope;
  contentType: AutopilotContentType;
  durationMin: number | null;
  durationMax: number | null;
  includePremiumStock: boolean;
  sourceContentId: string | null;
}

/** Whose daily cap a task's runs count against. */
export function capKeyOf(task: { ownerId: string | null; organizationId: string }): string {
  return task.ownerId ?? `organization:${task.organizationId}`;
}

/** Minutes of new workout content one run of the task may create. */
export async function minutesPerRun(db: Tx, task: TaskEntitlementFacts): Promise<number> {
  if (task.contentType !== "workout" || task.scope === "publish_existing") return 0;
  if (task.scope === "create_similar" && task.sourceContentId) {
    const source = await findOrgWorkoutState(db, task.organizationId, task.sourceContentId);
    if (source) return Math.ceil(source.duration / 60);
  }
  return task.durationMax ?? task.durationMin ?? DEFAULT_RUN_MINUTES;
}

/** Why the organization's entitlements refuse a run of the task, or null when they allow it. */
export async function entitlementRefusal(db: Tx, task: TaskEntitlementFacts, now: Date): Promise<{ kind: "premium" | "minutes"; message: string } | null> {
  const limits = await organizationLimits(task.organizationId);
  const entitlements = limits?.entitlements;
  if (task.includePremiumStock && !entitlements?.premiumStock) {
    return { kind: "premium", message: "includePremiumStock needs the premium stock entitlement, which this organization's plan does not include." };
  }
  const limit = entitlements?.autopilotMinutesLimit ?? 0;
  if (limit <= 0) return { kind: "minutes", message: "This organization's plan does not include the content autopilot (autopilotMinutesLimit is 0)." };
  const [used, needed] = await Promise.all([sumAutopilotMinutes(db, task.organizationId, startOfUtcMonth(now)), minutesPerRun(db, task)]);
  if (used + needed > limit) {
    return {
      kind: "minutes",
      message: `The autopilot minutes entitlement has no capacity for this task: ${Math.round(used)} of ${limit} minutes used this month, a run needs up to ${needed}.`,
    };
  }
  return null;
}

/** 403 (nothing written) when the entitlements refuse the task. */
export async function assertEntitled(db: Tx, task: TaskEntitlementFacts, now: Date): Promise<void> {
  const refusal = await entitlementRefusal(db, task, now);
  if (refusal) throw forbidden(refusal.message);
}

/** Executions counted against a cap key today (UTC). */
export function executionsToday(db: Tx, capKey: string, now: Date): Promise<number> {
  return countAutopilotExecutions(db, capKey, startOfUtcDay(now));
}
