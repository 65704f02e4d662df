import type { DropSourceType } from "@/db/schema";
import type { Locale } from "@/server/api/locale";

/**
 * The deterministic copy writer's phrases, one hand-written set per language of the supported
 * locales. Names, muscle groups and categories are put into "label: list" slots rather than into
 * running grammar, so no language needs case endings or articles it cannot get right; counts use
 * each language's plural forms in positions where the standalone form is correct.
 */
export interface CopyFacts {
  kind: DropSourceType;
  name: string;
  /** Localized muscle group names (at most three), or category names when no muscles are known. */
  focus: string[];
  categories: string[];
  exercises: number;
  minutes: number;
  weeks: number;
  workouts: number;
  noEquipment: boolean;
  /** Localized difficulty label, when the source has one. */
  level: string | null;
}

export interface CopyPhrases {
  /** "A, B and C" */
  list(items: string[]): string;
  hooks: Record<DropSourceType, ((f: CopyFacts) => string)[]>;
  caption: Record<DropSourceType, (f: CopyFacts) => string>;
  cta: Record<DropSourceType, string>;
  /** The cover's second line. */
  tagline: Record<DropSourceType, (f: CopyFacts) => string>;
  /** Everyday hashtags of the language, most general first. */
  tags: string[];
  noEquipmentTag: string;
  /**
   * What joins the words of a multi-word tag (a muscle group, a category). Latin-script tags run
   * the words together (#hipflexors); Hebrew and Arabic tags keep them apart with "_", as people
   * there write them (#אימון_בבית), since run-together words read as a different word.
   */
  hashtagWordJoiner?: string;
}

type Plural = (n: number) => string;
const plural =
  (one: string, many: string): Plural =>
  (n) =>
    `${n} ${n === 1 ? one : many}`;
/** Up to two items joined by " · ", only as many as fit the cover's 40 characters whole (never a cut-off name). */
const taglineOf = (items: string[]) =>
  items.slice(0, 2).reduce((line, item) => {
    const next = line ? `${line} · ${item}` : item;
    return Array.from(next).length <= 40 || !line ? next : line;
  }, "");
const sentence = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" ");
const joinWith = (and: string) => (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`);

// ---------------------------------------------------------------------------------------------
// English (en-US, en-GB, en-AU)
// ---------------------------------------------------------------------------------------------
const enEx = plural("exercise", "exercises");
const enMin = plural("minute", "minutes");
const enWk = plural("week", "weeks");
const enWo = plural("workout", "workouts");
const enMoves = plural("move", "moves");
const enList = joinWith("and");
const enFocus = (f: CopyFacts) => (f.focus.length ? `Focus: ${enList(f.focus)}.` : null);
const enEquip = (f: CopyFacts) => (f.noEquipment ? "No equipment needed." : "Have your equipment ready.");
const EN: CopyPhrases = {
  list: enList,
  hooks: {
    workout: [
      (f) => `${enMin(f.minutes)}. ${enMoves(f.exercises)}. Let's go.`,
      (f) => `Short on time? ${enMin(f.minutes)} is all it takes.`,
      (f) => `Today's session: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: get the form right.`, () => "One move. Full effect."],
    exerciseCollection: [(f) => `${enMoves(f.exercises)}, back to back: ${f.name}.`, (f) => `${enMoves(f.exercises)}, no breaks. You in?`],
    workoutCollection: [(f) => `${enWk(f.weeks)}. One plan. Your goal.`, (f) => `Your next ${enWk(f.weeks)}, already planned.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${enEx(f.exercises)} in about ${enMin(f.minutes)}.`,
        enFocus(f),
        enEquip(f),
        f.level && `Level: ${f.level}.`,
        "Save this for your next session.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – focus: ${enList(f.focus)}.` : `${f.name}.`,
        "Mind your form: slow and controlled beats fast and sloppy.",
        "Save this for your next session.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${enEx(f.exercises)} back to back, about ${enMin(f.minutes)}.`, enFocus(f), enEquip(f), "Save this for your next session."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${enWk(f.weeks)}, ${enWo(f.workouts)}, one clear plan.`,
        f.categories.length > 0 && `Focus: ${enList(f.categories)}.`,
        "Start today and take it week by week.",
      ),
  },
  cta: {
    workout: "Try the full workout",
    exercise: "Save it for your next session",
    exerciseCollection: "Try the full circuit",
    workoutCollection: "Start the plan today",
  },
  tagline: {
    workout: (f) => `${enEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || enEx(1),
    exerciseCollection: (f) => `${enEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${enWk(f.weeks)} · ${enWo(f.workouts)}`,
  },
  tags: ["fitness", "workout", "training"],
  noEquipmentTag: "homeworkout",
};

// ---------------------------------------------------------------------------------------------
// German (du)
// ---------------------------------------------------------------------------------------------
const deEx = plural("Übung", "Übungen");
const deMin = plural("Minute", "Minuten");
const deWk = plural("Woche", "Wochen");
const deWo = plural("Trainingseinheit", "Trainingseinheiten");
const deList = joinWith("und");
const deFocus = (f: CopyFacts) => (f.focus.length ? `Im Fokus: ${deList(f.focus)}.` : null);
const deEquip = (f: CopyFacts) => (f.noEquipment ? "Kein Equipment nötig." : "Leg dein Equipment bereit.");
const DE: CopyPhrases = {
  list: deList,
  hooks: {
    workout: [
      (f) => `${deMin(f.minutes)}. ${deEx(f.exercises)}. Los geht's.`,
      (f) => `Wenig Zeit? ${deMin(f.minutes)} ${f.minutes === 1 ? "reicht" : "reichen"}.`,
      (f) => `Dein Training für heute: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: so geht's richtig.`, () => "Eine Übung. Volle Wirkung."],
    exerciseCollection: [(f) => `${deEx(f.exercises)} am Stück: ${f.name}.`, (f) => `${deEx(f.exercises)} ohne Pause. Bist du dabei?`],
    workoutCollection: [(f) => `${deWk(f.weeks)}. Ein Plan. Dein Ziel.`, (f) => `Deine nächsten ${deWk(f.weeks)} sind schon geplant.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${deEx(f.exercises)} in rund ${deMin(f.minutes)}.`,
        deFocus(f),
        deEquip(f),
        f.level && `Level: ${f.level}.`,
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – im Fokus: ${deList(f.focus)}.` : `${f.name}.`,
        "Achte auf saubere Technik: lieber langsam und kontrolliert als schnell und schlampig.",
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${deEx(f.exercises)} am Stück, rund ${deMin(f.minutes)}.`,
        deFocus(f),
        deEquip(f),
        "Speichern und beim nächsten Training ausprobieren.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${deWk(f.weeks)}, ${deWo(f.workouts)}, ein klarer Plan.`,
        f.categories.length > 0 && `Schwerpunkte: ${deList(f.categories)}.`,
        "Starte heute und geh Woche für Woche weiter.",
      ),
  },
  cta: {
    workout: "Jetzt das ganze Training starten",
    exercise: "Für dein nächstes Training speichern",
    exerciseCollection: "Jetzt alle Übungen trainieren",
    workoutCollection: "Starte den Plan noch heute",
  },
  tagline: {
    workout: (f) => `${deEx(f.exercises)} · ${f.minutes} Min.`,
    exercise: (f) => taglineOf(f.focus) || deEx(1),
    exerciseCollection: (f) => `${deEx(f.exercises)} · ${f.minutes} Min.`,
    workoutCollection: (f) => `${deWk(f.weeks)} · ${plural("Einheit", "Einheiten")(f.workouts)}`,
  },
  tags: ["fitness", "training", "workout"],
  noEquipmentTag: "trainingzuhause",
};

