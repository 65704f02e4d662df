/**
 * Publishing and unpublishing workspace content. A status change bumps the row's updated_at,
 * which versions every cached list page, playlist and facet of it (list-cache.ts), and a
 * publication is recorded in the caller's ContentChanges so export rendering starts after commit.
 */
import type { Tx } from "@/db/client";
import { findOrgPlanState, setPlanStatus } from "@/db/queries/plans";
import { findOrgWorkoutState, setWorkoutStatus } from "@/db/queries/workouts";
import type { ContentChanges } from "./content-changes";

export type PublishOutcome = "published" | "already_published" | "not_found" | "empty";
export type UnpublishOutcome = "unpublished" | "already_draft" | "not_found";

/** Publishes a draft workout of the organization; a workout without a playlist cannot be published. */
export async function publishWorkout(tx: Tx, organizationId: string, workoutId: string, changes: ContentChanges): Promise<PublishOutcome> {
  const state = await findOrgWorkoutState(tx, organizationId, workoutId);
  if (!state) return "not_found";
  if (state.status === "published") return "already_published";
  if (state.segments === 0) return "empty";
  if (!(await setWorkoutStatus(tx, organizationId, workoutId, "draft", "published"))) return "already_published";
  changes.workoutPublished(workoutId);
  return "published";
}

/** Takes a published workout of the organization back to draft (it leaves lists and playback). */
export async function unpublishWorkout(tx: Tx, organizationId: string, workoutId: string): Promise<UnpublishOutcome> {
  const state = await findOrgWorkoutState(tx, organizationId, workoutId);
  if (!state) return "not_found";
  if (state.status === "draft") return "already_draft";
  return (await setWorkoutStatus(tx, organizationId, workoutId, "published", "draft")) ? "unpublished" : "already_draft";
}

/** Publishes a draft plan of the organization (plans made for one member are never published this way). */
export async function publishPlan(tx: Tx, organizationId: string, planId: string): Promise<PublishOutcome> {
  const state = await findOrgPlanState(tx, organizationId, planId);
  if (!state || state.visibility === "end-user-ai-generated") return "not_found";
  if (state.status === "published") return "already_published";
  if (state.workouts === 0) return "empty";
  return (await setPlanStatus(tx, organizationId, planId, "draft", "published")) ? "published" : "already_published";
}

/** Takes a published plan back to draft (it leaves the org plan list; enrollments keep running). */
export async function unpublishPlan(tx: Tx, organizationId: string, planId: string): Promise<UnpublishOutcome> {
  const state = await findOrgPlanState(tx, organizationId, planId);
  if (!state || state.visibility === "end-user-ai-generated") return "not_found";
  if (state.status === "draft") return "already_draft";
  return (await setPlanStatus(tx, organizationId, planId, "published", "draft")) ? "unpublished" : "already_draft";
}
