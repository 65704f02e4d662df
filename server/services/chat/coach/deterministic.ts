/**
 * The coach without a model: reads the message into signals (intents.ts), answers from the
 * member's own data (member-context.ts) in the conversation's language (texts.ts), and proposes
 * concrete actions whose parameters are bodies of the public operations. Deterministic: the same
 * message on the same data gives the same reply.
 */
import type { ActionRow } from "@/db/queries/chat";
import { difficultyLabel, isEnglish } from "@/server/ai/i18n";
import type { Level } from "@/server/ai/types";
import { languageOf, pickText } from "@/server/api/locale";
import { addDays } from "@/server/services/members/plan-progress";
import type { Proposal } from "../actions";
import type { CoachContext, PlanFacts, WorkoutOption } from "../member-context";
import { type Intent, type Signals, primaryIntent, readMessage } from "./intents";
import { type CoachTexts, coachTexts, formatDay, quoteNames } from "./texts";

export interface CoachReply {
  content: string;
  intent: Intent;
  proposals: Proposal[];
}

const LEVELS: Level[] = ["beginner", "intermediate", "advanced"];
const ADD_CAN_OVERRIDE = new Set<Intent>(["tired", "shorter", "harder", "easier", "focus", "generate", "today", "affirm", "thanks", "greeting", "unknown"]);
const shift = (level: Level, by: number) => LEVELS[Math.min(2, Math.max(0, LEVELS.indexOf(level) + by))]!;
const clampMinutes = (m: number) => Math.min(60, Math.max(10, Math.round(m / 5) * 5));

/** Composes the reply and the proposals it offers (grounding happens after, in groundProposals). */
export async function deterministicReply(ctx: CoachContext, text: string, pending: () => Promise<ActionRow[]>): Promise<CoachReply> {
  const s = readMessage(text);
  let intent = primaryIntent(s);
  // "add <workout>" is an assignment once the message really names one of the organization's workouts.
  if (s.add && ADD_CAN_OVERRIDE.has(intent) && (await ctx.workoutsNamedIn(text)).length) intent = "assign";
  prefetch(ctx, intent);
  const reply = new Reply(ctx, s, coachTexts(ctx.locale));
  await COMPOSE[intent](reply, text, pending);
  return { content: reply.text(), intent, proposals: reply.proposals };
}

type Part = "ref" | "sessions" | "feedback" | "plan" | "digest" | "library" | "recommended" | "plans";
const TODAY_PARTS: Part[] = ["ref", "sessions", "feedback", "plan", "digest", "library", "recommended"];
const WORKOUT_PARTS: Part[] = ["ref", "sessions", "feedback", "plan", "library", "recommended"];
/** What each intent will read, started together instead of one after another. */
const PARTS: Record<Intent, Part[]> = {
  greeting: TODAY_PARTS,
  today: TODAY_PARTS,
  unknown: TODAY_PARTS,
  generate: ["ref", "sessions", "feedback", "digest"],
  tired: ["ref", "sessions", "feedback", "plan", "digest"],
  pain: ["ref", "sessions", "feedback"],
  shorter: WORKOUT_PARTS,
  harder: WORKOUT_PARTS,
  easier: WORKOUT_PARTS,
  focus: WORKOUT_PARTS,
  assign: ["library", "recommended", "sessions", "feedback", "ref"],
  adapt: ["plan", "sessions", "library", "recommended", "feedback", "ref"],
  start_plan: ["plans", "plan", "feedback"],
  end_plan: ["plan"],
  progress: ["sessions", "plan", "digest", "feedback", "plans"],
  affirm: [],
  thanks: [],
};

function prefetch(ctx: CoachContext, intent: Intent): void {
  // Memoized loaders: the composer's later awaits get these same promises. The catch only keeps
  // a part nobody ends up reading from becoming an unhandled rejection.
  for (const part of PARTS[intent]) ctx[part]().catch(() => {});
}

class Reply {
  readonly lines: string[] = [];
  readonly proposals: Proposal[] = [];

