import type { Db, Tx } from "@/db/client";
import type { SessionPlaybackQuality } from "@/db/schema";
import { lockEndUser } from "@/db/queries/end-users";
import {
  type SessionOwner,
  closeStartedSessions,
  finishStartedSession,
  findOwnedSession,
  findPlayableWorkout,
  findRecentStartedSession,
  insertSession,
  segmentBelongsToWorkout,
  updateStartedSession,
} from "@/db/queries/sessions";
import type { Caller } from "@/server/core/caller";
import { badRequest, conflict, forbidden, notFound } from "@/server/core/errors";
import { retryOnUniqueViolation } from "@/db/errors";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { sessionCompletedData } from "@/server/services/webhooks/event-payloads";
import { type AttributionFields, type Identity, resolveIdentity } from "./resolve-attribution";
import { type WorkoutSessionResource, toWorkoutSession } from "./serialize";

interface Call {
  caller: Caller;
  workoutId: string;
  attribution: AttributionFields;
  /** The request type name for 400s about attribution. */
  target: string;
}

const ownerOf = (identity: Identity): SessionOwner =>
  identity.endUser
    ? { organizationId: identity.organizationId, by: "member", endUserId: identity.endUser.id }
    : { organizationId: identity.organizationId, by: "anonymous" };

/**
 * The owner as the caller names it, without a database round trip (the member is matched inside
 * the session statement). 400 for a multi-organization key without organizationId.
 */
function ownerAsNamed(call: Call): SessionOwner {
  const { caller, attribution } = call;
  if (caller.member) return { organizationId: caller.member.organizationId, by: "member", endUserId: caller.member.endUserId };
  const organizationId = caller.resolveOrganizationId(attribution.organizationId, call.target);
  if (attribution.endUserId === undefined && attribution.externalUserId === undefined) return { organizationId, by: "anonymous" };
  return { organizationId, by: "fields", endUserId: attribution.endUserId, externalUserId: attribution.externalUserId };
}

const SESSION_NOT_FOUND = "Workout session not found.";
const COMPLETED = "The workout session is already completed.";

/**
 * Starts a session (201). The workout must exist, be published and belong to the caller's
 * organization (403 for another organization's). For a known member, their previous started
 * sessions of this workout are closed first. Starts of one member are serialized on the member's
 * row, and the partial unique index guarantees at most one started session per member and workout
 * (a violation is retried, closing the other start's session).
 */
export async function startWorkoutSession(db: Tx, call: Call): Promise<WorkoutSessionResource> {
  const identity = await resolveIdentity(db, call.caller, call.attribution, call.target);
  const workout = await findPlayableWorkout(db, call.workoutId);
  if (!workout) throw notFound("Workout not found.");
  if (!call.caller.canAccess(workout.organizationId)) throw forbidden();
  if (workout.organizationId !== identity.organizationId) throw notFound("Workout not found in this organization.");
  const endUserId = identity.endUser?.id ?? null;
  const row = await retryOnUniqueViolation("workout_sessions_one_started_uq", () =>
    db.transaction(async (tx) => {
      if (endUserId) {
        await lockEndUser(tx, endUserId);
        await closeStartedSessions(tx, { endUserId, workoutId: workout.id });
      }
      return insertSession(tx, {
        workoutId: workout.id,
        organizationId: workout.organizationId,
        endUserId,
        apiKeyId: call.caller.apiKey?.id ?? null,
        expectedDuration: workout.duration,
      });
    }),
  );
  return toWorkoutSession(row);
}

/** Why a conditional update on a session did not apply: 404 (not the caller's), 409 (completed) or 400 (segment). */
async function explainMiss(
  db: Db,
  args: { sessionId: string; workoutId: string; owner: SessionOwner; workoutSegmentId?: string | null; target: string },
): Promise<never> {
  const row = await findOwnedSession(db, args);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  if (row.status !== "started") throw conflict(COMPLETED);
  if (args.workoutSegmentId && !(await segmentBelongsToWorkout(db, args.workoutSegmentId, args.workoutId))) {
    throw badRequest("workoutSegmentId is not a segment of this workout's playlist.", args.target);
  }
  throw conflict("The workout session changed concurrently; retry.");
}

/**
 * Records playback (progressSeconds: actual seconds played, pauses excluded; workoutSegmentId).
 * One conditional UPDATE, which also matches the member: it applies only while the session is
 * started, so a concurrent end or complete either comes after it or makes it answer 409; nothing
 * is lost in between. Only a miss pays for resolving the identity to explain it (404, 409, 400).
 */
export async function updateWorkoutSession(
  db: Db,
  call: Call & { sessionId: string; progressSeconds?: number; workoutSegmentId?: string | null; quality?: SessionPlaybackQuality },
): Promise<WorkoutSessionResource> {
  const args = {
    sessionId: call.sessionId,
    workoutId: call.workoutId,
    progressSeconds: call.progressSeconds === undefined ? undefined : Math.round(call.progressSeconds),
    workoutSegmentId: call.workoutSegmentId,
    quality: call.quality,
  };
  const row = await updateStartedSession(db, { ...args, owner: ownerAsNamed(call) });
  if (row) return toWorkoutSession(row);
  const identity = await resolveIdentity(db, call.caller, call.attribution, call.target);
  return explainMiss(db, { ...args, owner: ownerOf(identity), target: call.target });
}

/**
 * `end` keeps duration and progress from the last PATCH; `complete` forces progress 1 and the full
 * duration; `quality`, when sent, replaces the stored playback-quality report. Announces `workout.session.completed` to the workspace's webhooks in the same transaction.
 */
export async function finishWorkoutSession(
  db: Db,
  call: Call & { sessionId: string; mode: "end" | "complete"; quality?: SessionPlaybackQuality },
): Promise<WorkoutSessionResource> {
  const args = { sessionId: call.sessionId, workoutId: call.workoutId };
  const row = await db.transaction(async (tx) => {
    const finished = await finishStartedSession(tx, { ...args, owner: ownerAsNamed(call), mode: call.mode, quality: call.quality });
    if (finished) {
      await enqueueWebhookEvent(tx, {
        organizationId: finished.organizationId,
        type: "workout.session.completed",
        data: () => sessionCompletedData(tx, finished, call.mode),
      });
    }
    return finished;
  });
  if (row) return toWorkoutSession(row);
  const identity = await resolveIdentity(db, call.caller, call.attribution, call.target);
  return explainMiss(db, { ...args, owner: ownerOf(identity), target: call.target });
}

/** One session of the caller; any other session reads as 404. */
export async function getWorkoutSession(db: Db, call: Call & { sessionId: string }): Promise<WorkoutSessionResource> {
  const row = await findOwnedSession(db, { sessionId: call.sessionId, workoutId: call.workoutId, owner: ownerAsNamed(call) });
  if (row) return toWorkoutSession(row);
  await resolveIdentity(db, call.caller, call.attribution, call.target); // 400 or 404 for a bad identity
  throw notFound(SESSION_NOT_FOUND);
}

/** The member's most recent started session of this workout, to resume; 404 without identity or without one. */
export async function getRecentWorkoutSession(db: Db, call: Call): Promise<WorkoutSessionResource> {
  const identity = await resolveIdentity(db, call.caller, call.attribution, call.target);
  if (!identity.endUser) throw notFound("No identity was given: send a Bearer token, endUserId or externalUserId.");
  const row = await findRecentStartedSession(db, { workoutId: call.workoutId, organizationId: identity.organizationId, endUserId: identity.endUser.id });
  if (!row) throw notFound("There is no started session of this workout to resume.");
  return toWorkoutSession(row);
}
