/**
 * Seed data: trainers and the workouts of the demo trainer workspace.
 *
 * Pure data, no DB code. Segments are built with the tiny helpers below (`ex`, `reps`,
 * `rest`, `circuit`, `sets`) so the structure reads like a trainer's plan; the result is
 * a plain ordered array. Equipment and muscle groups of a workout are derived later from
 * its exercises and are deliberately not stored here. Workout duration is computed by the
 * seed from the segments (exercise: workSeconds or reps x estimated rep duration; break:
 * seconds; class, multiExercise, promo, educational, intro, outro: media file length).
 */
import type { Locale, LocalizedText } from "../../../server/core/locale";
import type { Difficulty } from "../../reference/difficulty-labels";

export type Visibility = "public" | "private";
export type Pace = "slow" | "moderate" | "fast" | "explosive";
export type WeightLevel = "light" | "medium" | "heavy";

export interface TrainerSeed {
  key: string;
  name: string;
  preferredLocale: Locale;
}

export const TRAINERS: TrainerSeed[] = [
  { key: "trainer-maya", name: "Maya Lind", preferredLocale: "en-US" },
  { key: "trainer-jonas", name: "Jonas Berger", preferredLocale: "de-DE" },
];

interface ExerciseSegmentBase {
  kind: "exercise";
  exerciseKey: string;
  pace?: Pace;
  weightLevel?: WeightLevel | null;
  /** Rate of perceived exertion, 1-10. */
  rpe?: number;
  amrap?: boolean;
}

/** Exactly one of workSeconds or reps. */
export type ExerciseSegmentSeed = ExerciseSegmentBase &
  ({ workSeconds: number; reps?: never } | { reps: number; workSeconds?: never });

export interface ClassChapterSeed {
  /** Not re-localized (see spec). */
  name: string;
  startTimeSec: number;
  endTimeSec: number;
  exerciseKeys: string[];
}

export type WorkoutSegmentSeed =
  | { kind: "intro" }
  | { kind: "outro" }
  | ExerciseSegmentSeed
  | { kind: "break"; seconds: number }
  /** The class media is 60 seconds long; chapters must lie within 0-60. */
  | { kind: "class"; mediaKey: "class-flow"; name: LocalizedText; chapters?: ClassChapterSeed[] }
  | { kind: "multiExercise"; mediaKey: "multi-circuit"; name: LocalizedText; exerciseKeys: string[] }
  | { kind: "promo"; mediaKey: "promo-spot"; name: LocalizedText }
  | { kind: "educational"; mediaKey: "edu-breathing"; name: LocalizedText };

export type SegmentKind = WorkoutSegmentSeed["kind"];
export const SEGMENT_KINDS: readonly SegmentKind[] = [
  "intro",
  "exercise",
  "multiExercise",
  "class",
  "promo",
  "educational",
  "break",
  "outro",
];

/** Length in seconds of the shared class media (`class-flow`). */
export const CLASS_MEDIA_SECONDS = 60;

export interface WorkoutSeed {
  key: string;
  /** en-US plus at least de-DE, fr-FR, es-ES, nb-NO. */
  name: LocalizedText;
  description: LocalizedText;
  difficulty: Difficulty;
  visibility: Visibility;
  categoryKeys: string[];
  tags: string[];
  presentationStyle: "full";
  mixBgMusic: boolean;
  allowAssessment: boolean;
  assessmentType: "fitness-test" | null;
  trainerKey: string;
  segments: WorkoutSegmentSeed[];
}

// ---------------------------------------------------------------------------
// Segment helpers
// ---------------------------------------------------------------------------

type ExOpts = Omit<ExerciseSegmentBase, "kind" | "exerciseKey">;

/** A time-based exercise segment. */
function ex(exerciseKey: string, workSeconds: number, opts: ExOpts = {}): ExerciseSegmentSeed {
  return { kind: "exercise", exerciseKey, workSeconds, ...opts };
}

/** A rep-based exercise segment. */
function reps(exerciseKey: string, count: number, opts: ExOpts = {}): ExerciseSegmentSeed {
  return { kind: "exercise", exerciseKey, reps: count, ...opts };
}

function rest(seconds: number): WorkoutSegmentSeed {
  return { kind: "break", seconds };
}

const INTRO: WorkoutSegmentSeed = { kind: "intro" };
const OUTRO: WorkoutSegmentSeed = { kind: "outro" };

/** Puts a break between consecutive items (none after the last). */
function withRests(items: WorkoutSegmentSeed[], seconds: number): WorkoutSegmentSeed[] {
  return items.flatMap((item, i) => (i < items.length - 1 ? [item, rest(seconds)] : [item]));
}

/**
 * A circuit: every round runs the items with `restSeconds` between them; rounds are
 * separated by `roundRestSeconds`. Segment count: rounds x (2n - 1) + (rounds - 1).
 */
function circuit(
  items: ExerciseSegmentSeed[],
  rounds: number,
  restSeconds: number,
  roundRestSeconds: number,
): WorkoutSegmentSeed[] {
  const out: WorkoutSegmentSeed[] = [];
  for (let r = 0; r < rounds; r++) {
    out.push(...withRests(items, restSeconds));
    if (r < rounds - 1) out.push(rest(roundRestSeconds));
  }
  return out;
}

/** Straight sets of one exercise: set, rest, set, rest, ... (rest after every set). */
function sets(item: ExerciseSegmentSeed, count: number, restSeconds: number): WorkoutSegmentSeed[] {
  const out: WorkoutSegmentSeed[] = [];
  for (let i = 0; i < count; i++) out.push(item, rest(restSeconds));
  return out;
}

/** Alternating intervals (e.g. Tabata): a, rest, b, rest, a, ... `intervals` work bouts. */
function intervals(
  a: ExerciseSegmentSeed,
  b: ExerciseSegmentSeed,
  count: number,
  restSeconds: number,
): WorkoutSegmentSeed[] {
  const bouts: ExerciseSegmentSeed[] = [];
  for (let i = 0; i < count; i++) bouts.push(i % 2 === 0 ? a : b);
  return withRests(bouts, restSeconds);
}

// ---------------------------------------------------------------------------
// Shared non-exercise segments
// ---------------------------------------------------------------------------

