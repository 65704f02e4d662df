/**
 * Running tasks: run-now (POST .../{taskId}/run-now) and the scheduler's due runs. A run holds
 * its task's row lock for its whole transaction (content, event and schedule commit together or
 * not at all), so:
 *
 * - two schedulers never serve the same due time: each claims a different due task with
 *   FOR UPDATE SKIP LOCKED, and the commit moves nextRunAt past now (a second claimer re-checks
 *   the committed row and no longer finds it due); the event's unique (taskId, scheduledFor) is
 *   the last guard;
 * - a crash before the commit leaves the task due, and the next tick runs it;
 * - runs of one owner serialize on an advisory lock, so the daily cap (20 executions per owner
 *   per UTC day) cannot be raced past.
 *
 * Workouts published by a run are announced (`workouts/content.changed`) after the commit.
 */
import { getDb, type Db, type Tx } from "@/db/client";
import {
  type AutopilotEventRow,
  type AutopilotTaskRow,
  claimDueAutopilotTask,
  insertAutopilotEvent,
  lockAutopilotCap,
  lockAutopilotTask,
  updateAutopilotTask,
} from "@/db/queries/autopilot";
import type { NewAutopilotTask } from "@/db/queries/autopilot";
import { log } from "@/server/api/log";
import { forbidden, notFound } from "@/server/api/errors";
import { ContentChanges, enqueueWorkoutPublished } from "@/server/services/content/content-changes";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { DAILY_EXECUTION_CAP, capKeyOf, entitlementRefusal, executionsToday } from "./entitlements";
import { type Produced, RunFailure, produceContent } from "./produce-content";
import { nextRunAfter, retryNextDay } from "./schedule";
import { eventResource } from "./shape";

type Trigger = { kind: "run_now" } | { kind: "schedule"; dueAt: Date };

/** Executes the locked task: content in a savepoint (rolled back on failure), then the event. */
async function execute(db: Db, tx: Tx, task: AutopilotTaskRow, trigger: Trigger, changes: ContentChanges): Promise<AutopilotEventRow> {
  const attempt = new ContentChanges();
  let produced: Produced | null = null;
  let errorMessage: string | null = null;
  try {
    produced = await tx.transaction((sp) => produceContent(db, sp, task, attempt));
    for (const id of attempt.publishedWorkoutIds) changes.workoutPublished(id);
    await enqueueWorkoutPublished(tx, attempt.publishedWorkoutIds);
  } catch (err) {
    if (err instanceof RunFailure) errorMessage = err.message;
    else {
      log("error", "autopilot run failed", { taskId: task.id, err: err instanceof Error ? err.stack : String(err) });
      errorMessage = "The run failed on our side; it is logged and the next run tries again.";
    }
  }
  return record(tx, task, trigger, produced ? { eventType: "success", produced } : { eventType: "failed", errorMessage: errorMessage! });
}

/** Records a run's outcome and announces it to the workspace's webhooks (autopilot.run.succeeded or .failed) in the same transaction. */
async function record(
  tx: Tx,
  task: AutopilotTaskRow,
  trigger: Trigger,
  outcome: { eventType: "success"; produced: Produced } | { eventType: "failed"; errorMessage: string } | { eventType: "skipped_limit" | "skipped_premium_lost" },
): Promise<AutopilotEventRow> {
  const event = await insertAutopilotEvent(tx, {
    taskId: task.id,
    organizationId: task.organizationId,
    ownerId: task.ownerId,
    capKey: capKeyOf(task),
    eventType: outcome.eventType,
    trigger: trigger.kind,
    scheduledFor: trigger.kind === "schedule" ? trigger.dueAt : null,
    ...(outcome.eventType === "success"
      ? { resultContentId: outcome.produced.contentId, resultContentType: outcome.produced.contentType, contentMinutes: outcome.produced.minutes }
      : {}),
    ...(outcome.eventType === "failed" ? { errorMessage: outcome.errorMessage.slice(0, 1000) } : {}),
    createdAt: new Date(),
  });
  const base = { taskId: task.id, eventId: event.id, createdAt: event.createdAt.toISOString() };
  if (outcome.eventType === "success") {
    await enqueueWebhookEvent(tx, {
      organizationId: task.organizationId,
      type: "autopilot.run.succeeded",
      data: { ...base, resultContentId: outcome.produced.contentId, resultContentType: outcome.produced.contentType },
    });
  } else {
    await enqueueWebhookEvent(tx, {
      organizationId: task.organizationId,
      type: "autopilot.run.failed",
      data: { ...base, outcome: outcome.eventType, errorMessage: event.errorMessage ?? null },
    });
  }
  return event;
}

