/**
 * The deterministic reader of free text (userRequirements, userGuidance and a methodology's
 * private guidance). It recognizes a small, explicit vocabulary (English keywords plus muscle
 * group names in every supported locale and the English names of the clips in the pool) and
 * turns it into soft GuidanceSignals. A configured model reads the same text more broadly; either
 * way the result is guidance only: hard rules are applied by code afterwards.
 */
import type { GuidanceSignals, PoolExercise, ReferenceIndex, SignalDimension } from "./types";
import { SIGNAL_DIMENSIONS } from "./types";

const NEGATION = /\b(no|not|avoid|avoiding|without|skip|skipping|don'?t|dont|never|hate|exclude|excluding|nothing|zero|less|minus|instead of|can'?t|cannot)\b/;

const MUSCLE_ALIASES: Record<string, string[]> = {
  abs: ["core"],
  abdominals: ["core"],
  tummy: ["core"],
  core: ["core"],
  obliques: ["obliques"],
  legs: ["quadriceps", "hamstrings", "glutes", "calves"],
  "lower body": ["quadriceps", "hamstrings", "glutes", "calves"],
  "upper body": ["chest", "upper-back", "lats", "shoulders", "biceps", "triceps"],
  arms: ["biceps", "triceps"],
  back: ["upper-back", "lats", "lower-back"],
  butt: ["glutes"],
  booty: ["glutes"],
  bum: ["glutes"],
  quads: ["quadriceps"],
  hammies: ["hamstrings"],
  delts: ["shoulders"],
  pecs: ["chest"],
  hips: ["hip-flexors", "glutes"],
  posture: ["upper-back", "lower-back", "core"],
};