  constructor(
    readonly ctx: CoachContext,
    readonly s: Signals,
    readonly t: CoachTexts,
  ) {}

  say(...lines: (string | null | undefined | false)[]) {
    for (const l of lines) if (l) this.lines.push(l);
  }

  propose(p: Proposal | null) {
    if (p) this.proposals.push(p);
  }

  /** The reply without the closing hint: the caller adds it once it knows which proposals survive grounding. */
  text(): string {
    return this.lines.join(" ");
  }

  // -- facts as sentences ------------------------------------------------------------------

  async lastWorkoutLine(): Promise<string> {
    const st = await this.ctx.sessions();
    if (!st.lastCompleted) return this.t.noWorkoutsYet;
    const d = st.daysSinceLast ?? 0;
    const when = d <= 0 ? this.t.today : d === 1 ? this.t.yesterday : this.t.daysAgo(d);
    return this.t.lastWorkout(st.lastCompleted.name, when);
  }

  async weekLines(): Promise<string[]> {
    const st = await this.ctx.sessions();
    if (st.completed30 === 0) return [];
    const out = [this.t.week(st.completed7, st.minutes7)];
    if (st.completed30 > st.completed7) out.push(this.t.month(st.completed30));
    if (st.streakDays >= 2) out.push(this.t.streak(st.streakDays));
    return out;
  }

  planLines(plan: PlanFacts): string[] {
    const t = this.t;
    if (plan.status === "upcoming") return [t.planUpcoming(plan.name, formatDay(plan.startDate, this.ctx.locale))];
    if (plan.status === "finished") return [t.planFinished(plan.name, plan.percentage)];
    const out = [t.planLine(plan.name, plan.currentWeek ?? 1, plan.totalWeeks, plan.completed, plan.scheduled, plan.percentage)];
    if (plan.todayPending.length) out.push(t.planToday(quoteNames(plan.todayPending.map((x) => x.name), this.ctx.locale)));
    else if (plan.todayDone.length) out.push(t.planTodayDone(plan.todayDone[0]!.name));
    if (!plan.todayPending.length && plan.next) out.push(t.planNext(plan.next.name, formatDay(plan.next.date, this.ctx.locale)));
    if (plan.missed > 0) out.push(t.planMissed(plan.missed));
    return out;
  }

  /** Readiness from the insights digest: the sentence and whether it calls for an easier day. */
  async readiness(): Promise<{ line: string | null; low: boolean; high: boolean }> {
    const digest = await this.ctx.digest();
    const r = digest?.readiness;
    if (!r) return { line: null, low: false, high: false };
    const low = r.level === "low";
    const high = r.level === "high";
    return { line: [this.t.readiness(r.score, r.level), low ? this.t.readinessLow : high ? this.t.readinessHigh : null].filter(Boolean).join(" "), low, high };
  }

  // -- what to propose ---------------------------------------------------------------------

  /** The level to train at: feedback's target, what the member asked, and how they feel. */
  async level(): Promise<Level> {
    const { targetLevel } = await this.ctx.feedback();
    let level = this.s.level ?? targetLevel;
    if (this.s.tired || this.s.sore || this.s.pain) level = "beginner";
    else if (this.s.easier) level = shift(level, -1);
    else if (this.s.harder) level = shift(level, +1);
    return level;
  }

  async minutes(gentle: boolean): Promise<number> {
    if (this.s.minutes) return this.s.minutes;
    if (this.s.shorter) return 15;
    if (gentle) return 20;
    return clampMinutes((await this.ctx.sessions()).typicalMinutes ?? 25);
  }

  /** English guidance for the engine's free-text reader (it reads English keywords). */
  guidance(gentle: boolean): string | undefined {
    const s = this.s;
    const parts: string[] = [];
    if (s.pain) parts.push("Very gentle, low impact mobility only; no jumping; low intensity.");
    else if (gentle || s.tired) parts.push("The member is tired today: gentle, low intensity, recovery pace.");
    if (s.sore && !s.pain) parts.push("The member is sore: gentle, low impact, low intensity.");
    if (s.easier && !gentle && !s.pain) parts.push("Make it easier: lower intensity.");
    if (s.harder && !gentle && !s.pain) parts.push("Make it harder: challenging, high intensity.");
    return parts.length ? parts.join(" ") : undefined;
  }

