import type { Db, Tx } from "@/db/client";
import {
  type FeedbackOptionRow,
  adjustWorkoutRating,
  findFeedbackForSession,
  findFeedbackOptions,
  insertFeedback,
  listFeedbackOptions,
  updateFeedback,
} from "@/db/queries/feedback";
import { type SessionOwner, findOwnedSession } from "@/db/queries/sessions";
import type { Caller } from "@/server/core/caller";
import { ApiError, notFound } from "@/server/core/errors";
import { type Locale, pickText, resolveReadLocale } from "@/server/core/locale";
import { type AttributionFields, resolveIdentity } from "./resolve-attribution";

const toOption = (o: FeedbackOptionRow, locale: Locale) => ({ id: o.id, label: pickText(o.label, locale), value: o.value });

/** The organization's rating and difficulty options (labels localized). Member fields are accepted and not needed. */
export async function getFeedbackOptions(db: Tx, args: { caller: Caller; organizationId?: string; locale: Locale; target: string }) {
  // A member token wins over the attribution fields, as on the session routes.
  const organizationId = args.caller.member ? args.caller.member.organizationId : args.caller.resolveOrganizationId(args.organizationId, args.target);
  const options = await listFeedbackOptions(db, organizationId);
  return {
    rating: options.filter((o) => o.kind === "rating").map((o) => toOption(o, args.locale)),
    difficulty: options.filter((o) => o.kind === "difficulty").map((o) => toOption(o, args.locale)),
  };
}

export interface SubmitFeedbackArgs {
  caller: Caller;
  workoutId: string;
  attribution: AttributionFields;
  target: string;
  workoutSessionId: string;
  /** Omitted keeps the stored value, null clears it. */
  ratingId?: string | null;
  difficultyId?: string | null;
  comment?: string | null;
}

/**
 * Records the feedback of one session: the first call creates it, a repeat updates it (one per
 * session, unique index). Option ids must be this organization's options of the right kind (400
 * otherwise). The workout's rating sum and count change in the same transaction, under the
 * session's row lock, so concurrent submissions for a session cannot double count.
 */
export async function submitWorkoutFeedback(db: Db, args: SubmitFeedbackArgs) {
  const identity = await resolveIdentity(db, args.caller, args.attribution, args.target);
  const owner: SessionOwner = identity.endUser
    ? { organizationId: identity.organizationId, by: "member", endUserId: identity.endUser.id }
    : { organizationId: identity.organizationId, by: "anonymous" };
  const result = await db.transaction(async (tx) => {
    const session = await findOwnedSession(tx, { sessionId: args.workoutSessionId, workoutId: args.workoutId, owner, forUpdate: true });
    if (!session) throw notFound("Workout session not found.");

    const wanted = [args.ratingId, args.difficultyId].filter((x): x is string => typeof x === "string");
    const options = new Map((await findFeedbackOptions(tx, session.organizationId, wanted)).map((o) => [o.id, o]));
    const problems: { code: string; message: string; target: string }[] = [];
    for (const [field, kind] of [
      ["ratingId", "rating"],
      ["difficultyId", "difficulty"],
    ] as const) {
      const id = args[field];
      if (typeof id !== "string") continue;
      const option = options.get(id);
      if (!option || option.kind !== kind)
        problems.push({
          code: "UnknownOption",
          message: `${id} is not a ${kind} option id of this organization (see GET /v1/workouts/feedback/options).`,
          target: field,
        });
    }
    if (problems.length) throw new ApiError({ code: "BadRequest", message: "Unknown feedback option ids.", target: args.target, details: problems });

    const existing = await findFeedbackForSession(tx, session.id);
    const next = {
      ratingOptionId: args.ratingId === undefined ? (existing?.ratingOptionId ?? null) : args.ratingId,
      difficultyOptionId: args.difficultyId === undefined ? (existing?.difficultyOptionId ?? null) : args.difficultyId,
      comment: args.comment === undefined ? (existing?.comment ?? null) : args.comment,
      endUserId: session.endUserId,
    };
    const row = existing
      ? await updateFeedback(tx, existing.id, next)
      : await insertFeedback(tx, { ...next, sessionId: session.id, workoutId: session.workoutId, organizationId: session.organizationId });
    if (!row) throw new Error("feedback insert lost to a concurrent writer despite the session lock");

    const involved = [existing?.ratingOptionId, row.ratingOptionId, row.difficultyOptionId].filter((x): x is string => Boolean(x));
    const shown = await findFeedbackOptions(tx, session.organizationId, [...new Set(involved)]);
    const optionValue = (id: string | null | undefined) => (id ? (shown.find((o) => o.id === id)?.value ?? null) : null);
    const before = optionValue(existing?.ratingOptionId);
    const after = optionValue(row.ratingOptionId);
    await adjustWorkoutRating(tx, session.workoutId, { sum: (after ?? 0) - (before ?? 0), count: (after === null ? 0 : 1) - (before === null ? 0 : 1) });
    return { row, shown };
  });
  const locale = resolveReadLocale(identity.endUser?.preferredLocale);
  const option = (id: string | null) => {
    const o = id ? result.shown.find((x) => x.id === id) : undefined;
    return o ? toOption(o, locale) : null;
  };
  return {
    id: result.row.id,
    workoutSessionId: result.row.sessionId,
    workoutId: result.row.workoutId,
    traineeId: result.row.endUserId,
    rating: option(result.row.ratingOptionId),
    difficulty: option(result.row.difficultyOptionId),
    comment: result.row.comment,
    createdAt: result.row.createdAt.toISOString(),
    updatedAt: result.row.updatedAt.toISOString(),
  };
}
