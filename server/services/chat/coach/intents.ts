/**
 * What a member's message asks for, read deterministically: keyword patterns in English,
 * German, French, Spanish, Portuguese, Italian and Dutch over accent-free lower-case text, a
 * duration in minutes, a level, and a training focus (workout category or muscle groups). Pure,
 * so it is unit-tested without a database.
 */
import type { Level } from "@/server/ai/types";

export interface Signals {
  greeting: boolean;
  thanks: boolean;
  affirm: boolean;
  help: boolean;
  today: boolean;
  progress: boolean;
  startPlan: boolean;
  endPlan: boolean;
  restartPlan: boolean;
  tired: boolean;
  sore: boolean;
  pain: boolean;
  shorter: boolean;
  harder: boolean;
  easier: boolean;
  generate: boolean;
  assign: boolean;
  /** An "add" verb: an assignment when the message also names a workout. */
  add: boolean;
  adapt: boolean;
  /** Minutes the member asked for ("20 min", "half an hour"), or null. */
  minutes: number | null;
  level: Level | null;
  /** Category keys of the reference data ("core", "yoga"...). */
  categories: string[];
  /** Muscle group keys ("glutes", "chest"...). */
  muscles: string[];
}

/** Lower case, accents and apostrophe variants removed, ß as ss, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const words = (...list: string[]) => new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${list.join("|")})(?=$|[^\\p{L}\\p{N}])`, "u");

const GREETING = /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hallo|servus|moin|guten (?:morgen|tag|abend)|bonjour|salut|coucou|bonsoir|hola|buenas|buenos dias|ola|oi|bom dia|boa tarde|ciao|buongiorno|buonasera|hoi|goedemorgen|goedendag)(?=$|[^\p{L}])/u;
const THANKS = words("thanks", "thank you", "thx", "cheers", "danke", "vielen dank", "merci", "gracias", "obrigad[oa]", "grazie", "bedankt", "dank je");
const AFFIRM = /^(?:yes|yeah|yep|yup|ok|okay|sure|please do|do it|go ahead|let's do it|lets do it|sounds good|perfect|great|ja|jawohl|klar|gerne|mach(?:'s| es)?|oui|d'accord|vas-y|si|vale|dale|claro|sim|pode ser|bora|va bene|certo|ja graag)(?=$|[^\p{L}])/u;
const HELP = words("help", "what can you do", "how does this work", "hilfe", "was kannst du", "aide", "que peux-tu faire", "ayuda", "que puedes hacer", "ajuda", "o que podes fazer", "aiuto", "cosa puoi fare", "wat kun je");
const TODAY = words(
  "today",
  "tonight",
  "this morning",
  "this evening",
  "right now",
  "what should i do",
  "what do i do",
  "what to do",
  "next workout",
  "what's next",
  "whats next",
  "recommend",
  "suggest(?:ion)?",
  "any ideas?",
  "heute",
  "jetzt",
  "was soll ich",
  "was mache ich",
  "empfiehl",
  "empfehlung",
  "vorschlag",
  "aujourd'hui",
  "aujourdhui",
  "ce soir",
  "maintenant",
  "que faire",
  "quoi faire",
  "recommande",
  "suggere",
  "hoy",
  "ahora",
  "que hago",
  "recomienda",
  "sugiere",
  "hoje",
  "agora",
  "o que faco",
  "recomenda",
  "sugere",
  "oggi",
  "adesso",
  "cosa faccio",
  "consiglia",
  "vandaag",
  "wat moet ik",
);
const PROGRESS = words(
  "how am i doing",
  "how i'm doing",
  "how i am doing",
  "how have i been doing",
  "progress",
  "stats",
  "statistics",
  "recap",
  "summary",
  "how far",
  "on track",
  "wie mache ich mich",
  "wie laufts?",
  "wie lauft es",
  "wie steh(?:e|t) ich",
  "fortschritt(?:e)?",
  "bilanz",
  "ou j'en suis",
  "ou en suis-je",
  "comment je m'en sors",
  "progres",
  "como voy",
  "como lo estoy haciendo",
  "progreso",
  "como estou",
  "como me estou a sair",
  "progresso",
  "come sto andando",
  "come vado",
  "voortgang",
  "hoe doe ik het",
);
const PLAN_WORD = "(?:plan|plans|program|programs|programme|programmes|programm|programa|programma|challenge|trainingsplan|plano)";
const START_VERB =
  "(?:start|begin|enrol|enroll|join|sign me up for|try|starten|starte|beginnen|anfangen|commencer|commence|demarrer|demarre|lancer|empezar|empieza|comenzar|iniciar|inicia|comecar|comeca|inizia|iniziare|cominciare)";
const END_VERB =
  "(?:stop|end|quit|cancel|finish|leave|drop|pause|beenden|beende|abbrechen|aufhoren|stoppen|arreter|arrete|terminer|termine|quitter|abandonner|parar|terminar|termina|dejar|cancelar|acabar|fermare|terminare|smettere|interrompere|stoppen)";
const START_PLAN = new RegExp(`${START_VERB}\\b.{0,40}\\b${PLAN_WORD}\\b|\\b${PLAN_WORD}\\b.{0,25}\\b${START_VERB}\\b`, "u");
const END_PLAN = new RegExp(`${END_VERB}\\b.{0,40}\\b${PLAN_WORD}\\b|\\b${PLAN_WORD}\\b.{0,25}\\b${END_VERB}\\b`, "u");
const RESTART = words("restart", "start over", "start again", "neu starten", "von vorne", "recommencer", "reiniciar", "empezar de nuevo", "recomecar", "ricominciare");
const TIRED = words(
  "tired",
  "exhausted",
  "fatigued",
  "no energy",
  "low energy",
  "drained",
  "sleepy",
  "slept (?:badly|poorly)",
  "bad sleep",
  "didn't sleep",
  "didnt sleep",
  "worn out",
  "wiped",
  "mude",
  "erschopft",
  "kaputt",
  "schlapp",
  "keine energie",
  "schlecht geschlafen",
  "fatigue(?:e)?",
  "epuise(?:e)?",
  "creve(?:e)?",
  "pas d'energie",
  "mal dormi",
  "cansad[oa]",
  "agotad[oa]",
  "sin energia",
  "dormi mal",
  "exaust[oa]",
  "sem energia",
  "stanc[oa]",
  "esaust[oa]",
  "senza energia",
  "moe",
  "uitgeput",
);
const SORE = words(
  "sore",
  "doms",
  "stiff",
  "aching",
  "achy",
  "muskelkater",
  "verspannt",
  "steif",
  "courbatures?",
  "courbaturee?",
  "agujetas",
  "dolorid[oa]",
  "dores musculares",
  "dorido",
  "indolenzit[oa]",
  "dolori muscolari",
  "spierpijn",
);
const PAIN = words(
  "pain",
  "painful",
  "hurts?",
  "hurting",
  "injur(?:y|ed|ies)",
  "sprain(?:ed)?",
  "strain(?:ed)?",
  "schmerz(?:en|t)?",
  "tut weh",
  "verletz(?:t|ung)",
  "douleurs?",
  "j'ai mal",
  "blesse(?:e)?",
  "blessure",
  "dolor",
  "me duele",
  "lesion",
  "lesionad[oa]",
  "dor",
  "doi-me",
  "lesao",
  "dolore",
  "mi fa male",
  "infortunio",
  "pijn",
);
const SHORTER = words(
  "short",
  "shorter",
  "quick",
  "quickly",
  "fast one",
  "brief",
  "little time",
  "no time",
  "not much time",
  "busy",
  "kurz",
  "kurze",
  "kurzes",
  "kurzer",
  "schnell",
  "wenig zeit",
  "keine zeit",
  "court",
  "courte",
  "plus court",
  "rapide",
  "peu de temps",
  "pas le temps",
  "corto",
  "mas corto",
  "rapido",
  "poco tiempo",
  "curto",
  "mais curto",
  "pouco tempo",
  "breve",
  "veloce",
  "poco tempo",
  "kort",
  "korter",
  "snel",
);
const HARDER = words(
  "harder",
  "more challenging",
  "challenge me",
  "too easy",
  "more intense",
  "intense",
  "push me",
  "tougher",
  "schwerer",
  "harter",
  "anstrengender",
  "zu leicht",
  "zu einfach",
  "intensiver",
  "plus dur",
  "plus difficile",
  "trop facile",
  "plus intense",
  "mas duro",
  "mas dificil",
  "demasiado facil",
  "mas intenso",
  "mais dificil",
  "mais duro",
  "muito facil",
  "mais intenso",
  "piu difficile",
  "troppo facile",
  "piu intenso",
  "zwaarder",
  "te makkelijk",
);
/** "too intense" asks for less, though "intense" alone asks for more. */
const TOO_INTENSE = /too intense|zu intensiv|trop intense|demasiado intenso|muito intenso|troppo intenso/g;
const EASIER = words(
  "easier",
  "too intense",
  "zu intensiv",
  "trop intense",
  "demasiado intenso",
  "muito intenso",
  "troppo intenso",
  "too hard",
  "too difficult",
  "too much",
  "gentler",
  "gentle",
  "lighter",
  "less intense",
  "take it easy",
  "leichter",
  "zu schwer",
  "zu hart",
  "zu anstrengend",
  "sanfter",
  "locker",
  "plus facile",
  "trop dur",
  "trop difficile",
  "plus doux",
  "mas facil",
  "demasiado dificil",
  "demasiado duro",
  "mas suave",
  "mais facil",
  "muito dificil",
  "mais suave",
  "piu facile",
  "troppo difficile",
  "piu leggero",
  "makkelijker",
  "te zwaar",
);
const GENERATE = words(
  "create",
  "make me",
  "build",
  "generate",
  "design",
  "put together",
  "new workout",
  "custom workout",
  "erstell(?:e|en)?",
  "mach mir",
  "generier(?:e|en)?",
  "bau(?:e)? mir",
  "neues training",
  "cree",
  "creer",
  "genere",
  "generer",
  "fais-moi",
  "nouvelle seance",
  "crea",
  "crear",
  "genera",
  "hazme",
  "nuevo entrenamiento",
  "criar",
  "cria",
  "gera",
  "gerar",
  "faz-me",
  "novo treino",
  "creare",
  "generare",
  "fammi",
  "nuovo allenamento",
  "maak",
);
const ASSIGN = words(
  "assign(?: me)?",
  "save",
  "my library",
  "to my list",
  "bibliothek",
  "zuweisen",
  "merken",
  "ma bibliotheque",
  "mi biblioteca",
  "minha biblioteca",
  "la mia libreria",
  "mijn bibliotheek",
);
/** "add" verbs: an assignment only when a workout is named too. */
const ADD = words("add", "hinzufugen", "fug(?:e)? .{0,40} hinzu", "ajoute(?:r)?", "anade", "anadir", "agrega(?:r)?", "adiciona(?:r)?", "aggiungi", "voeg .{0,40} toe");
const ADAPT = words(
  "adapt",
  "adjust",
  "modify",
  "tailor",
  "personali[sz]e",
  "tweak",
  "anpassen",
  "pass(?:e)? .{0,30} an",
  "adapte(?:r)?",
  "ajuste(?:r)?",
  "adapta(?:r)?",
  "ajusta(?:r)?",
  "adattare",
  "adatta",
  "modifica",
  "aanpassen",
);