  async focus(gentle: boolean): Promise<{ categoryId?: string; muscleGroupIds?: string[]; name: string | null }> {
    const ref = await this.ctx.ref();
    const key = gentle || this.s.pain ? (this.s.categories[0] ?? "mobility") : this.s.categories[0];
    const category = key ? ref.categoryByKey.get(key) : undefined;
    const muscles = this.s.muscles.map((m) => ref.muscleByKey.get(m)).filter((m): m is NonNullable<typeof m> => Boolean(m));
    const name = category ? pickText(category.name, this.ctx.locale) : muscles.length ? muscles.map((m) => pickText(m.name, this.ctx.locale)).join(", ") : null;
    return {
      ...(category ? { categoryId: category.id } : {}),
      ...(muscles.length ? { muscleGroupIds: muscles.map((m) => m.id) } : {}),
      // Mid-sentence the names are lower case, except in German, where nouns keep their capital.
      name: name && languageOf(this.ctx.locale) !== "de" ? name.toLowerCase() : name,
    };
  }

  async generate(opts: { gentle?: boolean } = {}): Promise<Proposal> {
    const gentle = Boolean(opts.gentle || this.s.pain);
    const minutes = await this.minutes(gentle);
    const focus = await this.focus(gentle);
    const guidance = this.guidance(gentle);
    return {
      type: "generate_workout",
      params: {
        exerciseSources: ["team_exercises", "free_stock", "premium_stock"],
        durationOptions: { minMinutes: Math.max(5, minutes - 5), maxMinutes: minutes },
        ...(focus.categoryId ? { categoryId: focus.categoryId } : {}),
        ...(focus.muscleGroupIds ? { muscleGroupIds: focus.muscleGroupIds } : {}),
        endUserProfileDetails: { fitnessLevels: [await this.level()] },
        ...(guidance ? { userRequirements: guidance } : {}),
        locale: this.ctx.locale,
      },
      summary: gentle ? this.t.doGenerateGentle(minutes) : this.t.doGenerate(minutes, focus.name),
    };
  }

  /** The workout the member most likely means: one they named, today's plan workout, then their last one. */
  async targetWorkout(text: string): Promise<{ id: string; name: string } | null> {
    const named = text ? await this.ctx.workoutsNamedIn(text) : [];
    if (named[0]) return named[0];
    const plan = await this.ctx.plan();
    const today = plan?.todayPending[0] ?? plan?.next;
    if (today) return { id: today.workoutId, name: today.name };
    const last = (await this.ctx.sessions()).recent[0];
    return last ? { id: last.workoutId, name: last.name } : null;
  }

  adapt(target: { id: string; name: string }): Proposal {
    const s = this.s;
    const easier = s.easier || s.tired || s.sore || s.pain;
    return {
      type: "adapt_workout",
      params: {
        workoutId: target.id,
        endUserProfileId: this.ctx.member.id,
        userGuidance: this.guidance(false) ?? "Adapt it to the member's recent training and feedback.",
        locale: this.ctx.locale,
      },
      summary: easier ? this.t.doAdaptEasier(target.name) : s.harder ? this.t.doAdaptHarder(target.name) : this.t.doAdapt(target.name),
    };
  }

  assign(w: { id: string; name: string }): Proposal {
    return {
      type: "assign_workout",
      params: { workoutIds: [w.id], sendAssignmentEmail: false, sendAssignmentPush: false },
      summary: this.t.doAssign(w.name),
    };
  }