// ---------------------------------------------------------------------------------------------
// French (tu)
// ---------------------------------------------------------------------------------------------
const frEx = plural("exercice", "exercices");
const frMin = plural("minute", "minutes");
const frWk = plural("semaine", "semaines");
const frSe = plural("séance", "séances");
const frList = joinWith("et");
const frFocus = (f: CopyFacts) => (f.focus.length ? `Zones ciblées : ${frList(f.focus)}.` : null);
const frEquip = (f: CopyFacts) => (f.noEquipment ? "Aucun équipement nécessaire." : "Prépare ton matériel.");
const FR: CopyPhrases = {
  list: frList,
  hooks: {
    workout: [
      (f) => `${frMin(f.minutes)}. ${frEx(f.exercises)}. C'est parti.`,
      (f) => `Pas le temps ? ${frMin(f.minutes)} ${f.minutes === 1 ? "suffit" : "suffisent"}.`,
      (f) => `Ta séance du jour : ${f.name}.`,
    ],
    exercise: [(f) => `${f.name} : la bonne technique.`, () => "Un seul exercice, un vrai effet."],
    exerciseCollection: [(f) => `${frEx(f.exercises)} enchaînés : ${f.name}.`, (f) => `${frEx(f.exercises)} sans pause. On y va ?`],
    workoutCollection: [(f) => `${frWk(f.weeks)}. Un programme. Ton objectif.`, (f) => `Tes ${frWk(f.weeks)} à venir sont déjà planifiées.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name} : ${frEx(f.exercises)} en ${frMin(f.minutes)} environ.`,
        frFocus(f),
        frEquip(f),
        f.level && `Niveau : ${f.level}.`,
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zones ciblées : ${frList(f.focus)}.` : `${f.name}.`,
        "Soigne la technique : mieux vaut lent et contrôlé que rapide et bâclé.",
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name} : ${frEx(f.exercises)} enchaînés, environ ${frMin(f.minutes)}.`,
        frFocus(f),
        frEquip(f),
        "Enregistre cette vidéo pour ta prochaine séance.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name} : ${frWk(f.weeks)}, ${frSe(f.workouts)}, un programme clair.`,
        f.categories.length > 0 && `Axes principaux : ${frList(f.categories)}.`,
        "Commence aujourd'hui et avance semaine après semaine.",
      ),
  },
  cta: {
    workout: "Fais la séance complète",
    exercise: "Garde-le pour ta prochaine séance",
    exerciseCollection: "Fais l'enchaînement complet",
    workoutCollection: "Commence le programme dès aujourd'hui",
  },
  tagline: {
    workout: (f) => `${frEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || frEx(1),
    exerciseCollection: (f) => `${frEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${frWk(f.weeks)} · ${frSe(f.workouts)}`,
  },
  tags: ["fitness", "entrainement", "sport"],
  noEquipmentTag: "sansmateriel",
};

// ---------------------------------------------------------------------------------------------
// Spanish (tú)
// ---------------------------------------------------------------------------------------------
const esEx = plural("ejercicio", "ejercicios");
const esMin = plural("minuto", "minutos");
const esWk = plural("semana", "semanas");
const esWo = plural("entrenamiento", "entrenamientos");
/** "y" becomes "e" before a word that starts with the sound /i/ (i-, hi-, but not hie-). */
const esList = (items: string[]) => {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  const and = /^(i|hi)(?!e)/i.test(last) ? "e" : "y";
  return `${items.slice(0, -1).join(", ")} ${and} ${last}`;
};
const esFocus = (f: CopyFacts) => (f.focus.length ? `Zonas trabajadas: ${esList(f.focus)}.` : null);
const esEquip = (f: CopyFacts) => (f.noEquipment ? "No necesitas material." : "Ten tu material a mano.");
const ES: CopyPhrases = {
  list: esList,
  hooks: {
    workout: [
      (f) => `${esMin(f.minutes)}. ${esEx(f.exercises)}. ¡Vamos!`,
      (f) => `¿Poco tiempo? Te ${f.minutes === 1 ? "basta" : "bastan"} ${esMin(f.minutes)}.`,
      (f) => `Tu entrenamiento de hoy: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: la técnica correcta.`, () => "Un solo ejercicio, todo el efecto."],
    exerciseCollection: [(f) => `${esEx(f.exercises)} seguidos: ${f.name}.`, (f) => `${esEx(f.exercises)} sin parar. ¿Te animas?`],
    workoutCollection: [(f) => `${esWk(f.weeks)}. Un plan. Tu meta.`, (f) => `Tus próximas ${esWk(f.weeks)}, ya planificadas.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${esEx(f.exercises)} en unos ${esMin(f.minutes)}.`,
        esFocus(f),
        esEquip(f),
        f.level && `Nivel: ${f.level}.`,
        "Guárdalo para tu próximo entrenamiento.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zonas trabajadas: ${esList(f.focus)}.` : `${f.name}.`,
        "Cuida la técnica: mejor lento y controlado que rápido y descuidado.",
        "Guárdalo para tu próximo entrenamiento.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${esEx(f.exercises)} seguidos, unos ${esMin(f.minutes)}.`, esFocus(f), esEquip(f), "Guárdalo para tu próximo entrenamiento."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${esWk(f.weeks)}, ${esWo(f.workouts)}, un plan claro.`,
        f.categories.length > 0 && `Enfoque: ${esList(f.categories)}.`,
        "Empieza hoy y avanza semana a semana.",
      ),
  },
  cta: {
    workout: "Haz el entrenamiento completo",
    exercise: "Guárdalo para tu próximo entrenamiento",
    exerciseCollection: "Haz el circuito completo",
    workoutCollection: "Empieza el plan hoy",
  },
  tagline: {
    workout: (f) => `${esEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || esEx(1),
    exerciseCollection: (f) => `${esEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${esWk(f.weeks)} · ${esWo(f.workouts)}`,
  },
  tags: ["fitness", "entrenamiento", "ejercicio"],
  noEquipmentTag: "sinmaterial",
};

// ---------------------------------------------------------------------------------------------
// Italian (tu)
// ---------------------------------------------------------------------------------------------
const itEx = plural("esercizio", "esercizi");
const itMin = plural("minuto", "minuti");
const itWk = plural("settimana", "settimane");
const itWo = plural("allenamento", "allenamenti");
const itList = joinWith("e");
const itFocus = (f: CopyFacts) => (f.focus.length ? `Muscoli coinvolti: ${itList(f.focus)}.` : null);
const itEquip = (f: CopyFacts) => (f.noEquipment ? "Nessuna attrezzatura necessaria." : "Tieni a portata di mano l'attrezzatura.");
const IT: CopyPhrases = {
  list: itList,
  hooks: {
    workout: [
      (f) => `${itMin(f.minutes)}. ${itEx(f.exercises)}. Si parte.`,
      (f) => `Poco tempo? ${f.minutes === 1 ? "Basta" : "Bastano"} ${itMin(f.minutes)}.`,
      (f) => `Il tuo allenamento di oggi: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: la tecnica giusta.`, () => "Un solo esercizio, tutto l'effetto."],
    exerciseCollection: [(f) => `${itEx(f.exercises)} di fila: ${f.name}.`, (f) => `${itEx(f.exercises)} senza pause. Ci stai?`],
    workoutCollection: [(f) => `${itWk(f.weeks)}. Un programma. Il tuo obiettivo.`, (f) => `Le tue prossime ${itWk(f.weeks)}, già pianificate.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${itEx(f.exercises)} in circa ${itMin(f.minutes)}.`,
        itFocus(f),
        itEquip(f),
        f.level && `Livello: ${f.level}.`,
        "Salvalo per il tuo prossimo allenamento.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – muscoli coinvolti: ${itList(f.focus)}.` : `${f.name}.`,
        "Cura la tecnica: meglio lento e controllato che veloce e approssimativo.",
        "Salvalo per il tuo prossimo allenamento.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${itEx(f.exercises)} di fila, circa ${itMin(f.minutes)}.`, itFocus(f), itEquip(f), "Salvalo per il tuo prossimo allenamento."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${itWk(f.weeks)}, ${itWo(f.workouts)}, un programma chiaro.`,
        f.categories.length > 0 && `Obiettivi: ${itList(f.categories)}.`,
        "Inizia oggi e procedi settimana dopo settimana.",
      ),
  },
  cta: {
    workout: "Fai l'allenamento completo",
    exercise: "Salvalo per il prossimo allenamento",
    exerciseCollection: "Fai il circuito completo",
    workoutCollection: "Inizia il programma oggi",
  },
  tagline: {
    workout: (f) => `${itEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || itEx(1),
    exerciseCollection: (f) => `${itEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${itWk(f.weeks)} · ${itWo(f.workouts)}`,
  },
  tags: ["fitness", "allenamento", "workout"],
  noEquipmentTag: "senzaattrezzi",
};

// ---------------------------------------------------------------------------------------------
// European Portuguese (tu)
// ---------------------------------------------------------------------------------------------
const ptEx = plural("exercício", "exercícios");
const ptMin = plural("minuto", "minutos");
const ptWk = plural("semana", "semanas");
const ptWo = plural("treino", "treinos");
const ptList = joinWith("e");
const ptFocus = (f: CopyFacts) => (f.focus.length ? `Músculos trabalhados: ${ptList(f.focus)}.` : null);
const ptEquip = (f: CopyFacts) => (f.noEquipment ? "Não precisas de material." : "Tem o teu material à mão.");
const PT: CopyPhrases = {
  list: ptList,
  hooks: {
    workout: [
      (f) => `${ptMin(f.minutes)}. ${ptEx(f.exercises)}. Vamos lá.`,
      (f) => `Pouco tempo? ${f.minutes === 1 ? "Basta" : "Bastam"} ${ptMin(f.minutes)}.`,
      (f) => `O teu treino de hoje: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: a técnica certa.`, () => "Um só exercício, todo o efeito."],
    exerciseCollection: [(f) => `${ptEx(f.exercises)} seguidos: ${f.name}.`, (f) => `${ptEx(f.exercises)} sem parar. Alinhas?`],
    workoutCollection: [(f) => `${ptWk(f.weeks)}. Um plano. O teu objetivo.`, (f) => `As tuas próximas ${ptWk(f.weeks)}, já planeadas.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${ptEx(f.exercises)} em cerca de ${ptMin(f.minutes)}.`,
        ptFocus(f),
        ptEquip(f),
        f.level && `Nível: ${f.level}.`,
        "Guarda este vídeo para o teu próximo treino.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – músculos trabalhados: ${ptList(f.focus)}.` : `${f.name}.`,
        "Cuida da técnica: mais vale lento e controlado do que rápido e descuidado.",
        "Guarda este vídeo para o teu próximo treino.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${ptEx(f.exercises)} seguidos, cerca de ${ptMin(f.minutes)}.`,
        ptFocus(f),
        ptEquip(f),
        "Guarda este vídeo para o teu próximo treino.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${ptWk(f.weeks)}, ${ptWo(f.workouts)}, um plano claro.`,
        f.categories.length > 0 && `Foco: ${ptList(f.categories)}.`,
        "Começa hoje e avança semana a semana.",
      ),
  },
  cta: {
    workout: "Faz o treino completo",
    exercise: "Guarda-o para o próximo treino",
    exerciseCollection: "Faz o circuito completo",
    workoutCollection: "Começa o plano hoje",
  },
  tagline: {
    workout: (f) => `${ptEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || ptEx(1),
    exerciseCollection: (f) => `${ptEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${ptWk(f.weeks)} · ${ptWo(f.workouts)}`,
  },
  tags: ["fitness", "treino", "exercicio"],
  noEquipmentTag: "treinoemcasa",
};

// ---------------------------------------------------------------------------------------------
// Dutch (je)
// ---------------------------------------------------------------------------------------------
const nlEx = plural("oefening", "oefeningen");
const nlMin = plural("minuut", "minuten");
const nlWk = plural("week", "weken");
const nlWo = plural("training", "trainingen");
const nlList = joinWith("en");
const nlFocus = (f: CopyFacts) => (f.focus.length ? `Focus: ${nlList(f.focus)}.` : null);
const nlEquip = (f: CopyFacts) => (f.noEquipment ? "Geen materiaal nodig." : "Leg je materiaal klaar.");
const NL: CopyPhrases = {
  list: nlList,
  hooks: {
    workout: [
      (f) => `${nlMin(f.minutes)}. ${nlEx(f.exercises)}. Gaan!`,
      (f) => `Weinig tijd? ${nlMin(f.minutes)} is genoeg.`,
      (f) => `Jouw training van vandaag: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: zo doe je het goed.`, () => "Eén oefening, volle impact."],
    exerciseCollection: [(f) => `${nlEx(f.exercises)} achter elkaar: ${f.name}.`, (f) => `${nlEx(f.exercises)} zonder pauze. Doe je mee?`],
    workoutCollection: [(f) => `${nlWk(f.weeks)}. Eén plan. Jouw doel.`, (f) => `Je komende ${nlWk(f.weeks)}, al gepland.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${nlEx(f.exercises)} in ongeveer ${nlMin(f.minutes)}.`,
        nlFocus(f),
        nlEquip(f),
        f.level && `Niveau: ${f.level}.`,
        "Bewaar dit voor je volgende training.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – focus: ${nlList(f.focus)}.` : `${f.name}.`,
        "Let op je techniek: liever langzaam en gecontroleerd dan snel en slordig.",
        "Bewaar dit voor je volgende training.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${nlEx(f.exercises)} achter elkaar, ongeveer ${nlMin(f.minutes)}.`, nlFocus(f), nlEquip(f), "Bewaar dit voor je volgende training."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${nlWk(f.weeks)}, ${nlWo(f.workouts)}, één helder plan.`,
        f.categories.length > 0 && `Focus: ${nlList(f.categories)}.`,
        "Begin vandaag en ga week na week verder.",
      ),
  },
  cta: {
    workout: "Doe de hele training",
    exercise: "Bewaar dit voor je volgende training",
    exerciseCollection: "Doe het hele circuit",
    workoutCollection: "Start vandaag met het plan",
  },
  tagline: {
    workout: (f) => `${nlEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || nlEx(1),
    exerciseCollection: (f) => `${nlEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${nlWk(f.weeks)} · ${nlWo(f.workouts)}`,
  },
  tags: ["fitness", "training", "workout"],
  noEquipmentTag: "thuistraining",
};

// ---------------------------------------------------------------------------------------------
// Swedish (du)
// ---------------------------------------------------------------------------------------------
const svEx = plural("övning", "övningar");
const svMin = plural("minut", "minuter");
const svWk = plural("vecka", "veckor");
const svWo = plural("pass", "pass");
const svList = joinWith("och");
const svFocus = (f: CopyFacts) => (f.focus.length ? `Fokus: ${svList(f.focus)}.` : null);
const svEquip = (f: CopyFacts) => (f.noEquipment ? "Ingen utrustning behövs." : "Ha din utrustning redo.");
const SV: CopyPhrases = {
  list: svList,
  hooks: {
    workout: [(f) => `${svMin(f.minutes)}. ${svEx(f.exercises)}. Kör!`, (f) => `Ont om tid? ${svMin(f.minutes)} räcker.`, (f) => `Dagens pass: ${f.name}.`],
    exercise: [(f) => `${f.name}: så gör du rätt.`, () => "En övning, full effekt."],
    exerciseCollection: [(f) => `${svEx(f.exercises)} i följd: ${f.name}.`, (f) => `${svEx(f.exercises)} utan paus. Är du med?`],
    workoutCollection: [(f) => `${svWk(f.weeks)}. En plan. Ditt mål.`, (f) => `Dina kommande ${svWk(f.weeks)}, redan planerade.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${svEx(f.exercises)} på ungefär ${svMin(f.minutes)}.`,
        svFocus(f),
        svEquip(f),
        f.level && `Nivå: ${f.level}.`,
        "Spara det till ditt nästa pass.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – fokus: ${svList(f.focus)}.` : `${f.name}.`,
        "Tänk på tekniken: hellre långsamt och kontrollerat än snabbt och slarvigt.",
        "Spara det till ditt nästa pass.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${svEx(f.exercises)} i följd, ungefär ${svMin(f.minutes)}.`, svFocus(f), svEquip(f), "Spara det till ditt nästa pass."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${svWk(f.weeks)}, ${svWo(f.workouts)}, en tydlig plan.`,
        f.categories.length > 0 && `Fokus: ${svList(f.categories)}.`,
        "Börja i dag och ta det vecka för vecka.",
      ),
  },
  cta: { workout: "Kör hela passet", exercise: "Spara till ditt nästa pass", exerciseCollection: "Kör hela cirkeln", workoutCollection: "Börja planen i dag" },
  tagline: {
    workout: (f) => `${svEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || svEx(1),
    exerciseCollection: (f) => `${svEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${svWk(f.weeks)} · ${svWo(f.workouts)}`,
  },
  tags: ["träning", "fitness", "workout"],
  noEquipmentTag: "hemmaträning",
};

// ---------------------------------------------------------------------------------------------
// Norwegian Bokmål (du)
// ---------------------------------------------------------------------------------------------
const nbEx = plural("øvelse", "øvelser");
const nbMin = plural("minutt", "minutter");
const nbWk = plural("uke", "uker");
const nbWo = plural("økt", "økter");
const nbList = joinWith("og");
const nbFocus = (f: CopyFacts) => (f.focus.length ? `Fokus: ${nbList(f.focus)}.` : null);
const nbEquip = (f: CopyFacts) => (f.noEquipment ? "Du trenger ikke utstyr." : "Ha utstyret klart.");
const NB: CopyPhrases = {
  list: nbList,
  hooks: {
    workout: [(f) => `${nbMin(f.minutes)}. ${nbEx(f.exercises)}. Kjør!`, (f) => `Lite tid? ${nbMin(f.minutes)} holder.`, (f) => `Dagens økt: ${f.name}.`],
    exercise: [(f) => `${f.name}: slik gjør du det riktig.`, () => "Én øvelse, full effekt."],
    exerciseCollection: [(f) => `${nbEx(f.exercises)} på rad: ${f.name}.`, (f) => `${nbEx(f.exercises)} uten pause. Er du med?`],
    workoutCollection: [
      (f) => `${nbWk(f.weeks)}. Én plan. Ditt mål.`,
      (f) => (f.weeks === 1 ? "Neste uke er allerede planlagt." : `De neste ${f.weeks} ukene er allerede planlagt.`),
    ],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${nbEx(f.exercises)} på omtrent ${nbMin(f.minutes)}.`,
        nbFocus(f),
        nbEquip(f),
        f.level && `Nivå: ${f.level}.`,
        "Lagre den til neste økt.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – fokus: ${nbList(f.focus)}.` : `${f.name}.`,
        "Tenk på teknikken: heller rolig og kontrollert enn raskt og slurvete.",
        "Lagre den til neste økt.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${nbEx(f.exercises)} på rad, omtrent ${nbMin(f.minutes)}.`, nbFocus(f), nbEquip(f), "Lagre den til neste økt."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${nbWk(f.weeks)}, ${nbWo(f.workouts)}, én tydelig plan.`,
        f.categories.length > 0 && `Fokus: ${nbList(f.categories)}.`,
        "Start i dag og ta det uke for uke.",
      ),
  },
  cta: { workout: "Ta hele økten", exercise: "Lagre den til neste økt", exerciseCollection: "Ta hele runden", workoutCollection: "Start planen i dag" },
  tagline: {
    workout: (f) => `${nbEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || nbEx(1),
    exerciseCollection: (f) => `${nbEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${nbWk(f.weeks)} · ${nbWo(f.workouts)}`,
  },
  tags: ["trening", "fitness", "workout"],
  noEquipmentTag: "hjemmetrening",
};

// ---------------------------------------------------------------------------------------------
// Counting words: languages whose nouns change with the number. Digits stay digits; the noun
// takes the form a native speaker writes after that digit in a standalone phrase ("6 cviků",
// "14 minuuttia"). Phrases below only put these counts where that standalone (nominative) form is
// right: at the start of a sentence, after a colon, or as a tagline.
// ---------------------------------------------------------------------------------------------

/** Polish: 1 minuta, 2-4 minuty (not 12-14), 5+ minut. */
export function polishCount(one: string, few: string, many: string): Plural {
  return (n) => `${n} ${n === 1 ? one : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? few : many}`;
}
/** Czech: 1 minuta, 2-4 minuty, 5+ (and 0) minut. */
export function czechCount(one: string, few: string, many: string): Plural {
  return (n) => `${n} ${n === 1 ? one : n >= 2 && n <= 4 ? few : many}`;
}
/** Lithuanian: 1, 21, 31 minutė; 2-9, 22-29 minutės; 10-20, 30, 40 minučių. */
export function lithuanianCount(one: string, few: string, many: string): Plural {
  return (n) => {
    const teen = n % 100 >= 11 && n % 100 <= 19;
    return `${n} ${!teen && n % 10 === 1 ? one : !teen && n % 10 >= 2 ? few : many}`;
  };
}
/** Romanian: 1 minut, 2-19 (and 101-119...) minute, 20+ "de minute". */
export function romanianCount(one: string, many: string): Plural {
  return (n) => (n === 1 ? `1 ${one}` : n === 0 || (n % 100 >= 1 && n % 100 <= 19) ? `${n} ${many}` : `${n} de ${many}`);
}
/** Finnish: 1 minuutti, otherwise the partitive (14 minuuttia). */
const finnishCount = plural;
/** Hebrew: "דקה אחת" (the noun, then "one"), the dual where the language has one (שבועיים), else the digit and the plural. */
export function hebrewCount(one: string, many: string, two?: string): Plural {
  return (n) => (n === 1 ? one : n === 2 && two ? two : `${n} ${many}`);
}
/**
 * Arabic: "دقيقة واحدة", the dual "دقيقتان", 3-10 with the plural (5 دقائق), 11-99 with the
 * singular (14 دقيقة), 100 and on with the singular too; the hundreds follow the last two digits.
 */
export function arabicCount(forms: { one: string; two: string; few: string; many: string; other: string }): Plural {
  return (n) => {
    if (n === 1) return forms.one;
    if (n === 2) return forms.two;
    const r = n % 100;
    return `${n} ${r >= 3 && r <= 10 ? forms.few : r >= 11 ? forms.many : forms.other}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Polish (ty)
// ---------------------------------------------------------------------------------------------
const plEx = polishCount("ćwiczenie", "ćwiczenia", "ćwiczeń");
const plMin = polishCount("minuta", "minuty", "minut");
const plWk = polishCount("tydzień", "tygodnie", "tygodni");
const plWo = polishCount("trening", "treningi", "treningów");
const plList = joinWith("i");
const plFocus = (f: CopyFacts) => (f.focus.length ? `W centrum uwagi: ${plList(f.focus)}.` : null);
const plEquip = (f: CopyFacts) => (f.noEquipment ? "Nie potrzebujesz sprzętu." : "Przygotuj swój sprzęt.");
/** "Wystarczy 1 minuta", "Wystarczą 3 minuty", "Wystarczy 5 minut": the verb agrees with the count. */
const plSuffices = (n: number) => (n !== 1 && n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? "Wystarczą" : "Wystarczy");
const PL: CopyPhrases = {
  list: plList,
  hooks: {
    workout: [
      (f) => `${plMin(f.minutes)}. ${plEx(f.exercises)}. Zaczynamy!`,
      (f) => `Mało czasu? ${plSuffices(f.minutes)} ${plMin(f.minutes)}.`,
      (f) => `Twój trening na dziś: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: technika przede wszystkim.`, () => "Jedno ćwiczenie. Pełny efekt."],
    exerciseCollection: [(f) => `${plEx(f.exercises)} jedno po drugim: ${f.name}.`, (f) => `${plEx(f.exercises)} bez przerwy. Wchodzisz w to?`],
    workoutCollection: [(f) => `${plWk(f.weeks)}. Jeden plan. Twój cel.`, (f) => `Plan na ${plWk(f.weeks)} już gotowy.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${plEx(f.exercises)}, ok. ${f.minutes} min.`,
        plFocus(f),
        plEquip(f),
        f.level && `Poziom: ${f.level}.`,
        "Zapisz na następny trening.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – w centrum uwagi: ${plList(f.focus)}.` : `${f.name}.`,
        "Dbaj o technikę: lepiej wolno i pod kontrolą niż szybko i niedbale.",
        "Zapisz na następny trening.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${plEx(f.exercises)} jedno po drugim, ok. ${f.minutes} min.`, plFocus(f), plEquip(f), "Zapisz na następny trening."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${plWk(f.weeks)}, ${plWo(f.workouts)}, jeden jasny plan.`,
        f.categories.length > 0 && `Główne cele: ${plList(f.categories)}.`,
        "Zacznij dziś i idź tydzień po tygodniu.",
      ),
  },
  cta: {
    workout: "Zrób cały trening",
    exercise: "Zapisz na następny trening",
    exerciseCollection: "Zrób cały obwód",
    workoutCollection: "Zacznij plan już dziś",
  },
  tagline: {
    workout: (f) => `${plEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || plEx(1),
    exerciseCollection: (f) => `${plEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${plWk(f.weeks)} · ${plWo(f.workouts)}`,
  },
  tags: ["fitness", "trening", "ćwiczenia"],
  noEquipmentTag: "treningwdomu",
};

// ---------------------------------------------------------------------------------------------
// Czech (ty)
// ---------------------------------------------------------------------------------------------
const csEx = czechCount("cvik", "cviky", "cviků");
const csMin = czechCount("minuta", "minuty", "minut");
const csWk = czechCount("týden", "týdny", "týdnů");
const csWo = czechCount("trénink", "tréninky", "tréninků");
const csList = joinWith("a");
const csFocus = (f: CopyFacts) => (f.focus.length ? `Zaměření: ${csList(f.focus)}.` : null);
const csEquip = (f: CopyFacts) => (f.noEquipment ? "Žádné vybavení nepotřebuješ." : "Připrav si vybavení.");
const CS: CopyPhrases = {
  list: csList,
  hooks: {
    workout: [
      (f) => `${csMin(f.minutes)}. ${csEx(f.exercises)}. Jdeme na to!`,
      (f) => `Nemáš čas? Stačí ${csMin(f.minutes)}.`,
      (f) => `Tvůj dnešní trénink: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: správná technika.`, () => "Jeden cvik. Plný efekt."],
    exerciseCollection: [(f) => `${csEx(f.exercises)} v kuse: ${f.name}.`, (f) => `${csEx(f.exercises)} bez pauzy. Jdeš do toho?`],
    workoutCollection: [(f) => `${csWk(f.weeks)}. Jeden plán. Tvůj cíl.`, (f) => `Plán na ${csWk(f.weeks)} je připravený.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${csEx(f.exercises)}, zhruba ${f.minutes} min.`,
        csFocus(f),
        csEquip(f),
        f.level && `Úroveň: ${f.level}.`,
        "Ulož si to na příští trénink.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zaměření: ${csList(f.focus)}.` : `${f.name}.`,
        "Hlídej si techniku: raději pomalu a pod kontrolou než rychle a ledabyle.",
        "Ulož si to na příští trénink.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${csEx(f.exercises)} v kuse, zhruba ${f.minutes} min.`, csFocus(f), csEquip(f), "Ulož si to na příští trénink."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${csWk(f.weeks)}, ${csWo(f.workouts)}, jeden jasný plán.`,
        f.categories.length > 0 && `Hlavní zaměření: ${csList(f.categories)}.`,
        "Začni ještě dnes a postupuj týden po týdnu.",
      ),
  },
  cta: {
    workout: "Zacvič si celý trénink",
    exercise: "Ulož si ho na příští trénink",
    exerciseCollection: "Dej si celý okruh",
    workoutCollection: "Začni s plánem ještě dnes",
  },
  tagline: {
    workout: (f) => `${csEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || csEx(1),
    exerciseCollection: (f) => `${csEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${csWk(f.weeks)} · ${csWo(f.workouts)}`,
  },
  tags: ["fitness", "trénink", "cvičení"],
  noEquipmentTag: "cvičenídoma",
};

// ---------------------------------------------------------------------------------------------
// Romanian (tu)
// ---------------------------------------------------------------------------------------------
const roEx = romanianCount("exercițiu", "exerciții");
const roMin = romanianCount("minut", "minute");
const roWk = romanianCount("săptămână", "săptămâni");
const roWo = romanianCount("antrenament", "antrenamente");
const roList = joinWith("și");
const roFocus = (f: CopyFacts) => (f.focus.length ? `Zone lucrate: ${roList(f.focus)}.` : null);
const roEquip = (f: CopyFacts) => (f.noEquipment ? "Nu ai nevoie de echipament." : "Pregătește-ți echipamentul.");
const RO: CopyPhrases = {
  list: roList,
  hooks: {
    workout: [
      (f) => `${roMin(f.minutes)}. ${roEx(f.exercises)}. Hai să începem!`,
      (f) => `Ai puțin timp? Îți ${f.minutes === 1 ? "ajunge" : "ajung"} ${roMin(f.minutes)}.`,
      (f) => `Antrenamentul tău de azi: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: tehnica corectă.`, () => "Un singur exercițiu. Efect maxim."],
    exerciseCollection: [(f) => `${roEx(f.exercises)} la rând: ${f.name}.`, (f) => `${roEx(f.exercises)} fără pauză. Te bagi?`],
    workoutCollection: [(f) => `${roWk(f.weeks)}. Un plan. Obiectivul tău.`, (f) => `Următoarele ${roWk(f.weeks)}, deja planificate.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${roEx(f.exercises)} în aproximativ ${roMin(f.minutes)}.`,
        roFocus(f),
        roEquip(f),
        f.level && `Nivel: ${f.level}.`,
        "Salvează-l pentru următorul antrenament.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – zone lucrate: ${roList(f.focus)}.` : `${f.name}.`,
        "Ai grijă la tehnică: mai bine lent și controlat decât rapid și neglijent.",
        "Salvează-l pentru următorul antrenament.",
      ),
    exerciseCollection: (f) =>
      sentence(
        `${f.name}: ${roEx(f.exercises)} la rând, aproximativ ${roMin(f.minutes)}.`,
        roFocus(f),
        roEquip(f),
        "Salvează-l pentru următorul antrenament.",
      ),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${roWk(f.weeks)}, ${roWo(f.workouts)}, un plan clar.`,
        f.categories.length > 0 && `Obiective: ${roList(f.categories)}.`,
        "Începe azi și avansează săptămână cu săptămână.",
      ),
  },
  cta: {
    workout: "Fă antrenamentul complet",
    exercise: "Salvează-l pentru următorul antrenament",
    exerciseCollection: "Fă circuitul complet",
    workoutCollection: "Începe planul chiar azi",
  },
  tagline: {
    workout: (f) => `${roEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || roEx(1),
    exerciseCollection: (f) => `${roEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${roWk(f.weeks)} · ${roWo(f.workouts)}`,
  },
  tags: ["fitness", "antrenament", "sport"],
  noEquipmentTag: "antrenamentacasa",
};

// ---------------------------------------------------------------------------------------------
// Finnish (sinä)
// ---------------------------------------------------------------------------------------------
const fiEx = finnishCount("liike", "liikettä");
const fiMin = finnishCount("minuutti", "minuuttia");
const fiWk = finnishCount("viikko", "viikkoa");
const fiWo = finnishCount("treeni", "treeniä");
const fiList = joinWith("ja");
const fiFocus = (f: CopyFacts) => (f.focus.length ? `Painopiste: ${fiList(f.focus)}.` : null);
const fiEquip = (f: CopyFacts) => (f.noEquipment ? "Et tarvitse välineitä." : "Pidä välineet valmiina.");
const FI: CopyPhrases = {
  list: fiList,
  hooks: {
    workout: [
      (f) => `${fiMin(f.minutes)}. ${fiEx(f.exercises)}. Nyt mennään!`,
      (f) => `Kiire? ${fiMin(f.minutes)} riittää.`,
      (f) => `Päivän treeni: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: näin teet sen oikein.`, () => "Yksi liike. Täysi teho."],
    exerciseCollection: [(f) => `${fiEx(f.exercises)} putkeen: ${f.name}.`, (f) => `${fiEx(f.exercises)} ilman taukoja. Oletko mukana?`],
    workoutCollection: [(f) => `${fiWk(f.weeks)}. Yksi suunnitelma. Sinun tavoitteesi.`, (f) => `Seuraavat ${fiWk(f.weeks)} valmiiksi suunniteltuna.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${fiEx(f.exercises)}, noin ${fiMin(f.minutes)}.`,
        fiFocus(f),
        fiEquip(f),
        f.level && `Taso: ${f.level}.`,
        "Tallenna seuraavaa treeniä varten.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – painopiste: ${fiList(f.focus)}.` : `${f.name}.`,
        "Keskity tekniikkaan: rauhallisesti ja hallitusti on parempi kuin nopeasti ja huolimattomasti.",
        "Tallenna seuraavaa treeniä varten.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${fiEx(f.exercises)} putkeen, noin ${fiMin(f.minutes)}.`, fiFocus(f), fiEquip(f), "Tallenna seuraavaa treeniä varten."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${fiWk(f.weeks)}, ${fiWo(f.workouts)}, yksi selkeä suunnitelma.`,
        f.categories.length > 0 && `Painopisteet: ${fiList(f.categories)}.`,
        "Aloita tänään ja etene viikko kerrallaan.",
      ),
  },
  cta: {
    workout: "Tee koko treeni",
    exercise: "Tallenna seuraavaa treeniä varten",
    exerciseCollection: "Tee koko kierros",
    workoutCollection: "Aloita ohjelma tänään",
  },
  tagline: {
    workout: (f) => `${fiEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || fiEx(1),
    exerciseCollection: (f) => `${fiEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${fiWk(f.weeks)} · ${fiWo(f.workouts)}`,
  },
  tags: ["kuntoilu", "treeni", "fitness"],
  noEquipmentTag: "kotitreeni",
};

// ---------------------------------------------------------------------------------------------
// Lithuanian (tu)
// ---------------------------------------------------------------------------------------------
const ltEx = lithuanianCount("pratimas", "pratimai", "pratimų");
const ltMin = lithuanianCount("minutė", "minutės", "minučių");
const ltWk = lithuanianCount("savaitė", "savaitės", "savaičių");
const ltWo = lithuanianCount("treniruotė", "treniruotės", "treniruočių");
const ltList = joinWith("ir");
const ltFocus = (f: CopyFacts) => (f.focus.length ? `Akcentas: ${ltList(f.focus)}.` : null);
const ltEquip = (f: CopyFacts) => (f.noEquipment ? "Inventoriaus nereikia." : "Pasiruošk inventorių.");
const LT: CopyPhrases = {
  list: ltList,
  hooks: {
    workout: [
      (f) => `${ltMin(f.minutes)}. ${ltEx(f.exercises)}. Pirmyn!`,
      (f) => `Mažai laiko? Tik ${ltMin(f.minutes)}.`,
      (f) => `Šiandienos treniruotė: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: teisinga technika.`, () => "Vienas pratimas. Visas efektas."],
    exerciseCollection: [(f) => `${ltEx(f.exercises)} be sustojimo: ${f.name}.`, (f) => `${ltEx(f.exercises)} be pertraukų. Prisijungsi?`],
    workoutCollection: [(f) => `${ltWk(f.weeks)}. Vienas planas. Tavo tikslas.`, (f) => `${ltWk(f.weeks)} su aiškiu planu.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${ltEx(f.exercises)}, apie ${f.minutes} min.`,
        ltFocus(f),
        ltEquip(f),
        f.level && `Lygis: ${f.level}.`,
        "Išsisaugok kitai treniruotei.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – akcentas: ${ltList(f.focus)}.` : `${f.name}.`,
        "Stebėk techniką: geriau lėtai ir kontroliuojamai nei greitai ir atmestinai.",
        "Išsisaugok kitai treniruotei.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${ltEx(f.exercises)} be sustojimo, apie ${f.minutes} min.`, ltFocus(f), ltEquip(f), "Išsisaugok kitai treniruotei."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${ltWk(f.weeks)}, ${ltWo(f.workouts)}, aiškus planas.`,
        f.categories.length > 0 && `Akcentai: ${ltList(f.categories)}.`,
        "Pradėk šiandien ir judėk savaitė po savaitės.",
      ),
  },
  cta: {
    workout: "Atlik visą treniruotę",
    exercise: "Išsisaugok kitai treniruotei",
    exerciseCollection: "Atlik visą ratą",
    workoutCollection: "Pradėk planą šiandien",
  },
  tagline: {
    workout: (f) => `${ltEx(f.exercises)} · ${f.minutes} min`,
    exercise: (f) => taglineOf(f.focus) || ltEx(1),
    exerciseCollection: (f) => `${ltEx(f.exercises)} · ${f.minutes} min`,
    workoutCollection: (f) => `${ltWk(f.weeks)} · ${ltWo(f.workouts)}`,
  },
  tags: ["sportas", "treniruotė", "fitness"],
  noEquipmentTag: "sportasnamuose",
};

// ---------------------------------------------------------------------------------------------
// Hebrew (plural imperative, as Israeli fitness brands address their audience)
// ---------------------------------------------------------------------------------------------
const heEx = hebrewCount("תרגיל אחד", "תרגילים");
const heMin = hebrewCount("דקה אחת", "דקות");
const heWk = hebrewCount("שבוע אחד", "שבועות", "שבועיים");
const heWo = hebrewCount("אימון אחד", "אימונים");
/** "A, B וC": the conjunction is a prefix of the last item (ו- before a digit or a Latin word). */
const heList = (items: string[]) => {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  return `${items.slice(0, -1).join(", ")} ${/^[\u05D0-\u05EA]/.test(last) ? "ו" : "ו-"}${last}`;
};
const heFocus = (f: CopyFacts) => (f.focus.length ? `בפוקוס: ${heList(f.focus)}.` : null);
const heEquip = (f: CopyFacts) => (f.noEquipment ? "לא צריך ציוד." : "הכינו את הציוד מראש.");
const HE: CopyPhrases = {
  list: heList,
  hooks: {
    workout: [
      (f) => `${heMin(f.minutes)}. ${heEx(f.exercises)}. יוצאים לדרך!`,
      (f) => `אין זמן? ${heMin(f.minutes)} ${f.minutes === 1 ? "מספיקה" : "מספיקות"}.`,
      (f) => `האימון של היום: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: ככה עושים את זה נכון.`, () => "תרגיל אחד. אפקט מלא."],
    exerciseCollection: [(f) => `${heEx(f.exercises)} ברצף: ${f.name}.`, (f) => `${heEx(f.exercises)} בלי הפסקה. אתם בפנים?`],
    workoutCollection: [
      (f) => `${heWk(f.weeks)}. תוכנית אחת. המטרה שלכם.`,
      (f) => `התוכנית ${f.weeks === 2 ? "לשבועיים" : `ל-${heWk(f.weeks)}`} כבר מוכנה.`,
    ],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${heEx(f.exercises)}, בערך ${heMin(f.minutes)}.`,
        heFocus(f),
        heEquip(f),
        f.level && `רמה: ${f.level}.`,
        "שמרו את הסרטון לאימון הבא.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – בפוקוס: ${heList(f.focus)}.` : `${f.name}.`,
        "הקפידו על טכניקה: עדיף לאט ובשליטה מאשר מהר וברישול.",
        "שמרו את הסרטון לאימון הבא.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${heEx(f.exercises)} ברצף, בערך ${heMin(f.minutes)}.`, heFocus(f), heEquip(f), "שמרו את הסרטון לאימון הבא."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${heWk(f.weeks)}, ${heWo(f.workouts)}, תוכנית אחת ברורה.`,
        f.categories.length > 0 && `דגשים: ${heList(f.categories)}.`,
        "התחילו היום והתקדמו שבוע אחרי שבוע.",
      ),
  },
  cta: {
    workout: "נסו את האימון המלא",
    exercise: "שמרו לאימון הבא",
    exerciseCollection: "נסו את הסבב המלא",
    workoutCollection: "התחילו את התוכנית היום",
  },
  tagline: {
    workout: (f) => `${heEx(f.exercises)} · ${heMin(f.minutes)}`,
    exercise: (f) => taglineOf(f.focus) || heEx(1),
    exerciseCollection: (f) => `${heEx(f.exercises)} · ${heMin(f.minutes)}`,
    workoutCollection: (f) => `${heWk(f.weeks)} · ${heWo(f.workouts)}`,
  },
  tags: ["כושר", "אימון", "ספורט"],
  noEquipmentTag: "אימון_בבית",
  hashtagWordJoiner: "_",
};

// ---------------------------------------------------------------------------------------------
// Arabic (Modern Standard Arabic, addressing the reader in the singular, as ads do)
// ---------------------------------------------------------------------------------------------
const arEx = arabicCount({ one: "تمرين واحد", two: "تمرينان", few: "تمارين", many: "تمرينًا", other: "تمرين" });
const arMin = arabicCount({ one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة", other: "دقيقة" });
const arWk = arabicCount({ one: "أسبوع واحد", two: "أسبوعان", few: "أسابيع", many: "أسبوعًا", other: "أسبوع" });
const arWo = arabicCount({ one: "حصة واحدة", two: "حصتان", few: "حصص", many: "حصة", other: "حصة" });
/** "A، B وC": Arabic comma, and the conjunction joined to the last item. */
const arList = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join("، ")} و${items.at(-1)}`);
const arFocus = (f: CopyFacts) => (f.focus.length ? `التركيز: ${arList(f.focus)}.` : null);
const arEquip = (f: CopyFacts) => (f.noEquipment ? "لا تحتاج إلى أي معدات." : "جهّز معداتك مسبقًا.");
const AR: CopyPhrases = {
  list: arList,
  hooks: {
    workout: [
      (f) => `${arMin(f.minutes)}. ${arEx(f.exercises)}. هيا بنا!`,
      (f) => `وقتك ضيق؟ كل ما تحتاجه ${arMin(f.minutes)}.`,
      (f) => `تمرينك لهذا اليوم: ${f.name}.`,
    ],
    exercise: [(f) => `${f.name}: الأداء الصحيح.`, () => "تمرين واحد. فائدة كاملة."],
    exerciseCollection: [(f) => `${arEx(f.exercises)} بلا توقف: ${f.name}.`, (f) => `${arEx(f.exercises)} دون راحة. هل أنت مستعد؟`],
    workoutCollection: [(f) => `${arWk(f.weeks)}. خطة واحدة. هدفك.`, (f) => `خطتك جاهزة: ${arWk(f.weeks)}.`],
  },
  caption: {
    workout: (f) =>
      sentence(
        `${f.name}: ${arEx(f.exercises)}، المدة: ${arMin(f.minutes)} تقريبًا.`,
        arFocus(f),
        arEquip(f),
        f.level && `المستوى: ${f.level}.`,
        "احفظ الفيديو لتمرينك القادم.",
      ),
    exercise: (f) =>
      sentence(
        f.focus.length ? `${f.name} – التركيز: ${arList(f.focus)}.` : `${f.name}.`,
        "اهتم بالأداء: البطء والتحكم أفضل من السرعة والعشوائية.",
        "احفظ الفيديو لتمرينك القادم.",
      ),
    exerciseCollection: (f) =>
      sentence(`${f.name}: ${arEx(f.exercises)} بلا توقف، المدة: ${arMin(f.minutes)} تقريبًا.`, arFocus(f), arEquip(f), "احفظ الفيديو لتمرينك القادم."),
    workoutCollection: (f) =>
      sentence(
        `${f.name}: ${arWk(f.weeks)}، ${arWo(f.workouts)}، خطة واضحة.`,
        f.categories.length > 0 && `مجالات التركيز: ${arList(f.categories)}.`,
        "ابدأ اليوم وتقدّم أسبوعًا بعد أسبوع.",
      ),
  },
  cta: {
    workout: "جرّب التمرين كاملًا",
    exercise: "احفظه لتمرينك القادم",
    exerciseCollection: "جرّب الدائرة كاملة",
    workoutCollection: "ابدأ الخطة اليوم",
  },
  tagline: {
    workout: (f) => `${arEx(f.exercises)} · ${arMin(f.minutes)}`,
    exercise: (f) => taglineOf(f.focus) || arEx(1),
    exerciseCollection: (f) => `${arEx(f.exercises)} · ${arMin(f.minutes)}`,
    workoutCollection: (f) => `${arWk(f.weeks)} · ${arWo(f.workouts)}`,
  },
  tags: ["لياقة_بدنية", "تمارين", "رياضة"],
  noEquipmentTag: "تمارين_منزلية",
  hashtagWordJoiner: "_",
};

type LanguageOf<T> = T extends `${infer L}-${string}` ? L : never;
/** The languages of the supported locales (en-US -> en, he-IL -> he, ...). */
export type CopyLanguage = LanguageOf<Locale>;

/** Phrase sets by language subtag: one for every language of the supported locales. */
export const COPY_PHRASES: Record<CopyLanguage, CopyPhrases> = {
  en: EN,
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  pt: PT,
  nl: NL,
  sv: SV,
  nb: NB,
  pl: PL,
  cs: CS,
  ro: RO,
  fi: FI,
  lt: LT,
  he: HE,
  ar: AR,
};