const LEVELS: [Level, RegExp][] = [
  ["beginner", words("beginners?", "novice", "anfanger(?:in)?", "einsteiger", "debutante?", "principiante", "iniciante", "beginner")],
  ["advanced", words("advanced", "expert", "fortgeschritten(?:e|er|es|en)?", "avance(?:e)?", "avanzad[oa]", "avancad[oa]", "avanzat[oa]", "gevorderd")],
  ["intermediate", words("intermediate", "mittel(?:stufe)?", "intermediaire", "intermedi[oa]", "intermediario", "gemiddeld")],
];

/** Focus words: reference category keys and muscle group keys, in the languages above. */
const CATEGORY_WORDS: Record<string, string[]> = {
  strength: ["strength", "strong(?:er)?", "weights?", "lifting", "kraft", "krafttraining", "musculation", "renforcement", "fuerza", "forca", "musculacao", "forza", "kracht"],
  hiit: ["hiit", "intervals?", "tabata", "intervall(?:e)?", "intervalles?", "intervalos?", "intervalli"],
  cardio: ["cardio", "endurance", "conditioning", "ausdauer", "kondition", "resistencia", "resistenza", "conditie"],
  yoga: ["yoga", "ioga"],
  pilates: ["pilates"],
  mobility: [
    "mobility",
    "flexibility",
    "stretch(?:ing)?",
    "mobilitat",
    "beweglichkeit",
    "dehnen",
    "dehnung",
    "mobilite",
    "souplesse",
    "etirements?",
    "movilidad",
    "flexibilidad",
    "estiramientos?",
    "mobilidade",
    "flexibilidade",
    "alongamentos?",
    "mobilita",
    "flessibilita",
    "rekken",
  ],
  core: ["core", "abs", "abdominals?", "six ?pack", "bauch", "bauchmuskeln", "rumpf", "abdos", "abdominaux", "gainage", "abdominales", "abdominais", "addominali"],
  recovery: ["recovery", "recover", "rest day", "regeneration", "erholung", "recuperation", "recuperacion", "recuperacao", "recupero", "herstel"],
  boxing: ["boxing", "boxen", "boxe", "boxeo", "kickbox(?:ing)?"],
  "low-impact": ["low[- ]impact", "joint[- ]friendly", "no jump(?:ing|s)?", "gelenkschonend", "ohne springen", "sans sauts?", "faible impact", "bajo impacto", "sin saltos", "baixo impacto", "sem saltos", "basso impatto"],
};
const MUSCLE_WORDS: Record<string, string[]> = {
  chest: ["chest", "pecs?", "brust", "pectoraux", "pecho", "peito", "petto", "borst"],
  "upper-back": ["upper back", "oberer rucken", "haut du dos"],
  lats: ["lats"],
  shoulders: ["shoulders?", "delts?", "schultern?", "epaules?", "hombros?", "ombros?", "spalle", "schouders?"],
  biceps: ["biceps", "bizeps", "bicipiti"],
  triceps: ["triceps", "trizeps", "tricipiti"],
  glutes: ["glutes?", "booty", "butt", "bum", "gesass", "fessiers?", "gluteos?", "glutei", "billen"],
  quadriceps: ["quads?", "quadriceps", "oberschenkel", "cuadriceps", "quadricipiti"],
  hamstrings: ["hamstrings?", "ischios?", "isquiotibiales", "isquiotibiais", "femorali"],
  calves: ["calves", "calf", "waden?", "mollets?", "gemelos", "gemeos", "polpacci"],
  "lower-back": ["lower back", "unterer rucken", "bas du dos", "zona lumbar", "lombar", "lombare", "onderrug"],
  obliques: ["obliques?", "schrage bauchmuskeln", "oblicuos", "obliquos"],
  "hip-flexors": ["hip flexors?", "hips?", "hufte", "hanches?", "caderas?", "ancas?", "anche"],
};
const MUSCLE_GROUPS: Record<string, string[]> = {
  legs: ["quadriceps", "hamstrings", "glutes", "calves"],
  arms: ["biceps", "triceps"],
  back: ["upper-back", "lats", "lower-back"],
  upper: ["chest", "upper-back", "lats", "shoulders", "biceps", "triceps"],
};
const MUSCLE_GROUP_WORDS: Record<keyof typeof MUSCLE_GROUPS, string[]> = {
  legs: ["legs?", "lower body", "beine?", "unterkorper", "jambes?", "bas du corps", "piernas?", "tren inferior", "pernas?", "parte inferior", "gambe", "benen"],
  arms: ["arms?", "arme", "bras", "brazos?", "bracos?", "braccia", "armen"],
  back: ["back", "rucken", "le dos", "mon dos", "du dos", "espalda", "costas", "schiena", "rug"],
  upper: ["upper body", "oberkorper", "haut du corps", "tren superior", "parte superior", "parte superiore", "bovenlichaam"],
};