  /**
   * The organization workout to suggest: ranked for the member by the recommend engine, then
   * filtered by what they asked (focus, time, level) and by what they did in the last days.
   */
  async pickWorkout(opts: { maxMinutes?: number } = {}): Promise<WorkoutOption | null> {
    const [ranked, st, ref] = await Promise.all([this.ctx.recommended(), this.ctx.sessions(), this.ctx.ref()]);
    const recent = new Set(st.recent.filter((x) => x.completed && x.day >= addDays(this.ctx.today, -3)).map((x) => x.workoutId));
    const focusIds = new Set(this.s.categories.map((k) => ref.categoryByKey.get(k)?.id).filter(Boolean) as string[]);
    const muscleIds = this.s.muscles.map((k) => ref.muscleByKey.get(k)?.id).filter(Boolean) as string[];
    // A muscle focus needs at least a third of the workout's exercise work on those muscles.
    const shares = muscleIds.length ? await this.ctx.muscleShares(ranked.map((w) => w.id), muscleIds) : null;
    const level = await this.level();
    const fits = (w: WorkoutOption) =>
      !recent.has(w.id) &&
      (opts.maxMinutes === undefined || w.minutes <= opts.maxMinutes + 2) &&
      (focusIds.size === 0 || w.categoryIds.some((c) => focusIds.has(c))) &&
      (!shares || (shares.get(w.id) ?? 0) >= 1 / 3) &&
      LEVELS.indexOf(w.difficulty) <= LEVELS.indexOf(level) + (this.s.harder ? 1 : 0);
    return ranked.find(fits) ?? null;
  }

  /** Offers a workout: assign it when it is not in the library yet. */
  async suggestWorkout(opts: { maxMinutes?: number } = {}): Promise<boolean> {
    const w = await this.pickWorkout(opts);
    if (!w) return false;
    this.say(this.t.suggest(w.name, w.minutes, difficultyLabel(w.difficulty, this.ctx.locale)));
    const inLibrary = (await this.ctx.library()).some((x) => x.id === w.id);
    if (!inLibrary) this.propose(this.assign(w));
    return true;
  }

  /** Today's best move: the plan's workout (adapted to how they feel) or a suggestion plus a fresh session. */
  async todaySuggestion(opts: { lowReadiness: boolean }): Promise<void> {
    const plan = await this.ctx.plan();
    const gentle = opts.lowReadiness || this.s.tired || this.s.sore;
    if (plan?.status === "inProgress" && plan.todayPending.length) {
      this.say(this.t.planToday(quoteNames(plan.todayPending.map((x) => x.name), this.ctx.locale)));
      const slot = plan.todayPending[0]!;
      this.propose(this.adapt({ id: slot.workoutId, name: slot.name }));
      if (gentle) this.propose(await this.generate({ gentle: true }));
      return;
    }
    if (plan?.status === "inProgress" && plan.todayDone.length) {
      this.say(this.t.planTodayDone(plan.todayDone[0]!.name));
      if (plan.next) this.say(this.t.planNext(plan.next.name, formatDay(plan.next.date, this.ctx.locale)));
      this.propose(await this.generate({ gentle: true }));
      return;
    }
    if (gentle) {
      this.propose(await this.generate({ gentle: true }));
      return;
    }
    const suggested = await this.suggestWorkout();
    if (suggested) this.say(this.t.orGenerate);
    this.propose(await this.generate());
  }
}

type Composer = (r: Reply, text: string, pending: () => Promise<ActionRow[]>) => Promise<void>;

const today: Composer = async (r) => {
  const [readiness, plan, st] = await Promise.all([r.readiness(), r.ctx.plan(), r.ctx.sessions()]);
  r.say(readiness.line);
  if (plan?.status === "inProgress") r.say(r.planLines(plan)[0]);
  else r.say(await r.lastWorkoutLine());
  // Three or more workouts in three days: today leans towards recovery.
  const loaded = st.completedLast3Days >= 3;
  if (loaded) r.say(r.t.recentLoad(st.completedLast3Days));
  await r.todaySuggestion({ lowReadiness: readiness.low || loaded });
};

