/**
 * A task's checks, on create and on every PATCH (spec "Content autopilot", POST /):
 *
 * - the task rules (what each scope needs, custom guidance text, durationMin <= durationMax) are
 *   `taskRuleIssues` in server/contracts/autopilot.ts, which the create body's schema
 *   (server/api/operations/autopilot.ts) applies (so the kernel answers them on create); a PATCH can break them only together with the
 *   stored task, so `assertTaskRules` checks the merged task: 400 ValidationError, the request type
 *   as `target` and one detail per broken rule naming its field;
 * - references (`validateTaskReferences`): category and goal ids must exist; create_similar's
 *   sourceContentId is a team workout (contentType workout; the adapt rules) or a plan (program) of
 *   the organization; publish_existing's existingContentId an unpublished workout or plan of it.
 *   What they point to is not shape: 400 BadRequest whose `target` names the field.
 *
 * References are checked when they (or the scope or content type) change, so a task whose
 * content was published by its own run stays editable.
 */
import type { Db } from "@/db/client";
import { findOrgPlanState } from "@/db/queries/plans";
import { findOrgWorkoutState } from "@/db/queries/workouts";
import type { AutopilotContentType, AutopilotGuidanceMode, AutopilotScope, Difficulty } from "@/db/schema";
import { badRequest, validationError } from "@/server/core/errors";
import { taskRuleIssues } from "@/server/contracts/autopilot";
import { getReferenceData } from "@/server/services/metadata/reference-cache";

export interface TaskValues {
  name: string;
  scope: AutopilotScope;
  contentType: AutopilotContentType;
  difficultyOptions: Difficulty[];
  categoryIds: string[];
  goalIds: string[];
  durationMin: number | null;
  durationMax: number | null;
  includeFreeStock: boolean;
  includePremiumStock: boolean;
  includeTeamContent: boolean;
  promptGuidanceMode: AutopilotGuidanceMode;
  customPromptGuidance: string | null;
  sourceContentId: string | null;
  existingContentId: string | null;
}

type Field = keyof TaskValues;

/** The task rules on a merged task: 400 ValidationError (`target` the request type, a detail per broken rule). */
export function assertTaskRules(t: TaskValues, target: string): void {
  const issues = taskRuleIssues(t);
  if (issues.length === 0) return;
  throw validationError(
    target,
    issues.map((i) => ({ code: "ConstraintError", message: i.message, target: i.field })),
    issues[0]!.message,
  );
}

/** What the task's ids point to (400 BadRequest naming the field), for the references that changed. */
export async function validateTaskReferences(db: Db, organizationId: string, t: TaskValues, changed: ReadonlySet<Field> | "all"): Promise<void> {
  const touched = (...fields: Field[]) => changed === "all" || fields.some((f) => changed.has(f));
  if (touched("categoryIds", "goalIds")) {
    const ref = await getReferenceData(db);
    const categories = new Set(ref.categories.map((c) => c.id));
    const goals = new Set(ref.goals.map((g) => g.id));
    const badCategories = t.categoryIds.filter((id) => !categories.has(id));
    if (badCategories.length) throw badRequest(`Unknown category id(s): ${badCategories.join(", ")} (see GET /v1/workouts/metadata).`, "categoryIds");
    const badGoals = t.goalIds.filter((id) => !goals.has(id));
    if (badGoals.length) throw badRequest(`Unknown goal id(s): ${badGoals.join(", ")} (see GET /v1/plans/metadata).`, "goalIds");
  }
  if (t.scope === "create_similar" && t.sourceContentId && touched("scope", "contentType", "sourceContentId")) {
    await assertSource(db, organizationId, t.contentType, t.sourceContentId);
  }
  if (t.scope === "publish_existing" && t.existingContentId && touched("scope", "contentType", "existingContentId")) {
    await assertUnpublished(db, organizationId, t.contentType, t.existingContentId);
  }
}

async function assertSource(db: Db, organizationId: string, contentType: AutopilotContentType, id: string): Promise<void> {
  if (contentType === "workout") {
    const w = await findOrgWorkoutState(db, organizationId, id);
    if (!w) throw badRequest("sourceContentId is not a workout of this organization.", "sourceContentId");
    if (w.source !== "team")
      throw badRequest(`sourceContentId is not eligible: only team workouts can be adapted (this one is ${w.source}).`, "sourceContentId");
    return;
  }
  const p = await findOrgPlanState(db, organizationId, id);
  if (!p || p.visibility === "end-user-ai-generated") throw badRequest("sourceContentId is not a plan of this organization.", "sourceContentId");
}

async function assertUnpublished(db: Db, organizationId: string, contentType: AutopilotContentType, id: string): Promise<void> {
  const state = contentType === "workout" ? await findOrgWorkoutState(db, organizationId, id) : await findOrgPlanState(db, organizationId, id);
  const what = contentType === "workout" ? "workout" : "plan";
  if (!state || ("visibility" in state && state.visibility === "end-user-ai-generated")) {
    throw badRequest(`existingContentId is not a ${what} of this organization.`, "existingContentId");
  }
  if (state.status === "published")
    throw badRequest(`existingContentId is already published; publish_existing publishes an unpublished ${what}.`, "existingContentId");
}