const CATEGORY_PATTERNS = Object.entries(CATEGORY_WORDS).map(([key, list]) => [key, words(...list)] as const);
const MUSCLE_PATTERNS = Object.entries(MUSCLE_WORDS).map(([key, list]) => [key, words(...list)] as const);
const MUSCLE_GROUP_PATTERNS = Object.entries(MUSCLE_GROUP_WORDS).map(([key, list]) => [key, words(...list)] as const);

const MINUTES = /(\d{1,3})\s*(?:-|to|bis|a|à)?\s*(?:\d{1,3}\s*)?(?:min|mins|minute|minutes|minuten|minutos|minuti|minuut|m)(?=$|[^\p{L}])/u;
const HALF_HOUR = words("half an hour", "halbe stunde", "demi-heure", "demi heure", "media hora", "meia hora", "mezz'ora", "mezzora", "half uur");
const HOUR = words("an hour", "one hour", "eine stunde", "une heure", "una hora", "uma hora", "un'ora", "een uur");

/** Reads a message into signals. */
export function readMessage(raw: string): Signals {
  const text = normalize(raw);
  const minutesMatch = MINUTES.exec(text);
  let minutes = minutesMatch ? Number(minutesMatch[1]) : HALF_HOUR.test(text) ? 30 : HOUR.test(text) ? 60 : null;
  if (minutes !== null && (minutes < 5 || minutes > 120)) minutes = Math.min(120, Math.max(5, minutes));

  const muscles = new Set<string>();
  for (const [key, re] of MUSCLE_PATTERNS) if (re.test(text)) muscles.add(key);
  for (const [group, re] of MUSCLE_GROUP_PATTERNS) if (re.test(text)) for (const m of MUSCLE_GROUPS[group]!) muscles.add(m);
  // "back" inside "lower back" / "upper back" should not widen to the whole back.
  if (muscles.has("lower-back") || muscles.has("upper-back")) {
    if (!/(?:^|[^\p{L}])back(?!\s*$)/u.test(text.replace(/(?:lower|upper) back/g, ""))) {
      for (const m of MUSCLE_GROUPS.back!) if (!MUSCLE_PATTERNS.find(([k]) => k === m)?.[1].test(text)) muscles.delete(m);
    }
  }

  const startPlan = START_PLAN.test(text);
  const harder = HARDER.test(text.replace(TOO_INTENSE, " "));
  const endPlan = !startPlan && END_PLAN.test(text);
  return {
    greeting: GREETING.test(text),
    thanks: THANKS.test(text),
    affirm: text.length <= 40 && AFFIRM.test(text),
    help: HELP.test(text),
    today: TODAY.test(text),
    progress: PROGRESS.test(text),
    startPlan: startPlan || (RESTART.test(text) && new RegExp(`\\b${PLAN_WORD}\\b`).test(text)),
    endPlan,
    restartPlan: RESTART.test(text),
    tired: TIRED.test(text),
    sore: SORE.test(text),
    pain: PAIN.test(text),
    shorter: SHORTER.test(text) || (minutes !== null && minutes <= 20),
    harder,
    easier: EASIER.test(text) && !harder,
    generate: GENERATE.test(text),
    assign: ASSIGN.test(text),
    add: ADD.test(text),
    adapt: ADAPT.test(text),
    minutes,
    level: LEVELS.find(([, re]) => re.test(text))?.[0] ?? null,
    categories: CATEGORY_PATTERNS.filter(([, re]) => re.test(text)).map(([key]) => key),
    muscles: [...muscles],
  };
}

export type Intent =
  | "pain"
  | "end_plan"
  | "start_plan"
  | "progress"
  | "adapt"
  | "assign"
  | "tired"
  | "shorter"
  | "harder"
  | "easier"
  | "focus"
  | "generate"
  | "today"
  | "affirm"
  | "thanks"
  | "greeting"
  | "unknown";

/** The one thing the reply leads with; the other signals still shape what it proposes. */
export function primaryIntent(s: Signals): Intent {
  if (s.pain) return "pain";
  if (s.endPlan) return "end_plan";
  if (s.startPlan) return "start_plan";
  if (s.progress) return "progress";
  if (s.adapt) return "adapt";
  if (s.assign && !s.generate) return "assign";
  if (s.tired || s.sore) return "tired";
  if (s.shorter) return "shorter";
  if (s.harder) return "harder";
  if (s.easier) return "easier";
  if (s.categories.length || s.muscles.length) return "focus";
  if (s.generate) return "generate";
  if (s.today) return "today";
  if (s.affirm) return "affirm";
  if (s.thanks) return "thanks";
  if (s.greeting || s.help) return "greeting";
  return "unknown";
}