/**
 * POST .../{taskId}/run-now: executes now whatever the state, leaving state and schedule as they
 * are. 403 with nothing run or recorded past the owner's daily cap or when the entitlements
 * refuse the run; otherwise 200 with the event (success or failed).
 */
export async function runTaskNow(db: Db, organizationId: string, taskId: string, now = new Date()) {
  const changes = new ContentChanges();
  const event = await db.transaction(async (tx) => {
    const task = await lockAutopilotTask(tx, organizationId, taskId);
    if (!task) throw notFound("Autopilot task not found.");
    const capKey = capKeyOf(task);
    await lockAutopilotCap(tx, capKey);
    if ((await executionsToday(tx, capKey, now)) >= DAILY_EXECUTION_CAP) {
      throw forbidden(`The daily limit of ${DAILY_EXECUTION_CAP} autopilot executions for this task's owner is reached; it resets at 00:00 UTC.`);
    }
    const refusal = await entitlementRefusal(tx, task, now);
    if (refusal) throw forbidden(refusal.message);
    const row = await execute(db, tx, task, { kind: "run_now" }, changes);
    await updateAutopilotTask(tx, organizationId, taskId, { executions: task.executions + 1 });
    return row;
  });
  await changes.announce();
  return eventResource(event);
}

export interface DueRunResult {
  taskId: string;
  eventId: string;
  eventType: AutopilotEventRow["eventType"];
}

/**
 * Claims and serves one due active task (the oldest due first), or returns null when none is
 * due. Outcomes: skipped_premium_lost (schedule advanced), skipped_limit (retried the next UTC
 * day at the same time), failed when the minutes entitlement has no capacity (schedule
 * advanced), else the run's success or failure (schedule advanced). Once tasks return to draft
 * when their run is served (not when it is retried).
 */
export async function runNextDueTask(db: Db = getDb(), now = new Date()): Promise<DueRunResult | null> {
  const changes = new ContentChanges();
  const result = await db.transaction(async (tx) => {
    const task = await claimDueAutopilotTask(tx, now);
    if (!task) return null;
    const dueAt = task.nextRunAt!;
    const trigger: Trigger = { kind: "schedule", dueAt };
    const capKey = capKeyOf(task);
    await lockAutopilotCap(tx, capKey);
    const advanced = nextRunAfter(task.repeatMode, dueAt, now);
    const served: Partial<NewAutopilotTask> = { nextRunAt: advanced, ...(advanced === null ? { status: "draft" as const } : {}) };

    let event: AutopilotEventRow;
    let patch: Partial<NewAutopilotTask> = served;
    const refusal = await entitlementRefusal(tx, task, now);
    if (refusal?.kind === "premium") event = await record(tx, task, trigger, { eventType: "skipped_premium_lost" });
    else if ((await executionsToday(tx, capKey, now)) >= DAILY_EXECUTION_CAP) {
      event = await record(tx, task, trigger, { eventType: "skipped_limit" });
      patch = { nextRunAt: retryNextDay(dueAt, now) };
    } else if (refusal) event = await record(tx, task, trigger, { eventType: "failed", errorMessage: refusal.message });
    else {
      event = await execute(db, tx, task, trigger, changes);
      patch = { ...served, executions: task.executions + 1 };
    }
    await updateAutopilotTask(tx, task.organizationId, task.id, patch);
    return { taskId: task.id, eventId: event.id, eventType: event.eventType };
  });
  await changes.announce();
  return result;
}

/** Serves due tasks one by one until none is due or `max` were served (the rest wait for the next tick). */
export async function runDueTasks(db: Db = getDb(), opts: { max?: number; now?: () => Date } = {}): Promise<DueRunResult[]> {
  const out: DueRunResult[] = [];
  for (let i = 0; i < (opts.max ?? 50); i++) {
    const r = await runNextDueTask(db, opts.now?.() ?? new Date());
    if (!r) break;
    out.push(r);
  }
  return out;
}