const COMPOSE: Record<Intent, Composer> = {
  greeting: async (r) => {
    r.say(r.t.hi(r.ctx.firstName), r.t.capabilities);
    const plan = await r.ctx.plan();
    if (plan?.status === "inProgress") r.say(r.planLines(plan)[0]);
    else r.say(await r.lastWorkoutLine());
    const readiness = await r.readiness();
    await r.todaySuggestion({ lowReadiness: readiness.low });
  },

  today,

  tired: async (r) => {
    const { s, t } = r;
    r.say(s.tired ? t.tired : t.sore);
    if (s.tired && s.sore) r.say(t.sore);
    const readiness = await r.readiness();
    r.say(readiness.line);
    const st = await r.ctx.sessions();
    if (st.completedLast3Days >= 2) r.say(t.recentLoad(st.completedLast3Days));
    r.propose(await r.generate({ gentle: true }));
    const plan = await r.ctx.plan();
    const slot = plan?.status === "inProgress" ? plan.todayPending[0] : undefined;
    if (slot) {
      r.say(t.planToday(quoteNames([slot.name], r.ctx.locale)));
      r.propose(r.adapt({ id: slot.workoutId, name: slot.name }));
    }
  },

  pain: async (r) => {
    r.say(r.t.pain);
    r.propose(await r.generate({ gentle: true }));
  },

  shorter: async (r) => {
    const minutes = await r.minutes(false);
    r.say(r.t.shorter(minutes));
    const w = await r.pickWorkout({ maxMinutes: minutes });
    if (w) {
      r.say(r.t.fits(w.name, w.minutes));
      if (!(await r.ctx.library()).some((x) => x.id === w.id)) r.propose(r.assign(w));
    }
    r.propose(await r.generate({ gentle: r.s.tired || r.s.sore }));
  },

  harder: async (r) => easierOrHarder(r),
  easier: async (r) => easierOrHarder(r),

  focus: async (r) => {
    const focus = await r.focus(false);
    if (focus.name) r.say(r.t.focusAck(capitalize(focus.name)));
    await r.suggestWorkout();
    r.propose(await r.generate());
  },

  generate: async (r) => {
    const readiness = await r.readiness();
    r.say(readiness.line);
    r.propose(await r.generate({ gentle: readiness.low && !r.s.harder }));
  },

  assign: async (r, text) => {
    const named = await r.ctx.workoutsNamedIn(text);
    if (named.length) {
      const library = new Set((await r.ctx.library()).map((w) => w.id));
      const fresh = named.filter((w) => !library.has(w.id));
      const already = named.filter((w) => library.has(w.id));
      for (const w of fresh) r.say(r.t.workoutFacts(w.name, w.minutes, difficultyLabel(w.difficulty, r.ctx.locale)));
      if (already.length) r.say(r.t.alreadyAssigned(quoteNames(already.map((w) => w.name), r.ctx.locale), already.length));
      if (fresh.length === 1) r.propose(r.assign(fresh[0]!));
      else if (fresh.length > 1)
        r.propose({
          type: "assign_workout",
          params: { workoutIds: fresh.map((w) => w.id), sendAssignmentEmail: false, sendAssignmentPush: false },
          summary: r.t.doAssignMany(fresh.length),
        });
      return;
    }
    r.say(r.t.noWorkoutFound);
    await r.suggestWorkout();
  },

  adapt: async (r, text) => {
    const target = await r.targetWorkout(text);
    if (!target) {
      r.say(r.t.noWorkoutFound);
      await r.suggestWorkout();
      return;
    }
    if (r.s.easier || r.s.tired || r.s.sore) r.say(r.t.easier);
    else if (r.s.harder) r.say(r.t.harder);
    r.propose(r.adapt(target));
  },

  start_plan: async (r, text) => {
    const [plans, active] = await Promise.all([r.ctx.plans(), r.ctx.plan()]);
    const lower = text.toLowerCase();
    const named = plans.filter((p) => p.name.length >= 4 && lower.includes(p.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length)[0];
    if (active && (named?.id === active.planId || (!named && r.s.restartPlan))) {
      r.say(r.t.alreadyOnPlan(active.name), ...r.planLines(active));
      if (r.s.restartPlan) r.propose({ type: "start_plan", params: { planId: active.planId }, summary: r.t.doRestartPlan(active.name) });
      return;
    }
    const level = await r.level();
    const candidates = plans.filter((p) => p.id !== active?.planId);
    const pick =
      named ??
      candidates.find((p) => p.inLibrary) ??
      candidates.find((p) => p.isPublic && p.difficulty === level) ??
      candidates.find((p) => p.isPublic) ??
      candidates[0];
    if (!pick) {
      r.say(active ? r.t.alreadyOnPlan(active.name) : r.t.noPlansAvailable);
      return;
    }
    r.say(r.t.planSuggest(pick.name, pick.weeks, pick.daysPerWeek));
    if (active) r.say(r.t.planSwitch(active.name));
    r.propose({ type: "start_plan", params: { planId: pick.id }, summary: r.t.doStartPlan(pick.name) });
  },

  end_plan: async (r) => {
    const plan = await r.ctx.plan();
    if (!plan) {
      r.say(r.t.noPlanToEnd);
      return;
    }
    r.say(...r.planLines(plan).slice(0, 1), r.t.endPlanOffer(plan.name));
    r.propose({ type: "end_plan", params: { planId: plan.planId }, summary: r.t.doEndPlan(plan.name) });
  },

  progress: async (r) => {
    r.say(await r.lastWorkoutLine(), ...(await r.weekLines()));
    const st = await r.ctx.sessions();
    if (st.open) r.say(r.t.openSession(st.open.name));
    const plan = await r.ctx.plan();
    if (plan) r.say(...r.planLines(plan));
    else r.say(r.t.noPlan);
    const readiness = await r.readiness();
    r.say(readiness.line);
    // The digest's sentences are English: quoted only in English conversations.
    const focus = (await r.ctx.digest())?.todaysFocus;
    if (focus?.headline && isEnglish(r.ctx.locale)) r.say(r.t.focus(focus.headline));
    const fb = await r.ctx.feedback();
    const names = new Map(st.recent.map((x) => [x.workoutId, x.name]));
    const hard = fb.tooHard.map((id) => names.get(id)).find(Boolean);
    const easy = fb.tooEasy.map((id) => names.get(id)).find(Boolean);
    if (hard) r.say(r.t.feedbackHard(hard));
    else if (easy) r.say(r.t.feedbackEasy(easy));
    if (!plan) {
      const [plans, level] = await Promise.all([r.ctx.plans(), r.level()]);
      const best = plans.find((p) => p.inLibrary) ?? plans.find((p) => p.isPublic && p.difficulty === level);
      if (best) {
        r.say(r.t.planSuggest(best.name, best.weeks, best.daysPerWeek));
        r.propose({ type: "start_plan", params: { planId: best.id }, summary: r.t.doStartPlan(best.name) });
      }
    }
  },

  affirm: async (r, _text, loadPending) => {
    // The proposals of the latest message that still has some.
    const all = await loadPending();
    const pending = all.filter((a) => a.messageId === all[0]?.messageId);
    if (pending.length) r.say(r.t.affirmPending([...new Set(pending.map((a) => a.summary))].join("; ")));
    else r.say(r.t.affirmNone);
  },

  thanks: async (r) => {
    r.say(r.t.thanks);
  },

  unknown: async (r) => {
    r.say(r.t.fallback);
    await today(r, "", async () => []);
  },
};

async function easierOrHarder(r: Reply): Promise<void> {
  const { s, t } = r;
  r.say(s.harder ? t.harder : t.easier);
  const [fb, st] = await Promise.all([r.ctx.feedback(), r.ctx.sessions()]);
  const names = new Map(st.recent.map((x) => [x.workoutId, x.name]));
  const rated = (s.harder ? fb.tooEasy : fb.tooHard).map((id) => names.get(id)).find(Boolean);
  if (rated) r.say(s.harder ? t.feedbackEasy(rated) : t.feedbackHard(rated));
  const target = await r.targetWorkout("");
  if (target) r.propose(r.adapt(target));
  r.propose(await r.generate());
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
