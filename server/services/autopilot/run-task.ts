/**
 * Running tasks: run-now (POST .../{taskId}/run-now) and the scheduler's due runs. A run holds no
 * lock while the model works (docs/autopilot.md "Runs and locks"); it is three steps:
 *
 * 1. claim, one short transaction: lock the task row and the owner's cap (advisory lock), check
 *    the cap and the entitlements, and mark the task claimed (a token and a lease end). The claim
 *    counts against the daily cap (20 executions per owner per UTC day) until the run records its
 *    event, so concurrent runs of one owner cannot pass it. Scheduled outcomes that need no
 *    model (skipped_premium_lost, skipped_limit, failed for the minutes entitlement) are recorded
 *    right there.
 * 2. produce, no transaction: the AI services make the content in memory (reads on the pool).
 *    A PATCH, deactivate or delete of the task meanwhile answers at once.
 * 3. commit, one short transaction: re-lock the task and keep the run only when the claim is still
 *    this run's and (scheduled runs) the task is still active with the due time it claimed; then
 *    content, event, webhook events and schedule commit together and the claim is cleared.
 *    Otherwise the run is discarded: nothing is published and nothing recorded (the user's
 *    deactivate, delete or reschedule wins; a run that outlived its lease lost the task to the
 *    run that claimed it next). Edits of other fields do not void a run: it made what the task
 *    said when it started, as if the edit had come just after it.
 *
 * Two schedulers never serve the same due time: claims take a due, unclaimed task with FOR UPDATE
 * SKIP LOCKED, a claimed task is not due again until its lease passes, a commit moves nextRunAt past
 * now, and the event's unique (taskId, scheduledFor) is the last guard. A crash between claim and
 * commit leaves the claim, which ends with its lease (RUN_LEASE_MS, far longer than the model's
 * time budget); then the scheduler runs the task again and run-now accepts it again.
 *
 * Workouts published by a run are announced (`workouts/content.changed`) after the commit.
 */
import { getDb, type Db, type Tx } from "@/db/client";
import {
  type AutopilotEventRow,
  type AutopilotTaskRow,
  claimDueAutopilotTask,
  countLiveAutopilotClaims,
  insertAutopilotEvent,
  lockAutopilotCap,
  lockAutopilotTask,
  releaseAutopilotRunClaim,
  setAutopilotRunClaim,
  updateAutopilotTask,
} from "@/db/queries/autopilot";
import type { NewAutopilotTask } from "@/db/queries/autopilot";
import { newId } from "@/db/schema/columns";
import { log } from "@/server/core/log";
import { conflict, forbidden, notFound } from "@/server/core/errors";
import { ContentChanges, enqueueWorkoutPublished } from "@/server/services/content/content-changes";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { DAILY_EXECUTION_CAP, capKeyOf, entitlementRefusal, executionsToday } from "./entitlements";
import { type Prepared, type Produced, RunFailure, prepareContent, storeContent } from "./produce-content";
import { nextRunAfter, retryNextDay } from "./schedule";
import { eventResource } from "./serialize";

/**
 * How long a claim keeps a task for its run. Far longer than one model call's time budget (20 s;
 * a plan may take a few calls), so only a crashed run's claim ever expires.
 */
export const RUN_LEASE_MS = 10 * 60_000;

type Trigger = { kind: "run_now" } | { kind: "schedule"; dueAt: Date };

/** A task claimed by this run: the task as it was when claimed, the claim's token and the trigger. */
export interface RunClaim {
  task: AutopilotTaskRow;
  token: string;
  trigger: Trigger;
}

/** What the produce step made: content in memory, or the reason recorded as a failed run. */
type Production = { prepared: Prepared } | { errorMessage: string };

/** Why a commit kept nothing. */
type Discard = "deleted" | "claim_lost" | "deactivated" | "rescheduled";

const OUR_FAILURE = "The run failed on our side; it is logged and the next run tries again.";

/** Executions counted against the cap today: recorded runs plus runs in progress. */
async function usedToday(tx: Tx, capKey: string, now: Date): Promise<number> {
  const [recorded, inProgress] = await Promise.all([executionsToday(tx, capKey, now), countLiveAutopilotClaims(tx, capKey, now)]);
  return recorded + inProgress;
}