/** Splits text into clauses so a negation only reaches the words it governs. */
function clauses(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[.;!?\n]|,\s*(?:but|and then)\b|\bbut\b/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The words before position `at` that a negation may govern: back to the last comma or conjunction. */
function negationWindow(clause: string, at: number): string {
  let window = clause.slice(Math.max(0, at - 40), at);
  const cut = Math.max(
    window.lastIndexOf(","),
    ...[" and ", " with ", " plus ", " then "].map((w) => {
      const i = window.lastIndexOf(w);
      return i < 0 ? -1 : i + w.length - 1;
    }),
  );
  if (cut >= 0) window = window.slice(cut + 1);
  return ` ${window}`;
}

/** Whether `term` appears in `clause` at a word boundary, and if so whether it is negated. */
function find(clause: string, term: string): "none" | "positive" | "negative" {
  let from = 0;
  let verdict: "none" | "positive" | "negative" = "none";
  for (;;) {
    const at = clause.indexOf(term, from);
    if (at < 0) return verdict;
    const before = at === 0 ? " " : clause[at - 1]!;
    const afterIdx = at + term.length;
    const after = afterIdx >= clause.length ? " " : clause[afterIdx]!;
    const boundaryBefore = !/[\p{L}\p{N}]/u.test(before);
    // allow simple plurals and -ing forms after the term
    const rest = clause.slice(afterIdx, afterIdx + 3);
    const boundaryAfter = !/[\p{L}\p{N}]/u.test(after) || /^(s|es|ing)(?![\p{L}\p{N}])/u.test(rest);
    if (boundaryBefore && boundaryAfter) {
      if (NEGATION.test(negationWindow(clause, at))) return "negative";
      verdict = "positive";
    }
    from = at + term.length;
  }
}

function anyOf(clause: string, terms: string[]): "none" | "positive" | "negative" {
  let out: "none" | "positive" | "negative" = "none";
  for (const t of terms) {
    const v = find(clause, t);
    if (v === "negative") return "negative";
    if (v === "positive") out = "positive";
  }
  return out;
}

const JUMP_TERMS = ["jump", "jumping", "plyometric", "plyo", "hop", "high impact", "high-impact", "burpee", "explosive"];
const LOW_IMPACT_TERMS = [
  "low impact",
  "low-impact",
  "joint friendly",
  "joint-friendly",
  "quiet",
  "apartment",
  "neighbours",
  "neighbors",
  "bad knee",
  "knee pain",
  "sore knee",
  "knee injury",
  "joint pain",
];
const EASIER_TERMS = [
  "easy",
  "easier",
  "gentle",
  "gently",
  "relaxed",
  "recovery",
  "low intensity",
  "take it slow",
  "tired",
  "sore",
  "deload",
  "lighter session",
  "beginner friendly",
];
const HARDER_TERMS = [
  "hard",
  "harder",
  "intense",
  "intensity up",
  "challenging",
  "challenge",
  "tough",
  "push me",
  "brutal",
  "max effort",
  "high intensity",
  "sweat",
  "advanced",
];
const VERY = ["very", "super", "really", "extremely", "much"];

/** Reads free text into soft signals. */
export function readGuidance(text: string | null | undefined, ref: ReferenceIndex, pool: PoolExercise[] = []): GuidanceSignals {
  if (!text?.trim()) return {};
  const signals: GuidanceSignals = {};
  const focus = new Set<string>();
  const avoid = new Set<string>();
  const prefer = new Set<string>();
  const muscleTerms = muscleVocabulary(ref);
  const exerciseTerms = exerciseVocabulary(pool, text);

  for (const c of clauses(text)) {
    // Impact
    const jumps = anyOf(c, JUMP_TERMS);
    if (jumps === "negative" || anyOf(c, LOW_IMPACT_TERMS) === "positive") signals.impact = "avoid-high";
    else if (jumps === "positive" && signals.impact !== "avoid-high") signals.impact = "prefer-high";

    // Intensity
    const easier = anyOf(c, EASIER_TERMS);
    const harder = anyOf(c, HARDER_TERMS);
    const very = VERY.some((v) => find(c, v) !== "none") ? 2 : 1;
    if (easier === "positive" && harder !== "positive") signals.intensity = -very;
    else if (harder === "positive" && easier !== "positive") signals.intensity = very;
    else if (harder === "negative" && easier !== "positive") signals.intensity = -1;

    // Rest
    if (/\b(short|shorter|less|minimal|little|quick)\s+(rests?|breaks?|recovery)\b/.test(c)) signals.rest = "shorter";
    else if (/\b(more|longer|long|extra|plenty of|generous)\s+(rests?|breaks?|recovery)\b/.test(c)) signals.rest = "longer";

    // Equipment
    if (/\b(no|without)\s+(any\s+)?(equipment|gear|weights)\b|\bbody\s?weight( only)?\b|\bequipment[- ]free\b/.test(c)) signals.equipment = "none";
    else if (anyOf(c, ["dumbbell", "kettlebell", "resistance band", "weights", "equipment"]) === "positive" && signals.equipment !== "none")
      signals.equipment = "use";

    // Work style
    if (anyOf(c, ["reps", "repetitions", "rep-based", "rep based"]) === "positive") signals.workStyle = "reps";
    else if (anyOf(c, ["timed", "time-based", "time based", "intervals", "seconds"]) === "positive") signals.workStyle = "time";

    // Muscle focus (positive mentions only; "no legs today" is not a focus)
    for (const [term, ids] of muscleTerms) {
      if (find(c, term) === "positive") for (const id of ids) focus.add(id);
    }

    // Named exercises of the pool
    for (const [term, ids] of exerciseTerms) {
      if (!c.includes(term)) continue;
      const v = find(c, term);
      if (v === "negative") for (const id of ids) avoid.add(id);
      else if (v === "positive") for (const id of ids) prefer.add(id);
    }
  }
  for (const id of avoid) prefer.delete(id);
  if (focus.size) signals.focusMuscleGroupIds = [...focus];
  if (avoid.size) signals.avoidExerciseIds = [...avoid];
  if (prefer.size) signals.preferExerciseIds = [...prefer];
  return signals;
}

let muscleVocabCache: { ref: ReferenceIndex; terms: [string, string[]][] } | null = null;

function muscleVocabulary(ref: ReferenceIndex): [string, string[]][] {
  if (muscleVocabCache?.ref === ref) return muscleVocabCache.terms;
  const map = new Map<string, Set<string>>();
  const add = (term: string, id: string) => {
    const t = term.toLowerCase().trim();
    if (t.length < 3) return;
    if (!map.has(t)) map.set(t, new Set());
    map.get(t)!.add(id);
  };
  for (const m of ref.muscleById.values()) {
    for (const name of Object.values(m.name)) add(name, m.id);
    add(m.key.replace(/-/g, " "), m.id);
  }
  for (const [alias, keys] of Object.entries(MUSCLE_ALIASES)) {
    for (const k of keys) {
      const m = ref.muscleByKey.get(k);
      if (m) add(alias, m.id);
    }
  }
  const terms = [...map.entries()].map(([t, ids]) => [t, [...ids]] as [string, string[]]).sort((a, b) => b[0].length - a[0].length);
  muscleVocabCache = { ref, terms };
  return terms;
}

/** Clip names that may occur in the text: only names whose first word the text contains are kept. */
function exerciseVocabulary(pool: PoolExercise[], text: string): [string, string[]][] {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter(Boolean),
  );
  const map = new Map<string, string[]>();
  for (const e of pool) {
    const space = e.nameEn.indexOf(" ");
    const first = (space < 0 ? e.nameEn : e.nameEn.slice(0, space)).toLowerCase();
    if (!words.has(first) && !words.has(`${first}s`) && !words.has(`${first}es`)) continue;
    const t = e.nameEn.toLowerCase().trim();
    if (t.length < 4) continue;
    const list = map.get(t);
    if (list) list.push(e.id);
    else map.set(t, [e.id]);
  }
  return [...map.entries()];
}

