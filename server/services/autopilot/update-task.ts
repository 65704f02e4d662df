import type { Db } from "@/db/client";
import { findAutopilotTask, updateAutopilotTask } from "@/db/queries/autopilot";
import { notFound } from "@/server/core/errors";
import type { UpdateTaskInput } from "@/server/contracts/autopilot";
import { assertEntitled } from "./entitlements";
import { taskResource } from "./serialize";
import { type TaskValues, assertTaskRules, validateTaskReferences } from "./validate-task";

/** Fields whose change can make a run longer (more minutes) than before. */
const SIZE_FIELDS: (keyof UpdateTaskInput)[] = ["scope", "contentType", "durationMin", "durationMax", "sourceContentId"];

/**
 * PATCH /v1/orgs/{organizationId}/content-autopilot/{taskId}: any field, the state unchanged.
 * The merged task must satisfy the task rules (400 ValidationError, `target` the request type) and
 * its changed references must hold (400 BadRequest naming the field); changes that can enlarge a
 * run are checked against the entitlements (403). nextRunAt reschedules (null clears it).
 */
export async function updateTask(db: Db, organizationId: string, taskId: string, patch: UpdateTaskInput, target: string, now = new Date()) {
  const current = await findAutopilotTask(db, organizationId, taskId);
  if (!current) throw notFound("Autopilot task not found.");
  const { nextRunAt, ...fields } = patch;
  const dedupe = {
    ...(fields.difficultyOptions ? { difficultyOptions: [...new Set(fields.difficultyOptions)] } : {}),
    ...(fields.categoryIds ? { categoryIds: [...new Set(fields.categoryIds)] } : {}),
    ...(fields.goalIds ? { goalIds: [...new Set(fields.goalIds)] } : {}),
  };
  const merged: TaskValues = { ...current, ...fields, ...dedupe };
  const changed = new Set(Object.keys(fields) as (keyof TaskValues)[]);
  assertTaskRules(merged, target);
  await validateTaskReferences(db, organizationId, merged, changed);
  // Turning premium stock on, or changing what a run makes, needs the entitlements for the merged task.
  if (fields.includePremiumStock === true || SIZE_FIELDS.some((f) => f in fields)) await assertEntitled(db, { organizationId, ...merged }, now);
  const row = await updateAutopilotTask(db, organizationId, taskId, {
    ...fields,
    ...dedupe,
    ...(nextRunAt !== undefined ? { nextRunAt: nextRunAt === null ? null : new Date(nextRunAt) } : {}),
  });
  if (!row) throw notFound("Autopilot task not found.");
  return taskResource(row);
}