async function setClaim(tx: Tx, task: AutopilotTaskRow, trigger: Trigger, now: Date): Promise<RunClaim> {
  const token = newId();
  await setAutopilotRunClaim(tx, task.id, token, new Date(now.getTime() + RUN_LEASE_MS));
  return { task, token, trigger };
}

/** Step 2: the AI work, with no transaction or lock held. */
async function produce(db: Db, claim: RunClaim): Promise<Production> {
  try {
    return { prepared: await prepareContent(db, claim.task) };
  } catch (err) {
    if (err instanceof RunFailure) return { errorMessage: err.message };
    log("error", "autopilot run failed", { taskId: claim.task.id, err: err instanceof Error ? err.stack : String(err) });
    return { errorMessage: OUR_FAILURE };
  }
}

/** Stores the prepared content in a savepoint (rolled back on failure), then records the event. */
async function execute(tx: Tx, claim: RunClaim, production: Production, changes: ContentChanges): Promise<AutopilotEventRow> {
  const { task, trigger } = claim;
  if ("errorMessage" in production) return record(tx, task, trigger, { eventType: "failed", errorMessage: production.errorMessage });
  const attempt = new ContentChanges();
  let produced: Produced | null = null;
  let errorMessage = OUR_FAILURE;
  try {
    produced = await tx.transaction((sp) => storeContent(sp, task, production.prepared, attempt));
    for (const id of attempt.publishedWorkoutIds) changes.workoutPublished(id);
    await enqueueWorkoutPublished(tx, attempt.publishedWorkoutIds);
  } catch (err) {
    if (err instanceof RunFailure) errorMessage = err.message;
    else log("error", "autopilot run failed", { taskId: task.id, err: err instanceof Error ? err.stack : String(err) });
  }
  return record(tx, task, trigger, produced ? { eventType: "success", produced } : { eventType: "failed", errorMessage });
}

/**
 * Step 3: re-locks the task and commits the run (content, event, schedule, claim cleared), or
 * discards it (see the header) and releases the claim when it is still ours.
 */
async function commitRun(db: Db, claim: RunClaim, production: Production, now: Date, changes: ContentChanges): Promise<{ event: AutopilotEventRow } | { discarded: Discard }> {
  const { task, token, trigger } = claim;
  return db.transaction(async (tx) => {
    const current = await lockAutopilotTask(tx, task.organizationId, task.id);
    const discard = async (why: Discard) => {
      await releaseAutopilotRunClaim(tx, task.id, token);
      return { discarded: why };
    };
    if (!current) return discard("deleted");
    if (current.runClaimToken !== token) return { discarded: "claim_lost" as const };
    let patch: Partial<NewAutopilotTask> = {};
    if (trigger.kind === "schedule") {
      if (current.status !== "active") return discard("deactivated");
      if (current.nextRunAt?.getTime() !== trigger.dueAt.getTime()) return discard("rescheduled");
      const advanced = nextRunAfter(current.repeatMode, trigger.dueAt, now);
      patch = { nextRunAt: advanced, ...(advanced === null ? { status: "draft" as const } : {}) };
    }
    await lockAutopilotCap(tx, capKeyOf(task));
    const event = await execute(tx, claim, production, changes);
    await updateAutopilotTask(tx, task.organizationId, task.id, { ...patch, executions: current.executions + 1, runClaimToken: null, runClaimedUntil: null });
    return { event };
  });
}

/** Releases a claim after a failure between claim and commit (best effort: the lease ends it anyway). */
async function releaseQuietly(db: Db, claim: RunClaim): Promise<void> {
  await db.transaction((tx) => releaseAutopilotRunClaim(tx, claim.task.id, claim.token)).catch(() => undefined);
}