/**
 * Combines two readings: `higher` wins on every dimension it sets (rule 3: userRequirements
 * over methodology guidance). Reports the dimensions where `lower` was overridden.
 */
export function mergeSignals(lower: GuidanceSignals, higher: GuidanceSignals): { merged: GuidanceSignals; overridden: SignalDimension[] } {
  const merged: GuidanceSignals = { ...lower };
  const overridden: SignalDimension[] = [];
  for (const dim of SIGNAL_DIMENSIONS) {
    const h = higher[dim];
    if (h === undefined) continue;
    const l = lower[dim];
    if (l !== undefined && JSON.stringify(l) !== JSON.stringify(h)) overridden.push(dim);
    (merged as Record<string, unknown>)[dim] = h;
  }
  // An exercise the higher text asks for is no longer avoided because the lower text said so.
  if (merged.avoidExerciseIds && higher.preferExerciseIds) {
    const keep = merged.avoidExerciseIds.filter((id) => !higher.preferExerciseIds!.includes(id));
    if (keep.length !== merged.avoidExerciseIds.length && !overridden.includes("avoidExerciseIds")) overridden.push("avoidExerciseIds");
    merged.avoidExerciseIds = keep;
  }
  return { merged, overridden };
}

/** What a model read from free text: each task's output schema has a subset of these, null for "not said". */
export interface ModelConstraints {
  impact?: GuidanceSignals["impact"] | null;
  intensity?: number | null;
  focusMuscleGroupIds?: string[] | null;
  avoidExerciseIds?: string[] | null;
  equipment?: GuidanceSignals["equipment"] | null;
  rest?: GuidanceSignals["rest"] | null;
  workStyle?: GuidanceSignals["workStyle"] | null;
}

/**
 * Turns a model's structured reading of the texts into signals. Ids the model names are kept only
 * when they are known (muscle groups of the reference data, exercises the caller offered), so a
 * model can never introduce an exercise or muscle group of its own.
 */
export function signalsFromModel(c: ModelConstraints, known: { muscleGroupIds?: ReadonlySet<string>; exerciseIds?: ReadonlySet<string> } = {}): GuidanceSignals {
  return {
    ...(c.impact ? { impact: c.impact } : {}),
    ...(c.intensity != null ? { intensity: c.intensity } : {}),
    ...(c.focusMuscleGroupIds?.length ? { focusMuscleGroupIds: c.focusMuscleGroupIds.filter((id) => known.muscleGroupIds?.has(id) ?? false) } : {}),
    ...(c.avoidExerciseIds?.length ? { avoidExerciseIds: c.avoidExerciseIds.filter((id) => known.exerciseIds?.has(id) ?? false) } : {}),
    ...(c.equipment ? { equipment: c.equipment } : {}),
    ...(c.rest ? { rest: c.rest } : {}),
    ...(c.workStyle ? { workStyle: c.workStyle } : {}),
  };
}

export function hasSignals(s: GuidanceSignals): boolean {
  return SIGNAL_DIMENSIONS.some((d) => s[d] !== undefined && !(Array.isArray(s[d]) && (s[d] as unknown[]).length === 0));
}

/** A short English description of signals for reasoning texts. */
export function describeSignals(s: GuidanceSignals, ref: ReferenceIndex): string[] {
  const out: string[] = [];
  if (s.impact === "avoid-high") out.push("kept it low impact (no jumping)");
  if (s.impact === "prefer-high") out.push("included explosive, high-impact work");
  if (s.intensity && s.intensity < 0) out.push("lowered the intensity");
  if (s.intensity && s.intensity > 0) out.push("raised the intensity");
  if (s.rest === "shorter") out.push("shortened the rests");
  if (s.rest === "longer") out.push("lengthened the rests");
  if (s.equipment === "none") out.push("avoided equipment");
  if (s.equipment === "use") out.push("favoured exercises with equipment");
  if (s.workStyle) out.push(s.workStyle === "reps" ? "used rep-based sets" : "used timed sets");
  if (s.focusMuscleGroupIds?.length) {
    const names = s.focusMuscleGroupIds.map((id) => ref.muscleById.get(id)?.name["en-US"]).filter(Boolean);
    out.push(`focused on ${names.join(", ")}`);
  }
  if (s.avoidExerciseIds?.length) out.push(`left out ${s.avoidExerciseIds.length} exercise${s.avoidExerciseIds.length === 1 ? "" : "s"} you asked to avoid`);
  if (s.preferExerciseIds?.length) out.push("included the exercises you asked for");
  return out;
}
