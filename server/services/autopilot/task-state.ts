/**
 * The task's state moves (spec state table "Content autopilot task"): activate, deactivate and
 * soft delete. Each locks the row briefly; a run in progress holds no lock while the model works,
 * and its commit step re-reads the task, so a deactivate or delete during a run wins (the run is
 * discarded, nothing published; docs/autopilot.md "Runs and locks").
 */
import type { Db } from "@/db/client";
import { findAutopilotTask, lockAutopilotTask, softDeleteAutopilotTask, updateAutopilotTask } from "@/db/queries/autopilot";
import { notFound } from "@/server/core/errors";
import { nextRunOnActivate } from "./schedule";
import { taskResource } from "./serialize";

const gone = () => notFound("Autopilot task not found.");

/** GET .../{taskId}: a live task of the organization (deleted and foreign ids are 404). */
export async function getTask(db: Db, organizationId: string, taskId: string) {
  const row = await findAutopilotTask(db, organizationId, taskId);
  if (!row) throw gone();
  return taskResource(row);
}

/** POST .../activate: draft -> active; nextRunAt kept when in the future, else computed from repeatMode. */
export async function activateTask(db: Db, organizationId: string, taskId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const task = await lockAutopilotTask(tx, organizationId, taskId);
    if (!task) throw gone();
    const row = await updateAutopilotTask(tx, organizationId, taskId, { status: "active", nextRunAt: nextRunOnActivate(task.repeatMode, task.nextRunAt, now) });
    return taskResource(row!);
  });
}

/** POST .../deactivate: active -> draft, nextRunAt cleared. */
export async function deactivateTask(db: Db, organizationId: string, taskId: string) {
  return db.transaction(async (tx) => {
    if (!(await lockAutopilotTask(tx, organizationId, taskId))) throw gone();
    const row = await updateAutopilotTask(tx, organizationId, taskId, { status: "draft", nextRunAt: null });
    return taskResource(row!);
  });
}

/** DELETE .../{taskId}: soft delete (204); later reads are 404 and the scheduler never runs it. */
export async function deleteTask(db: Db, organizationId: string, taskId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockAutopilotTask(tx, organizationId, taskId))) throw gone();
    await softDeleteAutopilotTask(tx, organizationId, taskId);
  });
}
