/**
 * Two engines, one contract. The deterministic planner always runs (it is the answer without a
 * model and the fallback with one). When a model is configured it reads the free text, chooses
 * among the planner's candidates and writes the texts; the planner then re-applies and verifies
 * every hard rule on the model's choice. Any model failure, timeout or rule break returns the
 * deterministic result, and the caller's inspection says which engine produced it.
 */
import type { Locale } from "@/server/core/locale";
import { type PlannedWorkout, type WorkoutPlanInput, planWorkout, rankMainCandidates } from "./engine/workout-planner";
import { mergeSignals, readGuidance, signalsFromModel } from "./guidance";
import { callModel } from "./model-call";
import { WORKOUT_SYSTEM, WorkoutModelOutput, workoutPrompt } from "./prompts/workout";
import type { ConfiguredModel } from "./providers/model";
import {
  type EngineName,
  type GuidanceSignals,
  InfeasibleError,
  type MethodologyInput,
  SIGNAL_DIMENSIONS,
  type SignalDimension,
  type Violation,
} from "./types";

export interface WorkoutEngineInput extends Omit<WorkoutPlanInput, "signals" | "signalSource" | "chosenMainIds"> {
  userText: string | undefined;
  userTextSource: "userRequirements" | "userGuidance";
  methodology: MethodologyInput | null;
  locale: Locale | null;
  model: ConfiguredModel | null;
  modelTimeoutMs?: number;
  baseWorkoutName?: string;
  /** Extra signals from the member's history (lowest priority). */
  historySignals?: GuidanceSignals;
}

export interface ModelTexts {
  name: string;
  description: string;
  localizedName: string | null;
  localizedDescription: string | null;
  reasoning: string | null;
}

export interface WorkoutEngineResult {
  plan: PlannedWorkout;
  engine: EngineName;
  model: string | null;
  fallbackReason?: string;
  texts: ModelTexts | null;
  signals: GuidanceSignals;
  violations: Violation[];
}

/** Reads the texts deterministically with rule 3's precedence: member text over methodology text over history. */
export function deterministicSignals(input: WorkoutEngineInput): {
  signals: GuidanceSignals;
  origin: Map<SignalDimension, Violation["source"]>;
  violations: Violation[];
} {
  const fromMethodology = readGuidance(input.methodology?.guidance, input.ref, input.pool);
  const fromUser = readGuidance(input.userText, input.ref, input.pool);
  const base = mergeSignals(input.historySignals ?? {}, fromMethodology).merged;
  const { merged, overridden } = mergeSignals(base, fromUser);
  const origin = new Map<SignalDimension, Violation["source"]>();
  for (const d of SIGNAL_DIMENSIONS) {
    if (fromUser[d] !== undefined) origin.set(d, input.userTextSource);
    else if (fromMethodology[d] !== undefined) origin.set(d, "methodology");
    else if (input.historySignals?.[d] !== undefined) origin.set(d, "profile");
  }
  const violations: Violation[] = overridden
    .filter((d) => fromMethodology[d] !== undefined)
    .map((d) => ({
      rule: `methodology.guidance.${d}`,
      source: "methodology",
      severity: "soft",
      detail: `The methodology's guidance on ${d} was overridden by ${input.userTextSource} (precedence rule 3).`,
    }));
  return { signals: merged, origin, violations };
}

export async function runWorkoutEngine(input: WorkoutEngineInput): Promise<WorkoutEngineResult> {
  const det = deterministicSignals(input);
  const planInput: WorkoutPlanInput = { ...input, signals: det.signals, signalSource: (d) => det.origin.get(d) ?? input.userTextSource };
  // Infeasibility of the hard rules is a 400 whichever engine runs: it propagates.
  const deterministic = planWorkout(planInput);
  const fallback = (reason?: string): WorkoutEngineResult => ({
    plan: deterministic,
    engine: "deterministic",
    model: null,
    ...(reason ? { fallbackReason: reason } : {}),
    texts: null,
    signals: det.signals,
    violations: [...det.violations, ...deterministic.violations],
  });
  if (!input.model) return fallback();

  const candidates = rankMainCandidates({ ...input, signals: det.signals }, 40);
  const wanted = Math.max(1, deterministic.mainExerciseIds.length);
  const answer = await callModel(input.model, {
    name: "workout",
    schema: WorkoutModelOutput,
    system: WORKOUT_SYSTEM,
    prompt: workoutPrompt({
      ref: input.ref,
      bounds: input.bounds,
      categoryKey: input.categoryKey,
      goalCategoryKeys: input.goalCategoryKeys,
      candidates,
      wanted,
      userText: input.userText,
      userTextLabel: input.userTextSource,
      methodology: input.methodology,
      locale: input.locale,
      baseWorkoutName: input.baseWorkoutName,
    }),
    timeoutMs: input.modelTimeoutMs,
  });
  if (!answer.ok) return fallback(answer.reason);

  const out = answer.value;
  const candidateIds = new Set(candidates.map((e) => e.id));
  const chosen = [...new Set(out.exerciseIds)].filter((id) => candidateIds.has(id));
  const foreign = out.exerciseIds.filter((id) => !candidateIds.has(id));
  if (foreign.length) return fallback(`model chose ${foreign.length} exercise(s) outside the candidate pool`);
  if (chosen.length < Math.min(2, wanted)) return fallback("model chose too few exercises");

  const muscleIds = new Set(input.ref.muscleById.keys());
  const poolIds = new Set(input.pool.map((e) => e.id));
  const modelSignals = signalsFromModel(out.constraints, { muscleGroupIds: muscleIds, exerciseIds: poolIds });
  // History signals stay underneath whatever the model read from the texts.
  const signals = mergeSignals(input.historySignals ?? {}, modelSignals).merged;
  let plan: PlannedWorkout;
  try {
    plan = planWorkout({ ...input, signals, signalSource: () => input.userTextSource, chosenMainIds: chosen });
  } catch (err) {
    if (err instanceof InfeasibleError) return fallback(`model selection breaks a hard rule: ${err.reasons[0]?.rule ?? "unknown"}`);
    throw err;
  }
  if (plan.mainExerciseIds.some((id) => !candidateIds.has(id) && !chosen.includes(id) && !poolIds.has(id))) return fallback("model plan left the pool");
  return {
    plan,
    engine: "model",
    model: input.model.id,
    texts: {
      name: clean(out.name, 90),
      description: clean(out.description, 700),
      localizedName: out.localizedName ? clean(out.localizedName, 90) : null,
      localizedDescription: out.localizedDescription ? clean(out.localizedDescription, 700) : null,
      reasoning: out.reasoning ? clean(out.reasoning, 700) : null,
    },
    signals,
    violations: [...det.violations, ...plan.violations],
  };
}

/** Model text is shown to members: one line of plain text, bounded. */
export function clean(text: string, max: number): string {
  return text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}