const PROMO_SUMMER: WorkoutSegmentSeed = {
  kind: "promo",
  mediaKey: "promo-spot",
  name: {
    "en-US": "Forma Summer Challenge",
    "de-DE": "Forma Sommer-Challenge",
    "fr-FR": "Défi d'été Forma",
    "es-ES": "Reto de verano Forma",
    "nb-NO": "Forma sommerutfordring",
  },
};

const EDU_CORE_BREATHING: WorkoutSegmentSeed = {
  kind: "educational",
  mediaKey: "edu-breathing",
  name: {
    "en-US": "Breathing for Core Control",
    "de-DE": "Richtig atmen für einen stabilen Rumpf",
    "fr-FR": "Respirer pour mieux gainer",
    "es-ES": "Respiración para controlar el core",
    "nb-NO": "Pust for bedre kjernekontroll",
  },
};

const EDU_RECOVERY_BREATHING: WorkoutSegmentSeed = {
  kind: "educational",
  mediaKey: "edu-breathing",
  name: {
    "en-US": "Breathe to Recover",
    "de-DE": "Durch Atmung regenerieren",
    "fr-FR": "Respirer pour récupérer",
    "es-ES": "Respira para recuperarte",
    "nb-NO": "Pust for restitusjon",
  },
};

// ---------------------------------------------------------------------------
// Workouts
// ---------------------------------------------------------------------------

