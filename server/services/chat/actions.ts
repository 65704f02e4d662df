/**
 * The coach's actions. Each type's parameters are the body of the public operation it runs
 * (with the path's ids folded in) and are validated with that operation's own schema, when the
 * coach proposes them and again when the member confirms. Execution calls the same service as
 * the operation's route, for the conversation's member, so validation and errors are the same.
 */
import type { z } from "zod";
import type { Db } from "@/db/client";
import { findAssignableWorkouts, findStartablePlan } from "@/db/queries/library";
import { type ChatActionType, findAdaptableWorkoutIds, findCoachWorkouts } from "@/db/queries/chat";
import { ApiError, } from "@/server/core/errors";
import { isEnglish } from "@/server/ai/i18n";
import { stableStringify } from "@/server/ai/rng";
import { type Locale, pickText } from "@/server/core/locale";
import { CHAT_ACTION_PARAMS } from "@/server/contracts/chat";
import { parseOrThrow } from "@/server/core/validation";
import { assignWorkouts } from "@/server/services/members/assign-workouts";
import { endPlan, startPlan } from "@/server/services/members/plan-enrollment";
import { adaptWorkout } from "@/server/services/personalization/adapt-workout";
import { generateWorkout, preflightGenerateWorkout } from "@/server/services/personalization/generate-workout";
import { coachTexts, formatDay, quoteNames } from "./coach/texts";
import type { CoachContext } from "./member-context";
import type { ChatMember } from "./resolve-chat-member";

/** How long a proposal stays confirmable: the member's data (and "today") move on. */
export const PROPOSAL_TTL_MS = 24 * 60 * 60_000;

export interface Proposal {
  type: ChatActionType;
  params: Record<string, unknown>;
  summary: string;
}

type ParsedParams = Record<string, unknown>;

/** The operation-schema check: the parsed parameters, or the operation's own 400 ValidationError. */
export function parseActionParams(type: ChatActionType, params: unknown): ParsedParams {
  const spec = CHAT_ACTION_PARAMS[type];
  return parseOrThrow(spec.params as z.ZodType, params, spec.target) as ParsedParams;
}

interface ExecuteArgs {
  organizationId: string;
  member: ChatMember;
  locale: Locale;
}

/** Runs a confirmed action through the public operation's service; returns that operation's response data. */
export async function executeAction(db: Db, type: ChatActionType, params: ParsedParams, args: ExecuteArgs): Promise<unknown> {
  const who = { organizationId: args.organizationId, endUserIdentifier: args.member.id };
  switch (type) {
    case "assign_workout": {
      const p = params as { workoutIds: string[]; sendAssignmentEmail?: boolean; sendAssignmentPush?: boolean };
      return assignWorkouts(db, { ...who, workoutIds: p.workoutIds, sendAssignmentEmail: p.sendAssignmentEmail ?? true, sendAssignmentPush: p.sendAssignmentPush ?? true });
    }
    case "start_plan": {
      const p = params as { planId: string; startDate?: string };
      return startPlan(db, { ...who, planId: p.planId, startDate: p.startDate, locale: args.locale });
    }
    case "end_plan":
      return endPlan(db, { ...who, planId: (params as { planId: string }).planId, locale: args.locale });
    case "generate_workout":
      return generateWorkout(db, args.organizationId, params as Parameters<typeof generateWorkout>[2]);
    case "adapt_workout": {
      const { workoutId, ...body } = params as { workoutId: string } & Parameters<typeof adaptWorkout>[3];
      return adaptWorkout(db, args.organizationId, workoutId, body);
    }
  }
}

interface GeneratedLike {
  name: string;
  localizedName?: string;
  totalDurationSeconds: number;
  instances: { exercise: { id: string } | null }[];
  adaptationReasoning?: string;
}