/** Steps 2 and 3 of a claimed run. */
async function finishRun(db: Db, claim: RunClaim, now: Date, changes: ContentChanges) {
  try {
    const production = await produce(db, claim);
    return await commitRun(db, claim, production, now, changes);
  } catch (err) {
    await releaseQuietly(db, claim);
    throw err;
  }
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

const runInProgress = () => conflict("A run of this task is in progress; try again when it has finished.");

/**
 * POST .../{taskId}/run-now: executes now whatever the state, leaving state and schedule as they
 * are. 403 with nothing run or recorded past the owner's daily cap (runs in progress included) or
 * when the entitlements refuse the run; 409 while another run of the task is in progress (or when
 * this run outlived its lease and another took the task); 404 when the task is deleted meanwhile
 * (nothing is published); otherwise 200 with the event (success or failed).
 */
export async function runTaskNow(db: Db, organizationId: string, taskId: string, now = new Date()) {
  const changes = new ContentChanges();
  const claim = await db.transaction(async (tx) => {
    const task = await lockAutopilotTask(tx, organizationId, taskId);
    if (!task) throw notFound("Autopilot task not found.");
    if (task.runClaimedUntil && task.runClaimedUntil > now) throw runInProgress();
    const capKey = capKeyOf(task);
    await lockAutopilotCap(tx, capKey);
    if ((await usedToday(tx, capKey, now)) >= DAILY_EXECUTION_CAP) {
      throw forbidden(`The daily limit of ${DAILY_EXECUTION_CAP} autopilot executions for this task's owner is reached; it resets at 00:00 UTC.`);
    }
    const refusal = await entitlementRefusal(tx, task, now);
    if (refusal) throw forbidden(refusal.message);
    return setClaim(tx, task, { kind: "run_now" }, now);
  });
  const result = await finishRun(db, claim, now, changes);
  if ("discarded" in result) {
    if (result.discarded === "deleted") throw notFound("Autopilot task not found: it was deleted while it ran, and nothing was published.");
    throw runInProgress();
  }
  await changes.announce();
  return eventResource(result.event);
}

export interface DueRunResult {
  taskId: string;
  /** The recorded event; null when the run was discarded (the task was deactivated, deleted or rescheduled meanwhile). */
  eventId: string | null;
  eventType: AutopilotEventRow["eventType"] | "discarded";
}

/**
 * Step 1 of a scheduled run: claims the oldest due, unclaimed active task, or returns null when
 * none is due. Outcomes that need no model are recorded at once (`served`): skipped_premium_lost
 * (schedule advanced), skipped_limit (retried the next UTC day at the same time), failed when the
 * minutes entitlement has no capacity (schedule advanced). Otherwise the task is claimed for a run.
 */
export async function claimNextDueTask(db: Db, now: Date): Promise<{ served: DueRunResult } | { claim: RunClaim } | null> {
  return db.transaction(async (tx) => {
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
    else if ((await usedToday(tx, capKey, now)) >= DAILY_EXECUTION_CAP) {
      event = await record(tx, task, trigger, { eventType: "skipped_limit" });
      patch = { nextRunAt: retryNextDay(dueAt, now) };
    } else if (refusal) event = await record(tx, task, trigger, { eventType: "failed", errorMessage: refusal.message });
    else return { claim: await setClaim(tx, task, trigger, now) };
    await updateAutopilotTask(tx, task.organizationId, task.id, patch);
    return { served: { taskId: task.id, eventId: event.id, eventType: event.eventType } };
  });
}

/**
 * Serves one due active task (the oldest due first), or returns null when none is due: the
 * outcomes of claimNextDueTask, else the run's success or failure (schedule advanced), or
 * "discarded" when the task was deactivated, deleted or rescheduled during the run. Once tasks
 * return to draft when their run is served (not when it is retried).
 */
export async function runNextDueTask(db: Db = getDb(), now = new Date()): Promise<DueRunResult | null> {
  const claimed = await claimNextDueTask(db, now);
  if (!claimed) return null;
  if ("served" in claimed) return claimed.served;
  const changes = new ContentChanges();
  const result = await finishRun(db, claimed.claim, now, changes);
  const taskId = claimed.claim.task.id;
  if ("discarded" in result) {
    log("info", "autopilot run discarded", { taskId, reason: result.discarded });
    return { taskId, eventId: null, eventType: "discarded" };
  }
  await changes.announce();
  return { taskId, eventId: result.event.id, eventType: result.event.eventType };
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