export const WORKOUTS: WorkoutSeed[] = [
  {
    key: "morning-mobility-flow",
    name: {
      "en-US": "Morning Mobility Flow",
      "de-DE": "Mobility-Flow am Morgen",
      "fr-FR": "Mobilité du matin",
      "es-ES": "Movilidad matinal",
      "nb-NO": "Morgenmobilitet",
    },
    description: {
      "en-US": "A gentle flow that wakes up stiff hips, spine and shoulders before your day starts. No equipment needed.",
      "de-DE": "Ein sanfter Flow, der steife Hüften, Wirbelsäule und Schultern vor dem Tagesstart aufweckt. Ganz ohne Equipment.",
      "fr-FR": "Un enchaînement doux pour réveiller les hanches, le dos et les épaules avant de commencer la journée. Sans matériel.",
      "es-ES": "Una secuencia suave para despertar caderas, columna y hombros antes de empezar el día. Sin material.",
      "nb-NO": "En rolig flyt som vekker stive hofter, rygg og skuldre før dagen starter. Uten utstyr.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["mobility", "yoga", "recovery"],
    tags: ["morning", "stretch", "no-equipment"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests(
        [
          ex("cat-cow", 60, { pace: "slow" }),
          ex("downward-dog", 45, { pace: "slow" }),
          ex("worlds-greatest-stretch", 60, { pace: "slow" }),
          reps("inchworm", 6, { pace: "slow" }),
          ex("lateral-lunge", 45, { pace: "slow" }),
          ex("glute-bridge", 45, { pace: "moderate" }),
          ex("bird-dog", 60, { pace: "slow" }),
          ex("childs-pose", 60, { pace: "slow" }),
        ],
        10,
      ),
      rest(20),
      ...withRests(
        [
          ex("cat-cow", 45, { pace: "slow" }),
          ex("worlds-greatest-stretch", 60, { pace: "slow" }),
          ex("downward-dog", 45, { pace: "slow" }),
          ex("childs-pose", 60, { pace: "slow" }),
        ],
        10,
      ),
      OUTRO,
    ],
  },
  {
    key: "full-body-foundations",
    name: {
      "en-US": "Full-Body Foundations",
      "de-DE": "Ganzkörper-Grundlagen",
      "fr-FR": "Les bases du corps entier",
      "es-ES": "Fundamentos de cuerpo completo",
      "nb-NO": "Grunnleggende helkroppstrening",
    },
    description: {
      "en-US": "Learn the essential movement patterns with a joint-friendly full-body circuit: squat, push, hinge and brace.",
      "de-DE": "Lerne die wichtigsten Bewegungsmuster in einem gelenkschonenden Ganzkörperzirkel: Kniebeuge, Drücken, Hüftstrecken und Stabilisieren.",
      "fr-FR": "Apprenez les mouvements essentiels avec un circuit complet doux pour les articulations : squat, poussée, charnière de hanche et gainage.",
      "es-ES": "Aprende los patrones de movimiento esenciales con un circuito de cuerpo completo de bajo impacto: sentadilla, empuje, bisagra de cadera y estabilidad.",
      "nb-NO": "Lær de viktigste bevegelsesmønstrene i en skånsom helkroppssirkel: knebøy, press, hoftehengsel og stabilitet.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["strength", "low-impact"],
    tags: ["full-body", "no-equipment", "technique"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests([ex("cat-cow", 40), reps("inchworm", 5, { pace: "slow" }), ex("worlds-greatest-stretch", 40)], 10),
      rest(15),
      ...circuit(
        [
          reps("squat", 12, { pace: "moderate", rpe: 5 }),
          reps("knee-push-up", 10, { pace: "moderate", rpe: 6 }),
          reps("glute-bridge", 12, { pace: "moderate", rpe: 5 }),
          reps("reverse-lunge", 10, { pace: "moderate", rpe: 6 }),
          ex("plank", 30, { rpe: 6 }),
          ex("bird-dog", 40, { pace: "slow", rpe: 4 }),
        ],
        3,
        20,
        60,
      ),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "core-crusher",
    name: {
      "en-US": "Core Crusher",
      "de-DE": "Core-Killer",
      "fr-FR": "Abdos en feu",
      "es-ES": "Core a tope",
      "nb-NO": "Kjerneknuser",
    },
    description: {
      "en-US": "Three rounds of anti-extension, rotation and side-plank work for a strong, stable midsection.",
      "de-DE": "Drei Runden mit Anti-Extensions-, Rotations- und Seitstützübungen für eine starke, stabile Körpermitte.",
      "fr-FR": "Trois tours de gainage, de rotations et de planches latérales pour une sangle abdominale solide et stable.",
      "es-ES": "Tres rondas de antiextensión, rotación y plancha lateral para un core fuerte y estable.",
      "nb-NO": "Tre runder med antiekstensjon, rotasjon og sideplanke for en sterk og stabil midtseksjon.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["core", "pilates"],
    tags: ["abs", "no-equipment", "mat"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ex("cat-cow", 45, { pace: "slow" }),
      rest(10),
      ...circuit(
        [
          ex("dead-bug", 40, { pace: "slow", rpe: 6 }),
          ex("bicycle-crunch", 40, { pace: "moderate", rpe: 7 }),
          ex("side-plank", 30, { rpe: 7 }),
          ex("russian-twist", 40, { pace: "moderate", rpe: 7 }),
          ex("flutter-kick", 30, { pace: "fast", rpe: 7 }),
          ex("plank", 45, { rpe: 8 }),
        ],
        3,
        15,
        45,
      ),
      rest(15),
      ex("childs-pose", 60, { pace: "slow" }),
      OUTRO,
    ],
  },
  {
    key: "hiit-burn",
    name: {
      "en-US": "HIIT Burn",
      "de-DE": "HIIT-Fatburner",
      "fr-FR": "HIIT brûle-graisses",
      "es-ES": "HIIT quema grasa",
      "nb-NO": "HIIT-forbrenning",
    },
    description: {
      "en-US": "Four fast rounds of jumps, climbers and skaters with short rests to push your heart rate up and keep it there.",
      "de-DE": "Vier schnelle Runden mit Sprüngen, Bergsteigern und Eisschnellläufern bei kurzen Pausen, die deinen Puls hochtreiben und oben halten.",
      "fr-FR": "Quatre tours rapides de sauts, de grimpeurs et de sauts du patineur avec peu de récupération pour faire monter le cardio et le maintenir.",
      "es-ES": "Cuatro rondas rápidas de saltos, escaladores y patinadores con descansos cortos para subir las pulsaciones y mantenerlas.",
      "nb-NO": "Fire raske runder med hopp, fjellklatrere og skøyteløperhopp med korte pauser som får pulsen opp og holder den der.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["hiit", "cardio"],
    tags: ["fat-burn", "no-equipment", "intervals"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      PROMO_SUMMER,
      ex("jumping-jack", 45, { pace: "moderate" }),
      rest(10),
      reps("inchworm", 5, { pace: "moderate" }),
      rest(15),
      ...circuit(
        [
          ex("jump-squat", 40, { pace: "explosive", rpe: 8 }),
          ex("mountain-climber", 40, { pace: "fast", rpe: 8 }),
          ex("skater-jump", 40, { pace: "fast", rpe: 8 }),
          ex("high-knees", 40, { pace: "fast", rpe: 8 }),
          ex("push-up", 40, { pace: "moderate", rpe: 7, amrap: true }),
        ],
        4,
        20,
        60,
      ),
      rest(20),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "tabata-inferno",
    name: {
      "en-US": "Tabata Inferno",
      "de-DE": "Tabata-Inferno",
      "fr-FR": "Tabata infernal",
      "es-ES": "Tabata infernal",
      "nb-NO": "Tabata-inferno",
    },
    description: {
      "en-US": "Four classic Tabata blocks of 20 seconds all-out and 10 seconds rest. Short, brutal and very effective.",
      "de-DE": "Vier klassische Tabata-Blöcke mit 20 Sekunden Vollgas und 10 Sekunden Pause. Kurz, hart und sehr effektiv.",
      "fr-FR": "Quatre blocs Tabata classiques : 20 secondes à fond, 10 secondes de repos. Court, intense et redoutablement efficace.",
      "es-ES": "Cuatro bloques Tabata clásicos de 20 segundos a tope y 10 de descanso. Corto, duro y muy eficaz.",
      "nb-NO": "Fire klassiske Tabata-blokker med 20 sekunder full innsats og 10 sekunder pause. Kort, brutalt og svært effektivt.",
    },
    difficulty: "advanced",
    visibility: "public",
    categoryKeys: ["hiit", "cardio"],
    tags: ["tabata", "intervals", "no-equipment", "high-intensity"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests([ex("jumping-jack", 60), ex("worlds-greatest-stretch", 45), ex("high-knees", 30)], 10),
      rest(20),
      ...intervals(ex("burpee", 20, { pace: "explosive", rpe: 9 }), ex("jump-squat", 20, { pace: "explosive", rpe: 9 }), 8, 10),
      rest(60),
      ...intervals(ex("mountain-climber", 20, { pace: "fast", rpe: 9 }), ex("skater-jump", 20, { pace: "fast", rpe: 9 }), 8, 10),
      rest(60),
      ...intervals(ex("high-knees", 20, { pace: "fast", rpe: 9 }), ex("push-up", 20, { pace: "fast", rpe: 9 }), 8, 10),
      rest(60),
      ...intervals(ex("v-up", 20, { pace: "fast", rpe: 9 }), ex("bicycle-crunch", 20, { pace: "fast", rpe: 9 }), 8, 10),
      rest(20),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "dumbbell-strength",
    name: {
      "en-US": "Dumbbell Strength",
      "de-DE": "Kraft mit Kurzhanteln",
      "fr-FR": "Force aux haltères",
      "es-ES": "Fuerza con mancuernas",
      "nb-NO": "Styrke med manualer",
    },
    description: {
      "en-US": "Classic straight sets with a pair of dumbbells: squat, hinge, row, press and curl with full rest between sets.",
      "de-DE": "Klassische Sätze mit zwei Kurzhanteln: Kniebeuge, Hüftbeugen, Rudern, Drücken und Curls mit ausreichend Pause zwischen den Sätzen.",
      "fr-FR": "Des séries classiques avec une paire d'haltères : squat, charnière de hanche, rowing, développé et curl, avec une vraie récupération entre les séries.",
      "es-ES": "Series clásicas con un par de mancuernas: sentadilla, bisagra, remo, press y curl con descanso completo entre series.",
      "nb-NO": "Klassiske sett med et par manualer: knebøy, hoftehengsel, roing, press og curl med full pause mellom settene.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["strength"],
    tags: ["dumbbells", "hypertrophy", "sets"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests([reps("inchworm", 5), ex("worlds-greatest-stretch", 40), reps("squat", 10, { pace: "moderate" })], 10),
      rest(20),
      ...sets(reps("goblet-squat", 10, { pace: "moderate", weightLevel: "medium", rpe: 7 }), 3, 60),
      ...sets(reps("romanian-deadlift", 10, { pace: "slow", weightLevel: "medium", rpe: 7 }), 3, 60),
      ...sets(reps("dumbbell-row", 10, { pace: "moderate", weightLevel: "medium", rpe: 7 }), 3, 45),
      ...sets(reps("dumbbell-shoulder-press", 10, { pace: "moderate", weightLevel: "light", rpe: 7 }), 3, 60),
      ...sets(reps("dumbbell-bicep-curl", 12, { pace: "moderate", weightLevel: "light", rpe: 8 }), 2, 45),
      ex("plank", 45, { rpe: 7 }),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "kettlebell-power",
    name: {
      "en-US": "Kettlebell Power",
      "de-DE": "Kettlebell-Power",
      "fr-FR": "Puissance kettlebell",
      "es-ES": "Potencia con kettlebell",
      "nb-NO": "Kettlebell-kraft",
    },
    description: {
      "en-US": "Heavy swings paired with squats, push-ups and burpees for five demanding rounds of strength and power endurance.",
      "de-DE": "Schwere Swings kombiniert mit Kniebeugen, Liegestützen und Burpees: fünf fordernde Runden für Kraft und Schnellkraftausdauer.",
      "fr-FR": "Des swings lourds associés à des squats, des pompes et des burpees pour cinq tours exigeants de force et d'endurance explosive.",
      "es-ES": "Swings pesados combinados con sentadillas, flexiones y burpees en cinco rondas exigentes de fuerza y resistencia a la potencia.",
      "nb-NO": "Tunge svinger kombinert med knebøy, armhevinger og burpees i fem krevende runder med styrke og eksplosiv utholdenhet.",
    },
    difficulty: "advanced",
    visibility: "public",
    categoryKeys: ["strength", "hiit"],
    tags: ["kettlebell", "power", "conditioning"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests([ex("jumping-jack", 45), ex("worlds-greatest-stretch", 60), reps("inchworm", 5)], 10),
      rest(20),
      ...circuit(
        [
          reps("kettlebell-swing", 15, { pace: "explosive", weightLevel: "heavy", rpe: 8 }),
          reps("goblet-squat", 10, { pace: "moderate", weightLevel: "medium", rpe: 7 }),
          reps("push-up", 12, { pace: "moderate", rpe: 8 }),
          reps("burpee", 8, { pace: "fast", rpe: 9 }),
        ],
        5,
        30,
        90,
      ),
      rest(30),
      ...withRests([ex("plank", 60, { rpe: 8 }), ex("side-plank", 45, { rpe: 8 })], 15),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "low-impact-cardio",
    name: {
      "en-US": "Low-Impact Cardio",
      "de-DE": "Gelenkschonendes Cardio",
      "fr-FR": "Cardio sans impact",
      "es-ES": "Cardio de bajo impacto",
      "nb-NO": "Skånsom kondisjon",
    },
    description: {
      "en-US": "Raise your heart rate without a single jump. Step-ups, squats and lunges keep you moving while staying kind to your joints.",
      "de-DE": "Bring deinen Puls hoch, ganz ohne Sprünge. Step-ups, Kniebeugen und Ausfallschritte halten dich in Bewegung und schonen die Gelenke.",
      "fr-FR": "Faites monter le cardio sans aucun saut. Montées sur step, squats et fentes vous font bouger tout en ménageant vos articulations.",
      "es-ES": "Sube las pulsaciones sin un solo salto. Subidas al escalón, sentadillas y zancadas te mantienen en movimiento cuidando tus articulaciones.",
      "nb-NO": "Få opp pulsen uten et eneste hopp. Opptrinn, knebøy og utfall holder deg i bevegelse og er skånsomt for leddene.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["low-impact", "cardio"],
    tags: ["no-jumping", "apartment-friendly", "joint-friendly"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests([ex("cat-cow", 40), ex("worlds-greatest-stretch", 40)], 10),
      rest(15),
      ...circuit(
        [
          ex("step-up", 45, { pace: "moderate", rpe: 6 }),
          ex("squat", 40, { pace: "moderate", rpe: 6 }),
          ex("lateral-lunge", 40, { pace: "moderate", rpe: 6 }),
          ex("reverse-lunge", 40, { pace: "moderate", rpe: 6 }),
          ex("calf-raise", 30, { pace: "moderate", rpe: 5 }),
          ex("wall-sit", 30, { rpe: 7 }),
        ],
        4,
        15,
        45,
      ),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "yoga-flow-class",
    name: {
      "en-US": "Yoga Flow Class",
      "de-DE": "Yoga-Flow-Kurs",
      "fr-FR": "Cours de yoga flow",
      "es-ES": "Clase de yoga flow",
      "nb-NO": "Yoga flow-time",
    },
    description: {
      "en-US": "A guided class opening followed by two slow rounds of classic poses to build mobility, balance and calm.",
      "de-DE": "Ein angeleiteter Kurseinstieg, gefolgt von zwei ruhigen Runden klassischer Haltungen für Beweglichkeit, Balance und innere Ruhe.",
      "fr-FR": "Une ouverture guidée suivie de deux tours lents de postures classiques pour gagner en mobilité, en équilibre et en sérénité.",
      "es-ES": "Una apertura guiada seguida de dos rondas lentas de posturas clásicas para ganar movilidad, equilibrio y calma.",
      "nb-NO": "En veiledet åpning etterfulgt av to rolige runder med klassiske stillinger for bevegelighet, balanse og ro.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["yoga", "mobility", "recovery"],
    tags: ["yoga", "mindful", "mat"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      {
        kind: "class",
        mediaKey: "class-flow",
        name: {
          "en-US": "Guided Flow Opening",
          "de-DE": "Angeleiteter Flow-Einstieg",
          "fr-FR": "Ouverture guidée du flow",
          "es-ES": "Apertura guiada del flow",
          "nb-NO": "Veiledet flytåpning",
        },
        chapters: [
          { name: "Centering", startTimeSec: 0, endTimeSec: 12, exerciseKeys: ["childs-pose"] },
          { name: "Cat-Cow Warm-Up", startTimeSec: 12, endTimeSec: 28, exerciseKeys: ["cat-cow"] },
          { name: "Downward Dog Flow", startTimeSec: 28, endTimeSec: 46, exerciseKeys: ["downward-dog", "inchworm"] },
          { name: "Lunge Opener", startTimeSec: 46, endTimeSec: 60, exerciseKeys: ["worlds-greatest-stretch"] },
        ],
      },
      rest(10),
      ...circuit(
        [
          ex("downward-dog", 60, { pace: "slow" }),
          ex("worlds-greatest-stretch", 60, { pace: "slow" }),
          ex("lateral-lunge", 45, { pace: "slow" }),
          ex("cat-cow", 45, { pace: "slow" }),
          ex("bird-dog", 60, { pace: "slow" }),
          ex("glute-bridge", 45, { pace: "slow" }),
        ],
        2,
        10,
        20,
      ),
      rest(10),
      ex("childs-pose", 90, { pace: "slow" }),
      OUTRO,
    ],
  },
  {
    key: "pilates-core-sculpt",
    name: {
      "en-US": "Pilates Core Sculpt",
      "de-DE": "Pilates Core Sculpt",
      "fr-FR": "Pilates sculpt abdos",
      "es-ES": "Pilates para esculpir el core",
      "nb-NO": "Pilates kjerneforming",
    },
    description: {
      "en-US": "Precise, controlled mat work for the deep core, glutes and back, starting with a short lesson on breathing.",
      "de-DE": "Präzise, kontrollierte Mattenübungen für die tiefe Rumpfmuskulatur, Po und Rücken, mit einer kurzen Einführung zur Atmung.",
      "fr-FR": "Un travail au sol précis et contrôlé pour les abdominaux profonds, les fessiers et le dos, avec une courte leçon de respiration.",
      "es-ES": "Trabajo de suelo preciso y controlado para el core profundo, los glúteos y la espalda, con una breve lección de respiración.",
      "nb-NO": "Presis og kontrollert mattetrening for dyp kjernemuskulatur, sete og rygg, med en kort innføring i pust.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["pilates", "core"],
    tags: ["pilates", "mat", "mini-band"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      EDU_CORE_BREATHING,
      ex("cat-cow", 45, { pace: "slow" }),
      rest(10),
      ...circuit(
        [
          ex("dead-bug", 45, { pace: "slow", rpe: 6 }),
          reps("glute-bridge", 12, { pace: "slow", rpe: 6 }),
          ex("side-plank", 30, { rpe: 7 }),
          reps("superman", 10, { pace: "slow", rpe: 6 }),
          ex("flutter-kick", 30, { pace: "moderate", rpe: 7 }),
          reps("band-squat", 12, { pace: "slow", rpe: 6 }),
        ],
        3,
        15,
        45,
      ),
      rest(15),
      ex("childs-pose", 60, { pace: "slow" }),
      OUTRO,
    ],
  },
  {
    key: "glute-lab",
    name: {
      "en-US": "Glute Lab",
      "de-DE": "Po-Workout",
      "fr-FR": "Atelier fessiers",
      "es-ES": "Laboratorio de glúteos",
      "nb-NO": "Setelaben",
    },
    description: {
      "en-US": "Targeted glute strength with hip thrusts, lunges and Romanian deadlifts, finished with a wall-sit burn.",
      "de-DE": "Gezieltes Gesäßtraining mit Hip Thrusts, Ausfallschritten und rumänischem Kreuzheben, zum Abschluss Wandsitzen.",
      "fr-FR": "Un renforcement ciblé des fessiers avec hip thrusts, fentes et soulevés de terre roumains, pour finir par une chaise au mur.",
      "es-ES": "Fuerza de glúteos específica con empujes de cadera, zancadas y peso muerto rumano, con una sentadilla en pared para terminar.",
      "nb-NO": "Målrettet setestyrke med hoftestøt, utfall og rumensk markløft, avsluttet med veggsitting.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["strength", "low-impact"],
    tags: ["glutes", "lower-body", "dumbbells"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests([reps("glute-bridge", 15), reps("band-squat", 12), ex("lateral-lunge", 40)], 10),
      rest(20),
      ...sets(reps("hip-thrust", 12, { pace: "moderate", weightLevel: "medium", rpe: 7 }), 3, 45),
      ...sets(reps("reverse-lunge", 12, { pace: "moderate", rpe: 7 }), 3, 45),
      ...sets(reps("romanian-deadlift", 10, { pace: "slow", weightLevel: "medium", rpe: 7 }), 3, 60),
      ...sets(ex("step-up", 45, { pace: "moderate", rpe: 7 }), 2, 30),
      ex("wall-sit", 45, { rpe: 9 }),
      rest(15),
      ...withRests([ex("worlds-greatest-stretch", 60), ex("childs-pose", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "upper-body-push-pull",
    name: {
      "en-US": "Upper Body Push & Pull",
      "de-DE": "Oberkörper: Drücken und Ziehen",
      "fr-FR": "Haut du corps : pousser et tirer",
      "es-ES": "Tren superior: empuje y tracción",
      "nb-NO": "Overkropp: press og trekk",
    },
    description: {
      "en-US": "Supersets that pair a press with a pull for balanced shoulders, a strong back and bulletproof posture.",
      "de-DE": "Supersätze, die jeweils eine Drück- mit einer Zugübung kombinieren: für ausgeglichene Schultern, einen starken Rücken und eine stabile Haltung.",
      "fr-FR": "Des supersets qui associent une poussée et un tirage pour des épaules équilibrées, un dos solide et une posture à toute épreuve.",
      "es-ES": "Superseries que combinan un empuje con una tracción para unos hombros equilibrados, una espalda fuerte y una postura a prueba de todo.",
      "nb-NO": "Supersett som kombinerer press og trekk for balanserte skuldre, en sterk rygg og solid holdning.",
    },
    difficulty: "advanced",
    visibility: "public",
    categoryKeys: ["strength"],
    tags: ["upper-body", "supersets", "dumbbells"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests([reps("band-pull-apart", 15), reps("inchworm", 5), reps("push-up", 8, { pace: "moderate" })], 10),
      rest(20),
      ...circuit(
        [
          reps("pike-push-up", 8, { pace: "slow", rpe: 8 }),
          reps("dumbbell-row", 12, { pace: "moderate", weightLevel: "heavy", rpe: 8 }),
        ],
        4,
        10,
        60,
      ),
      rest(60),
      ...circuit(
        [
          reps("dumbbell-shoulder-press", 10, { pace: "moderate", weightLevel: "medium", rpe: 8 }),
          reps("tricep-dip", 12, { pace: "moderate", rpe: 8 }),
        ],
        4,
        10,
        60,
      ),
      rest(60),
      ...circuit(
        [
          reps("push-up", 15, { pace: "moderate", rpe: 9 }),
          reps("dumbbell-bicep-curl", 12, { pace: "moderate", weightLevel: "medium", rpe: 8 }),
        ],
        3,
        10,
        60,
      ),
      rest(30),
      ...withRests([ex("bear-crawl", 45, { rpe: 8 }), ex("plank", 60, { rpe: 8 })], 15),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("downward-dog", 45)], 10),
      OUTRO,
    ],
  },
  {
    key: "athlete-conditioning",
    name: {
      "en-US": "Athlete Conditioning",
      "de-DE": "Athletik-Konditionstraining",
      "fr-FR": "Préparation physique athlète",
      "es-ES": "Acondicionamiento para atletas",
      "nb-NO": "Utøverkondisjon",
    },
    description: {
      "en-US": "A long session in three blocks: kettlebell strength, plyometric conditioning and a core finisher. Built for sport.",
      "de-DE": "Eine lange Einheit in drei Blöcken: Kettlebell-Kraft, plyometrische Kondition und ein Core-Finisher. Gemacht für Sportler.",
      "fr-FR": "Une longue séance en trois blocs : force à la kettlebell, conditionnement pliométrique et finisher gainage. Pensée pour les sportifs.",
      "es-ES": "Una sesión larga en tres bloques: fuerza con kettlebell, acondicionamiento pliométrico y un final de core. Pensada para deportistas.",
      "nb-NO": "En lang økt i tre blokker: kettlebellstyrke, plyometrisk kondisjon og en kjerneavslutning. Laget for idrett.",
    },
    difficulty: "advanced",
    visibility: "public",
    categoryKeys: ["hiit", "cardio", "strength"],
    tags: ["athletic", "plyometrics", "kettlebell", "long"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests(
        [
          ex("jumping-jack", 60),
          ex("high-knees", 30, { pace: "fast" }),
          ex("worlds-greatest-stretch", 60),
          reps("inchworm", 6),
          ex("skater-jump", 30, { pace: "moderate" }),
        ],
        10,
      ),
      rest(30),
      ...circuit(
        [
          reps("kettlebell-swing", 20, { pace: "explosive", weightLevel: "heavy", rpe: 8 }),
          reps("goblet-squat", 12, { pace: "moderate", weightLevel: "heavy", rpe: 8 }),
          reps("push-up", 15, { pace: "moderate", rpe: 8 }),
        ],
        3,
        20,
        60,
      ),
      rest(90),
      ...circuit(
        [
          ex("burpee", 40, { pace: "fast", rpe: 9 }),
          ex("skater-jump", 40, { pace: "fast", rpe: 8 }),
          ex("mountain-climber", 40, { pace: "fast", rpe: 8 }),
          ex("jump-squat", 40, { pace: "explosive", rpe: 9 }),
        ],
        4,
        20,
        60,
      ),
      rest(60),
      ...circuit(
        [
          ex("v-up", 40, { pace: "moderate", rpe: 8 }),
          ex("russian-twist", 40, { pace: "moderate", rpe: 7 }),
          ex("side-plank", 30, { rpe: 8 }),
        ],
        2,
        15,
        30,
      ),
      rest(20),
      ...withRests([ex("childs-pose", 60), ex("downward-dog", 60)], 10),
      OUTRO,
    ],
  },
  {
    // Benchmark workout: exactly 40 segments (1 intro + 4 warm-up + 31 circuit + 3 cool-down + 1 outro).
    key: "full-body-ladder",
    name: {
      "en-US": "Full-Body Ladder",
      "de-DE": "Ganzkörper-Leiter",
      "fr-FR": "Échelle corps entier",
      "es-ES": "Escalera de cuerpo completo",
      "nb-NO": "Helkroppsstigen",
    },
    description: {
      "en-US": "Eight classic bodyweight moves, two rounds, no equipment. A balanced full-body session you can do anywhere.",
      "de-DE": "Acht klassische Körpergewichtsübungen, zwei Runden, kein Equipment. Ein ausgewogenes Ganzkörpertraining für überall.",
      "fr-FR": "Huit mouvements classiques au poids du corps, deux tours, sans matériel. Une séance complète et équilibrée à faire partout.",
      "es-ES": "Ocho ejercicios clásicos con el peso corporal, dos rondas y sin material. Una sesión equilibrada de cuerpo completo para hacer en cualquier lugar.",
      "nb-NO": "Åtte klassiske kroppsvektøvelser, to runder, uten utstyr. En balansert helkroppsøkt du kan gjøre hvor som helst.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["hiit", "strength"],
    tags: ["full-body", "no-equipment", "benchmark"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ex("jumping-jack", 60),
      rest(15),
      ex("worlds-greatest-stretch", 60),
      rest(15),
      ...circuit(
        [
          ex("squat", 40, { pace: "moderate", rpe: 6 }),
          ex("push-up", 40, { pace: "moderate", rpe: 7 }),
          ex("mountain-climber", 40, { pace: "fast", rpe: 7 }),
          ex("reverse-lunge", 40, { pace: "moderate", rpe: 6 }),
          ex("plank", 40, { rpe: 7 }),
          ex("skater-jump", 40, { pace: "fast", rpe: 7 }),
          ex("glute-bridge", 40, { pace: "moderate", rpe: 6 }),
          ex("bicycle-crunch", 40, { pace: "moderate", rpe: 7 }),
        ],
        2,
        15,
        60,
      ),
      rest(15),
      ex("childs-pose", 45),
      ex("downward-dog", 45),
      OUTRO,
    ],
  },
  {
    key: "fitness-check-beginner",
    name: {
      "en-US": "Fitness Check: Beginner",
      "de-DE": "Fitness-Check: Anfänger",
      "fr-FR": "Bilan forme : débutant",
      "es-ES": "Test de forma: principiante",
      "nb-NO": "Formtest: nybegynner",
    },
    description: {
      "en-US": "Five one-minute tests to measure your starting point. Count your reps, log them and repeat the test in four weeks.",
      "de-DE": "Fünf Tests à einer Minute, um deinen Ausgangspunkt zu messen. Zähl deine Wiederholungen, notier sie und wiederhole den Test in vier Wochen.",
      "fr-FR": "Cinq tests d'une minute pour mesurer votre point de départ. Comptez vos répétitions, notez-les et refaites le test dans quatre semaines.",
      "es-ES": "Cinco pruebas de un minuto para medir tu punto de partida. Cuenta tus repeticiones, anótalas y repite el test en cuatro semanas.",
      "nb-NO": "Fem tester på ett minutt for å måle utgangspunktet ditt. Tell repetisjonene, noter dem og gjenta testen om fire uker.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["cardio", "strength"],
    tags: ["assessment", "fitness-test", "no-equipment"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: true,
    assessmentType: "fitness-test",
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests([ex("jumping-jack", 45), ex("worlds-greatest-stretch", 45)], 10),
      rest(30),
      ...withRests(
        [
          ex("squat", 60, { amrap: true, rpe: 8 }),
          ex("knee-push-up", 60, { amrap: true, rpe: 8 }),
          ex("plank", 60, { rpe: 8 }),
          ex("jumping-jack", 60, { amrap: true, rpe: 8 }),
          ex("glute-bridge", 60, { amrap: true, rpe: 7 }),
        ],
        60,
      ),
      rest(15),
      ex("childs-pose", 60),
      OUTRO,
    ],
  },
  {
    key: "fitness-check-advanced",
    name: {
      "en-US": "Fitness Check: Advanced",
      "de-DE": "Fitness-Check: Fortgeschrittene",
      "fr-FR": "Bilan forme : avancé",
      "es-ES": "Test de forma: avanzado",
      "nb-NO": "Formtest: avansert",
    },
    description: {
      "en-US": "A tough benchmark of power, pushing strength and core endurance. Go all-out in every test and track your score over time.",
      "de-DE": "Ein harter Leistungstest für Schnellkraft, Druckkraft und Rumpfausdauer. Gib in jedem Test alles und verfolge deine Ergebnisse.",
      "fr-FR": "Un test exigeant de puissance, de force de poussée et d'endurance du tronc. Donnez tout à chaque épreuve et suivez vos progrès.",
      "es-ES": "Una prueba exigente de potencia, fuerza de empuje y resistencia del core. Dalo todo en cada test y sigue tu evolución.",
      "nb-NO": "En tøff test av eksplosivitet, pressstyrke og kjerneutholdenhet. Gi alt i hver test og følg resultatene over tid.",
    },
    difficulty: "advanced",
    visibility: "public",
    categoryKeys: ["hiit", "strength"],
    tags: ["assessment", "fitness-test", "benchmark"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: true,
    assessmentType: "fitness-test",
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      ...withRests([ex("jumping-jack", 60), reps("inchworm", 5), ex("worlds-greatest-stretch", 45)], 10),
      rest(30),
      ...withRests(
        [
          ex("burpee", 60, { amrap: true, pace: "fast", rpe: 10 }),
          ex("push-up", 60, { amrap: true, rpe: 10 }),
          ex("jump-squat", 60, { amrap: true, pace: "explosive", rpe: 10 }),
          ex("v-up", 60, { amrap: true, rpe: 9 }),
        ],
        90,
      ),
      rest(90),
      ex("wall-sit", 90, { rpe: 9 }),
      rest(60),
      ex("pike-push-up", 60, { amrap: true, rpe: 9 }),
      rest(15),
      ...withRests([ex("childs-pose", 60), ex("downward-dog", 60)], 10),
      OUTRO,
    ],
  },
  {
    key: "recovery-stretch",
    name: {
      "en-US": "Recovery Stretch",
      "de-DE": "Regenerations-Stretching",
      "fr-FR": "Étirements de récupération",
      "es-ES": "Estiramientos de recuperación",
      "nb-NO": "Restitusjonstøyning",
    },
    description: {
      "en-US": "Slow stretches and guided breathing to bring your body down after hard training days. Perfect for rest days.",
      "de-DE": "Langsame Dehnübungen und geführte Atmung, um nach harten Trainingstagen herunterzufahren. Ideal für Ruhetage.",
      "fr-FR": "Des étirements lents et une respiration guidée pour faire redescendre le corps après les séances intenses. Idéal les jours de repos.",
      "es-ES": "Estiramientos lentos y respiración guiada para relajar el cuerpo después de los días de entrenamiento duro. Perfecto para días de descanso.",
      "nb-NO": "Rolige tøyninger og veiledet pust som hjelper kroppen ned etter harde treningsdager. Perfekt på hviledager.",
    },
    difficulty: "beginner",
    visibility: "public",
    categoryKeys: ["recovery", "mobility", "yoga"],
    tags: ["stretch", "rest-day", "breathing"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      // A class segment whose chapter analysis has not run (no chapters).
      {
        kind: "class",
        mediaKey: "class-flow",
        name: {
          "en-US": "Guided Stretch Class",
          "de-DE": "Angeleiteter Stretching-Kurs",
          "fr-FR": "Cours d'étirements guidé",
          "es-ES": "Clase de estiramientos guiada",
          "nb-NO": "Veiledet tøyningstime",
        },
      },
      rest(10),
      ...withRests(
        [
          ex("childs-pose", 60, { pace: "slow" }),
          ex("cat-cow", 60, { pace: "slow" }),
          ex("downward-dog", 45, { pace: "slow" }),
          ex("worlds-greatest-stretch", 60, { pace: "slow" }),
          ex("bird-dog", 45, { pace: "slow" }),
          ex("glute-bridge", 45, { pace: "slow" }),
          ex("cat-cow", 45, { pace: "slow" }),
          ex("worlds-greatest-stretch", 60, { pace: "slow" }),
          ex("childs-pose", 90, { pace: "slow" }),
        ],
        10,
      ),
      EDU_RECOVERY_BREATHING,
      OUTRO,
    ],
  },
  {
    key: "express-circuit",
    name: {
      "en-US": "Express Circuit",
      "de-DE": "Express-Zirkel",
      "fr-FR": "Circuit express",
      "es-ES": "Circuito exprés",
      "nb-NO": "Ekspress-sirkel",
    },
    description: {
      "en-US": "Follow the coach through a real-time circuit, then take over for three rounds of your own. Short on time, big on results.",
      "de-DE": "Trainiere zuerst im Echtzeit-Zirkel mit dem Coach und übernimm dann selbst für drei Runden. Wenig Zeit, große Wirkung.",
      "fr-FR": "Suivez le coach dans un circuit en temps réel, puis enchaînez trois tours en autonomie. Peu de temps, beaucoup de résultats.",
      "es-ES": "Sigue al entrenador en un circuito en tiempo real y luego haz tú tres rondas. Poco tiempo, grandes resultados.",
      "nb-NO": "Følg treneren gjennom en sirkel i sanntid, og ta deretter tre runder på egen hånd. Lite tid, store resultater.",
    },
    difficulty: "intermediate",
    visibility: "public",
    categoryKeys: ["hiit", "strength"],
    tags: ["quick", "circuit", "no-equipment"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    segments: [
      INTRO,
      {
        kind: "multiExercise",
        mediaKey: "multi-circuit",
        name: {
          "en-US": "Coach-Led Warm-Up Circuit",
          "de-DE": "Aufwärmzirkel mit dem Coach",
          "fr-FR": "Circuit d'échauffement avec le coach",
          "es-ES": "Circuito de calentamiento con el entrenador",
          "nb-NO": "Oppvarmingssirkel med trener",
        },
        exerciseKeys: ["squat", "push-up", "mountain-climber", "reverse-lunge"],
      },
      rest(30),
      ...circuit(
        [
          ex("jump-squat", 40, { pace: "explosive", rpe: 8 }),
          ex("push-up", 40, { pace: "moderate", rpe: 7 }),
          ex("bicycle-crunch", 40, { pace: "moderate", rpe: 7 }),
          ex("lunge", 40, { pace: "moderate", rpe: 7 }),
        ],
        3,
        20,
        45,
      ),
      rest(15),
      ...withRests([ex("childs-pose", 45), ex("worlds-greatest-stretch", 60)], 10),
      OUTRO,
    ],
  },
  // ----- private workouts -----
  {
    key: "knee-friendly-lower-body",
    name: {
      "en-US": "Knee-Friendly Lower Body (Client)",
      "de-DE": "Kniefreundliches Beintraining (Kunde)",
      "fr-FR": "Bas du corps doux pour les genoux (client)",
      "es-ES": "Tren inferior cuidando las rodillas (cliente)",
      "nb-NO": "Kneskånsom underkropp (klient)",
    },
    description: {
      "en-US": "Private program for a client returning from knee pain: controlled tempo, no jumps and a limited knee-bend range.",
      "de-DE": "Privates Programm für einen Kunden nach Knieschmerzen: kontrolliertes Tempo, keine Sprünge und begrenzte Kniebeugung.",
      "fr-FR": "Programme privé pour un client qui reprend après des douleurs au genou : tempo contrôlé, aucun saut et flexion du genou limitée.",
      "es-ES": "Programa privado para un cliente que vuelve tras un dolor de rodilla: ritmo controlado, sin saltos y flexión de rodilla limitada.",
      "nb-NO": "Privat program for en klient som kommer tilbake etter knesmerter: kontrollert tempo, ingen hopp og begrenset knebøyning.",
    },
    difficulty: "beginner",
    visibility: "private",
    categoryKeys: ["low-impact", "recovery"],
    tags: ["client", "rehab", "knees"],
    presentationStyle: "full",
    mixBgMusic: false,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-maya",
    segments: [
      INTRO,
      ...withRests([ex("cat-cow", 45), ex("bird-dog", 45)], 10),
      rest(15),
      ...circuit(
        [
          reps("glute-bridge", 12, { pace: "slow", rpe: 5 }),
          ex("wall-sit", 30, { rpe: 6 }),
          reps("step-up", 10, { pace: "slow", rpe: 5 }),
          reps("band-squat", 12, { pace: "slow", rpe: 5 }),
          reps("calf-raise", 15, { pace: "slow", rpe: 5 }),
        ],
        2,
        30,
        60,
      ),
      rest(15),
      ex("childs-pose", 60),
      OUTRO,
    ],
  },
  {
    key: "sprint-intervals-draft",
    name: {
      "en-US": "Sprint Intervals (Draft)",
      "de-DE": "Sprintintervalle (Entwurf)",
      "fr-FR": "Intervalles sprint (brouillon)",
      "es-ES": "Intervalos de sprint (borrador)",
      "nb-NO": "Sprintintervaller (utkast)",
    },
    description: {
      "en-US": "Work in progress: on-the-spot sprint intervals with equal work and rest. Not published yet.",
      "de-DE": "In Arbeit: Sprintintervalle auf der Stelle mit gleich langer Belastung und Pause. Noch nicht veröffentlicht.",
      "fr-FR": "En cours de création : intervalles de sprint sur place avec autant d'effort que de repos. Pas encore publié.",
      "es-ES": "En preparación: intervalos de sprint en el sitio con el mismo tiempo de trabajo y descanso. Aún no publicado.",
      "nb-NO": "Under arbeid: sprintintervaller på stedet med like lang innsats og pause. Ikke publisert ennå.",
    },
    difficulty: "intermediate",
    visibility: "private",
    categoryKeys: ["hiit", "cardio"],
    tags: ["draft", "sprint", "intervals"],
    presentationStyle: "full",
    mixBgMusic: true,
    allowAssessment: false,
    assessmentType: null,
    trainerKey: "trainer-jonas",
    // Deliberately no outro: the draft is unfinished.
    segments: [
      INTRO,
      ex("jumping-jack", 60),
      rest(15),
      ...withRests(
        Array.from({ length: 8 }, () => ex("high-knees", 30, { pace: "fast", rpe: 9 })),
        30,
      ),
      rest(60),
      ...withRests(
        Array.from({ length: 6 }, () => ex("skater-jump", 30, { pace: "fast", rpe: 8 })),
        30,
      ),
      rest(15),
      ex("childs-pose", 60),
    ],
  },
];