/** The sentence that records a confirmed action's outcome, in the conversation's language. */
export async function outcomeText(db: Db, organizationId: string, type: ChatActionType, result: unknown, locale: Locale): Promise<string> {
  const t = coachTexts(locale);
  switch (type) {
    case "assign_workout": {
      const r = result as { added: string[]; alreadyAssigned: string[] };
      const names = new Map((await findCoachWorkouts(db, organizationId, [...r.added, ...r.alreadyAssigned])).map((w) => [w.id, pickText(w.name, locale)]));
      const list = (ids: string[]) => quoteNames(ids.map((id) => names.get(id) ?? id), locale);
      return [r.added.length ? t.assigned(list(r.added), r.added.length) : "", r.alreadyAssigned.length ? t.alreadyAssigned(list(r.alreadyAssigned), r.alreadyAssigned.length) : ""]
        .filter(Boolean)
        .join(" ");
    }
    case "start_plan": {
      const r = result as { startDate: string; plan: { name: string } };
      return t.started(r.plan.name, formatDay(r.startDate, locale));
    }
    case "end_plan":
      return t.ended((result as { plan: { name: string } }).plan.name);
    case "generate_workout":
    case "adapt_workout": {
      const w = result as GeneratedLike;
      const name = w.localizedName ?? w.name;
      const minutes = Math.round(w.totalDurationSeconds / 60);
      if (type === "generate_workout") return t.generated(name, minutes, new Set(w.instances.flatMap((i) => (i.exercise ? [i.exercise.id] : []))).size);
      return [t.adapted(name, minutes), isEnglish(locale) && w.adaptationReasoning ? w.adaptationReasoning : ""].filter(Boolean).join(" ");
    }
  }
}

/**
 * Keeps the proposals that would execute now: parameters valid for the operation, and the
 * workouts and plans they name eligible for this member (a generate body must pass preflight;
 * without its focus when the focus alone makes it infeasible). A model's invented ids end here.
 */
export async function groundProposals(ctx: CoachContext, proposals: Proposal[]): Promise<Proposal[]> {
  const checked = await Promise.all(
    proposals.map(async (proposal) => {
      try {
        const grounded = await groundOne(ctx, proposal.type, parseActionParams(proposal.type, proposal.params));
        return grounded ? { ...proposal, params: grounded } : null;
      } catch (err) {
        // The operation's own refusal (a bad body, an unknown reference id): not offered.
        if (err instanceof ApiError) return null;
        throw err;
      }
    }),
  );
  const seen = new Set<string>();
  return checked.filter((p): p is Proposal => {
    if (!p) return false;
    const key = `${p.type}:${JSON.stringify(p.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function groundOne(ctx: CoachContext, type: ChatActionType, params: ParsedParams): Promise<ParsedParams | null> {
  const { db, organizationId, member } = ctx;
  switch (type) {
    case "assign_workout": {
      const ids = params.workoutIds as string[];
      if (ids.length === 0) return null;
      const eligible = await findAssignableWorkouts(db, organizationId, ids);
      if (eligible.length !== new Set(ids).size) return null;
      const inLibrary = new Set((await ctx.library()).map((w) => w.id));
      return ids.every((id) => inLibrary.has(id)) ? null : params;
    }
    case "start_plan":
      return (await findStartablePlan(db, { organizationId, endUserId: member.id, planId: params.planId as string })) ? params : null;
    case "end_plan":
      return (await ctx.plan())?.planId === params.planId ? params : null;
    case "adapt_workout":
      return (await findAdaptableWorkoutIds(db, organizationId, [params.workoutId as string])).size ? params : null;
    case "generate_workout": {
      const body = params as GenerateBody;
      if (await feasible(ctx, body)) return params;
      if (!body.categoryId && !body.muscleGroupIds?.length) return null;
      const { categoryId: _c, muscleGroupIds: _m, ...plain } = body;
      return (await feasible(ctx, plain)) ? (plain as ParsedParams) : null;
    }
  }
}

type GenerateBody = Parameters<typeof preflightGenerateWorkout>[2];

const FEASIBILITY_TTL_MS = 60_000;
const feasibility = new Map<string, { feasible: boolean; until: number }>();

/**
 * Whether a generate body passes preflight. Kept for a minute per organization and body: the
 * coach offers the same few bodies again and again, and the confirm runs the real validation.
 */
async function feasible(ctx: CoachContext, body: GenerateBody): Promise<boolean> {
  const key = `${ctx.organizationId}:${stableStringify(body)}`;
  const hit = feasibility.get(key);
  if (hit && hit.until > Date.now()) return hit.feasible;
  const { feasible: ok } = await preflightGenerateWorkout(ctx.db, ctx.organizationId, body);
  if (feasibility.size > 5_000) feasibility.clear();
  feasibility.set(key, { feasible: ok, until: Date.now() + FEASIBILITY_TTL_MS });
  return ok;
}
