import { z } from "zod";
import type { Db } from "@/db/client";
import { notFound, unauthorized } from "@/server/core/errors";
import { resolveReadLocale } from "@/server/core/locale";
import { HexId } from "@/server/contracts/schemas";
import { EndWorkoutSessionBody, SubmitWorkoutFeedbackBody, UpdateWorkoutSessionBody } from "@/server/contracts/sessions";
import { findReadableWorkout } from "@/server/services/content/get-workout";
import { getFeedbackOptions, submitWorkoutFeedback } from "@/server/services/sessions/feedback";
import { finishWorkoutSession, startWorkoutSession, updateWorkoutSession } from "@/server/services/sessions/workout-sessions";
import { type Viewer, asPageNotFound, viewerMayPlay } from "./viewer";

/**
 * Sessions and feedback of a member signed in on the hosted grids, so playing there moves their
 * plan progress like any other player. The same session services as /v1 run with the page's
 * caller, which names the member (as a member Bearer token would): no attribution fields.
 */

const TARGET = "MemberSessionBody";

/** Some fields of a declared /v1 body, with their own schemas (limits written once, in the declaration). */
function apiFields<S extends z.ZodObject, K extends keyof S["shape"] & string>(body: S, keys: readonly K[]): Pick<S["shape"], K> {
  return Object.fromEntries(keys.map((k) => [k, body.shape[k]])) as Pick<S["shape"], K>;
}

/**
 * Checks a page action against the whole declared /v1 body it stands for, so the body's own
 * rules ("send at least one of ...") apply here too; `rename` maps the API's field names back to
 * the page's for the error details.
 */
function alsoValidAs(body: z.ZodType, toApi: (value: Record<string, unknown>) => Record<string, unknown>, rename: Record<string, string> = {}) {
  return (payload: z.core.ParsePayload<Record<string, unknown>>) => {
    if (payload.issues.length > 0) return; // a field is already wrong: its own issue says why
    const result = body.safeParse(toApi(payload.value));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === "string" ? (rename[p] ?? p) : p));
      payload.issues.push({ code: "custom", message: issue.message, path, input: payload.value });
    }
  };
}

const PATCH_FIELDS = ["progressSeconds", "workoutSegmentId"] as const;
const FEEDBACK_FIELDS = ["ratingId", "difficultyId", "comment"] as const;
const pick = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));

/**
 * The page route's body: one action per /v1 session or feedback call, with the fields (and rules)
 * of that call's declared body minus attribution.
 */
export const MemberSessionBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("start"), planId: HexId.optional() }).strict(),
  z
    .object({ action: z.literal("patch"), ...apiFields(EndWorkoutSessionBody, ["sessionId"]), ...apiFields(UpdateWorkoutSessionBody, PATCH_FIELDS) })
    .strict()
    .check(alsoValidAs(UpdateWorkoutSessionBody, (v) => pick(v, PATCH_FIELDS))),
  z.object({ action: z.enum(["end", "complete"]), ...apiFields(EndWorkoutSessionBody, ["sessionId"]) }).strict(),
  z
    .object({ action: z.literal("feedback"), sessionId: SubmitWorkoutFeedbackBody.shape.workoutSessionId, ...apiFields(SubmitWorkoutFeedbackBody, FEEDBACK_FIELDS) })
    .strict()
    .check(alsoValidAs(SubmitWorkoutFeedbackBody, (v) => ({ workoutSessionId: v.sessionId, ...pick(v, FEEDBACK_FIELDS) }), { workoutSessionId: "sessionId" })),
]);
export type MemberSessionBody = z.infer<typeof MemberSessionBody>;

function requireMember(viewer: Viewer) {
  if (!viewer.member) throw unauthorized("Sign in to save your progress.");
  return viewer.member;
}

export async function recordMemberSession(db: Db, viewer: Viewer, workoutId: string, body: MemberSessionBody) {
  requireMember(viewer);
  const call = { caller: viewer.caller, workoutId, attribution: {}, target: TARGET };
  switch (body.action) {
    case "start": {
      const row = await asPageNotFound(findReadableWorkout(db, viewer.caller, workoutId), "Workout not found.");
      if (!(await viewerMayPlay(db, viewer, row, body.planId))) throw notFound("Workout not found.");
      return { data: await startWorkoutSession(db, call) };
    }
    case "patch":
      return {
        data: await updateWorkoutSession(db, {
          ...call,
          sessionId: body.sessionId,
          progressSeconds: body.progressSeconds,
          workoutSegmentId: body.workoutSegmentId,
        }),
      };
    case "end":
    case "complete":
      return { data: await finishWorkoutSession(db, { ...call, sessionId: body.sessionId, mode: body.action }) };
    case "feedback":
      return {
        data: await submitWorkoutFeedback(db, {
          ...call,
          workoutSessionId: body.sessionId,
          ratingId: body.ratingId,
          difficultyId: body.difficultyId,
          comment: body.comment,
        }),
      };
  }
}

export async function memberFeedbackOptions(db: Db, viewer: Viewer, locale: string | null) {
  requireMember(viewer);
  return { data: await getFeedbackOptions(db, { caller: viewer.caller, locale: resolveReadLocale(locale), target: TARGET }) };
}
