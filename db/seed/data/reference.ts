/**
 * Seed data: platform reference data (categories, equipment, muscle groups, goals, feedback
 * options; the difficulty labels, which the running service reads too, are in
 * db/reference/difficulty-labels.ts). Pure data, no DB code.
 *
 * Every name here is a full translation into all 18 supported locales; the `full` helper
 * makes a missing locale a compile error (en-GB and en-AU default to the en-US text unless
 * British/Australian wording differs).
 */
import type { LocalizedText } from "../../../server/core/locale";
import { full } from "../../reference/difficulty-labels";

export interface CategorySeed {
  key: string;
  name: LocalizedText;
}

export interface EquipmentCategorySeed {
  key: string;
  name: LocalizedText;
  /** Broader grouping, English, not localized. */
  category: string;
}

export interface EquipmentSeed {
  key: string;
  name: LocalizedText;
  equipmentCategoryKey: string | null;
}

export interface MuscleGroupSeed {
  key: string;
  name: LocalizedText;
}

export interface GoalSeed {
  key: string;
  name: LocalizedText;
}

export interface FeedbackOptionSeed {
  key: string;
  value: number;
  label: LocalizedText;
}

export interface FeedbackOptionsSeed {
  /** value 1 (poor) to 5 (excellent) */
  rating: FeedbackOptionSeed[];
  /** value 1 (too easy), 2 (just right), 3 (too hard) */
  difficulty: FeedbackOptionSeed[];
}

// ---------------------------------------------------------------------------
// Workout categories
// ---------------------------------------------------------------------------

export const CATEGORIES: CategorySeed[] = [
  {
    key: "strength",
    name: full({
      "en-US": "Strength", "fr-FR": "Renforcement", "de-DE": "Kraft", "es-ES": "Fuerza", "it-IT": "Forza",
      "pt-PT": "Força", "he-IL": "כוח", "ro-RO": "Forță", "cs-CZ": "Síla", "fi-FI": "Voima", "lt-LT": "Jėga",
      "nl-NL": "Kracht", "pl-PL": "Siła", "ar-XA": "القوة", "nb-NO": "Styrke", "sv-SE": "Styrka",
    }),
  },
  {
    key: "hiit",
    name: full({
      "en-US": "HIIT", "fr-FR": "HIIT", "de-DE": "HIIT", "es-ES": "HIIT", "it-IT": "HIIT", "pt-PT": "HIIT",
      "he-IL": "אימון HIIT", "ro-RO": "HIIT", "cs-CZ": "HIIT", "fi-FI": "HIIT", "lt-LT": "HIIT", "nl-NL": "HIIT",
      "pl-PL": "HIIT", "ar-XA": "تدريب HIIT", "nb-NO": "HIIT", "sv-SE": "HIIT",
    }),
  },
  {
    key: "cardio",
    name: full({
      "en-US": "Cardio", "fr-FR": "Cardio", "de-DE": "Ausdauer", "es-ES": "Cardio", "it-IT": "Cardio",
      "pt-PT": "Cardio", "he-IL": "קרדיו", "ro-RO": "Cardio", "cs-CZ": "Kardio", "fi-FI": "Kardio",
      "lt-LT": "Kardio", "nl-NL": "Cardio", "pl-PL": "Cardio", "ar-XA": "كارديو", "nb-NO": "Kondisjon",
      "sv-SE": "Kondition",
    }),
  },
  {
    key: "yoga",
    name: full({
      "en-US": "Yoga", "fr-FR": "Yoga", "de-DE": "Yoga", "es-ES": "Yoga", "it-IT": "Yoga", "pt-PT": "Ioga",
      "he-IL": "יוגה", "ro-RO": "Yoga", "cs-CZ": "Jóga", "fi-FI": "Jooga", "lt-LT": "Joga", "nl-NL": "Yoga",
      "pl-PL": "Joga", "ar-XA": "يوغا", "nb-NO": "Yoga", "sv-SE": "Yoga",
    }),
  },
  {
    key: "pilates",
    name: full({
      "en-US": "Pilates", "fr-FR": "Pilates", "de-DE": "Pilates", "es-ES": "Pilates", "it-IT": "Pilates",
      "pt-PT": "Pilates", "he-IL": "פילאטיס", "ro-RO": "Pilates", "cs-CZ": "Pilates", "fi-FI": "Pilates",
      "lt-LT": "Pilatesas", "nl-NL": "Pilates", "pl-PL": "Pilates", "ar-XA": "بيلاتس", "nb-NO": "Pilates",
      "sv-SE": "Pilates",
    }),
  },
  {
    key: "mobility",
    name: full({
      "en-US": "Mobility", "fr-FR": "Mobilité", "de-DE": "Mobilität", "es-ES": "Movilidad", "it-IT": "Mobilità",
      "pt-PT": "Mobilidade", "he-IL": "ניידות", "ro-RO": "Mobilitate", "cs-CZ": "Mobilita", "fi-FI": "Liikkuvuus",
      "lt-LT": "Judrumas", "nl-NL": "Mobiliteit", "pl-PL": "Mobilność", "ar-XA": "المرونة الحركية",
      "nb-NO": "Mobilitet", "sv-SE": "Rörlighet",
    }),
  },
  {
    key: "core",
    name: full({
      "en-US": "Core", "fr-FR": "Gainage", "de-DE": "Rumpf", "es-ES": "Core", "it-IT": "Core", "pt-PT": "Core",
      "he-IL": "ליבה", "ro-RO": "Trunchi", "cs-CZ": "Střed těla", "fi-FI": "Keskivartalo", "lt-LT": "Korpusas",
      "nl-NL": "Core", "pl-PL": "Core", "ar-XA": "عضلات الجذع", "nb-NO": "Kjerne", "sv-SE": "Bål",
    }),
  },
  {
    key: "recovery",
    name: full({
      "en-US": "Recovery", "fr-FR": "Récupération", "de-DE": "Regeneration", "es-ES": "Recuperación",
      "it-IT": "Recupero", "pt-PT": "Recuperação", "he-IL": "התאוששות", "ro-RO": "Recuperare",
      "cs-CZ": "Regenerace", "fi-FI": "Palautuminen", "lt-LT": "Atsigavimas", "nl-NL": "Herstel",
      "pl-PL": "Regeneracja", "ar-XA": "التعافي", "nb-NO": "Restitusjon", "sv-SE": "Återhämtning",
    }),
  },
  {
    key: "boxing",
    name: full({
      "en-US": "Boxing", "fr-FR": "Boxe", "de-DE": "Boxen", "es-ES": "Boxeo", "it-IT": "Boxe", "pt-PT": "Boxe",
      "he-IL": "אגרוף", "ro-RO": "Box", "cs-CZ": "Box", "fi-FI": "Nyrkkeily", "lt-LT": "Boksas", "nl-NL": "Boksen",
      "pl-PL": "Boks", "ar-XA": "الملاكمة", "nb-NO": "Boksing", "sv-SE": "Boxning",
    }),
  },
  {
    key: "low-impact",
    name: full({
      "en-US": "Low Impact", "fr-FR": "Faible impact", "de-DE": "Gelenkschonend", "es-ES": "Bajo impacto",
      "it-IT": "Basso impatto", "pt-PT": "Baixo impacto", "he-IL": "אימפקט נמוך", "ro-RO": "Impact redus",
      "cs-CZ": "Šetrné ke kloubům", "fi-FI": "Nivelystävällinen", "lt-LT": "Mažo poveikio",
      "nl-NL": "Gewrichtsvriendelijk", "pl-PL": "Niskie obciążenie stawów", "ar-XA": "منخفض التأثير",
      "nb-NO": "Skånsom", "sv-SE": "Skonsam",
    }),
  },
];

// ---------------------------------------------------------------------------
// Equipment categories and equipment
// ---------------------------------------------------------------------------

export const EQUIPMENT_CATEGORIES: EquipmentCategorySeed[] = [
  {
    key: "free-weights",
    category: "Weights",
    name: full({
      "en-US": "Free Weights", "fr-FR": "Poids libres", "de-DE": "Freihanteln", "es-ES": "Peso libre",
      "it-IT": "Pesi liberi", "pt-PT": "Pesos livres", "he-IL": "משקולות חופשיות", "ro-RO": "Greutăți libere",
      "cs-CZ": "Volné činky", "fi-FI": "Vapaat painot", "lt-LT": "Laisvi svoriai", "nl-NL": "Vrije gewichten",
      "pl-PL": "Wolne ciężary", "ar-XA": "الأوزان الحرة", "nb-NO": "Frivekter", "sv-SE": "Fria vikter",
    }),
  },
  {
    key: "kettlebells",
    category: "Weights",
    name: full({
      "en-US": "Kettlebells", "fr-FR": "Kettlebells", "de-DE": "Kettlebells", "es-ES": "Pesas rusas",
      "it-IT": "Kettlebell", "pt-PT": "Kettlebells", "he-IL": "קטלבלים", "ro-RO": "Kettlebell-uri",
      "cs-CZ": "Kettlebelly", "fi-FI": "Kahvakuulat", "lt-LT": "Giros", "nl-NL": "Kettlebells",
      "pl-PL": "Kettlebelle", "ar-XA": "أثقال الكيتلبل", "nb-NO": "Kettlebeller", "sv-SE": "Kettlebells",
    }),
  },
  {
    key: "resistance-bands",
    category: "Accessories",
    name: full({
      "en-US": "Resistance Bands", "fr-FR": "Bandes élastiques", "de-DE": "Widerstandsbänder",
      "es-ES": "Bandas elásticas", "it-IT": "Elastici", "pt-PT": "Elásticos", "he-IL": "גומיות התנגדות",
      "ro-RO": "Benzi elastice", "cs-CZ": "Odporové gumy", "fi-FI": "Vastuskuminauhat",
      "lt-LT": "Pasipriešinimo gumos", "nl-NL": "Weerstandsbanden", "pl-PL": "Gumy oporowe",
      "ar-XA": "أشرطة المقاومة", "nb-NO": "Treningsstrikker", "sv-SE": "Träningsband",
    }),
  },
  {
    key: "furniture",
    category: "Household",
    name: full({
      "en-US": "Furniture", "fr-FR": "Mobilier", "de-DE": "Möbel", "es-ES": "Mobiliario", "it-IT": "Arredamento",
      "pt-PT": "Mobiliário", "he-IL": "ריהוט", "ro-RO": "Mobilier", "cs-CZ": "Nábytek", "fi-FI": "Huonekalut",
      "lt-LT": "Baldai", "nl-NL": "Meubilair", "pl-PL": "Meble", "ar-XA": "الأثاث", "nb-NO": "Møbler",
      "sv-SE": "Möbler",
    }),
  },
  {
    key: "machines",
    category: "Machines",
    name: full({
      "en-US": "Machines", "fr-FR": "Machines", "de-DE": "Trainingsgeräte", "es-ES": "Máquinas",
      "it-IT": "Macchine", "pt-PT": "Máquinas", "he-IL": "מכשירים", "ro-RO": "Aparate", "cs-CZ": "Stroje",
      "fi-FI": "Laitteet", "lt-LT": "Treniruokliai", "nl-NL": "Apparaten", "pl-PL": "Maszyny",
      "ar-XA": "الأجهزة", "nb-NO": "Apparater", "sv-SE": "Maskiner",
    }),
  },
  {
    key: "mats-and-accessories",
    category: "Accessories",
    name: full({
      "en-US": "Mats & Accessories", "fr-FR": "Tapis et accessoires", "de-DE": "Matten und Zubehör",
      "es-ES": "Esterillas y accesorios", "it-IT": "Tappetini e accessori", "pt-PT": "Tapetes e acessórios",
      "he-IL": "מזרנים ואביזרים", "ro-RO": "Saltele și accesorii", "cs-CZ": "Podložky a doplňky",
      "fi-FI": "Alustat ja tarvikkeet", "lt-LT": "Kilimėliai ir priedai", "nl-NL": "Matten en accessoires",
      "pl-PL": "Maty i akcesoria", "ar-XA": "الحصائر والملحقات", "nb-NO": "Matter og tilbehør",
      "sv-SE": "Mattor och tillbehör",
    }),
  },
];

/** Equipment. There is deliberately no "bodyweight" item: no equipment is an empty list. */
export const EQUIPMENT: EquipmentSeed[] = [
  {
    key: "dumbbell",
    equipmentCategoryKey: "free-weights",
    name: full({
      "en-US": "Dumbbell", "fr-FR": "Haltère", "de-DE": "Kurzhantel", "es-ES": "Mancuerna", "it-IT": "Manubrio",
      "pt-PT": "Haltere", "he-IL": "משקולת יד", "ro-RO": "Ganteră", "cs-CZ": "Jednoručka", "fi-FI": "Käsipaino",
      "lt-LT": "Hantelis", "nl-NL": "Dumbbell", "pl-PL": "Hantel", "ar-XA": "دمبل", "nb-NO": "Manual",
      "sv-SE": "Hantel",
    }),
  },
  {
    key: "kettlebell",
    equipmentCategoryKey: "kettlebells",
    name: full({
      "en-US": "Kettlebell", "fr-FR": "Kettlebell", "de-DE": "Kettlebell", "es-ES": "Pesa rusa",
      "it-IT": "Kettlebell", "pt-PT": "Kettlebell", "he-IL": "קטלבל", "ro-RO": "Kettlebell", "cs-CZ": "Kettlebell",
      "fi-FI": "Kahvakuula", "lt-LT": "Gira", "nl-NL": "Kettlebell", "pl-PL": "Kettlebell", "ar-XA": "كيتلبل",
      "nb-NO": "Kettlebell", "sv-SE": "Kettlebell",
    }),
  },
  {
    key: "resistance-band",
    equipmentCategoryKey: "resistance-bands",
    name: full({
      "en-US": "Resistance Band", "fr-FR": "Bande élastique", "de-DE": "Widerstandsband",
      "es-ES": "Banda elástica", "it-IT": "Elastico", "pt-PT": "Elástico de resistência",
      "he-IL": "גומיית התנגדות", "ro-RO": "Bandă elastică", "cs-CZ": "Odporová guma",
      "fi-FI": "Vastuskuminauha", "lt-LT": "Pasipriešinimo guma", "nl-NL": "Weerstandsband",
      "pl-PL": "Guma oporowa", "ar-XA": "شريط مقاومة", "nb-NO": "Treningsstrikk", "sv-SE": "Träningsband",
    }),
  },
  {
    key: "mini-band",
    equipmentCategoryKey: "resistance-bands",
    name: full({
      "en-US": "Mini Band", "fr-FR": "Mini-bande", "de-DE": "Miniband", "es-ES": "Minibanda",
      "it-IT": "Mini band", "pt-PT": "Minibanda", "he-IL": "מיני בנד", "ro-RO": "Minibandă",
      "cs-CZ": "Mini guma", "fi-FI": "Minikuminauha", "lt-LT": "Mini guma", "nl-NL": "Miniband",
      "pl-PL": "Guma mini band", "ar-XA": "شريط مطاطي صغير", "nb-NO": "Minibånd", "sv-SE": "Miniband",
    }),
  },
  {
    key: "bench",
    equipmentCategoryKey: "furniture",
    name: full({
      "en-US": "Bench", "fr-FR": "Banc", "de-DE": "Trainingsbank", "es-ES": "Banco", "it-IT": "Panca",
      "pt-PT": "Banco", "he-IL": "ספסל", "ro-RO": "Bancă", "cs-CZ": "Lavička", "fi-FI": "Penkki",
      "lt-LT": "Suoliukas", "nl-NL": "Bank", "pl-PL": "Ławka", "ar-XA": "مقعد", "nb-NO": "Benk", "sv-SE": "Bänk",
    }),
  },
  {
    key: "chair",
    equipmentCategoryKey: "furniture",
    name: full({
      "en-US": "Chair", "fr-FR": "Chaise", "de-DE": "Stuhl", "es-ES": "Silla", "it-IT": "Sedia",
      "pt-PT": "Cadeira", "he-IL": "כיסא", "ro-RO": "Scaun", "cs-CZ": "Židle", "fi-FI": "Tuoli", "lt-LT": "Kėdė",
      "nl-NL": "Stoel", "pl-PL": "Krzesło", "ar-XA": "كرسي", "nb-NO": "Stol", "sv-SE": "Stol",
    }),
  },
  {
    key: "step",
    equipmentCategoryKey: "mats-and-accessories",
    name: full({
      "en-US": "Step Platform", "fr-FR": "Step", "de-DE": "Stepbrett", "es-ES": "Step", "it-IT": "Step",
      "pt-PT": "Step", "he-IL": "סטפ", "ro-RO": "Step", "cs-CZ": "Step", "fi-FI": "Askellauta",
      "lt-LT": "Stepo platforma", "nl-NL": "Step", "pl-PL": "Step", "ar-XA": "منصة الخطو",
      "nb-NO": "Stepbrett", "sv-SE": "Steppbräda",
    }),
  },
  {
    key: "mat",
    equipmentCategoryKey: "mats-and-accessories",
    name: full({
      "en-US": "Exercise Mat", "fr-FR": "Tapis d'exercice", "de-DE": "Trainingsmatte", "es-ES": "Esterilla",
      "it-IT": "Tappetino", "pt-PT": "Tapete de exercício", "he-IL": "מזרן אימון", "ro-RO": "Saltea de exerciții",
      "cs-CZ": "Podložka na cvičení", "fi-FI": "Jumppamatto", "lt-LT": "Sportinis kilimėlis", "nl-NL": "Sportmat",
      "pl-PL": "Mata do ćwiczeń", "ar-XA": "حصيرة تمارين", "nb-NO": "Treningsmatte", "sv-SE": "Träningsmatta",
    }),
  },
  {
    key: "pull-up-bar",
    // Not in any equipment category (exercises the nullable equipmentCategoryId).
    equipmentCategoryKey: null,
    name: full({
      "en-US": "Pull-Up Bar", "fr-FR": "Barre de traction", "de-DE": "Klimmzugstange",
      "es-ES": "Barra de dominadas", "it-IT": "Sbarra per trazioni", "pt-PT": "Barra de elevações",
      "he-IL": "מוט מתח", "ro-RO": "Bară de tracțiuni", "cs-CZ": "Hrazda", "fi-FI": "Leuanvetotanko",
      "lt-LT": "Skersinis", "nl-NL": "Optrekstang", "pl-PL": "Drążek", "ar-XA": "عقلة", "nb-NO": "Chinsstang",
      "sv-SE": "Chinsstång",
    }),
  },
  {
    key: "medicine-ball",
    equipmentCategoryKey: "free-weights",
    name: full({
      "en-US": "Medicine Ball", "fr-FR": "Médecine-ball", "de-DE": "Medizinball", "es-ES": "Balón medicinal",
      "it-IT": "Palla medica", "pt-PT": "Bola medicinal", "he-IL": "כדור כוח", "ro-RO": "Minge medicinală",
      "cs-CZ": "Medicinbal", "fi-FI": "Kuntopallo", "lt-LT": "Pasunkintas kamuolys", "nl-NL": "Medicijnbal",
      "pl-PL": "Piłka lekarska", "ar-XA": "كرة طبية", "nb-NO": "Medisinball", "sv-SE": "Medicinboll",
    }),
  },
  {
    key: "jump-rope",
    equipmentCategoryKey: "mats-and-accessories",
    name: full({
      "en-US": "Jump Rope", "en-GB": "Skipping Rope", "en-AU": "Skipping Rope", "fr-FR": "Corde à sauter",
      "de-DE": "Springseil", "es-ES": "Comba", "it-IT": "Corda per saltare", "pt-PT": "Corda de saltar",
      "he-IL": "חבל קפיצה", "ro-RO": "Coardă de sărit", "cs-CZ": "Švihadlo", "fi-FI": "Hyppynaru",
      "lt-LT": "Šokdynė", "nl-NL": "Springtouw", "pl-PL": "Skakanka", "ar-XA": "حبل القفز", "nb-NO": "Hoppetau",
      "sv-SE": "Hopprep",
    }),
  },
  {
    key: "foam-roller",
    equipmentCategoryKey: "mats-and-accessories",
    name: full({
      "en-US": "Foam Roller", "fr-FR": "Rouleau de massage", "de-DE": "Faszienrolle",
      "es-ES": "Rodillo de espuma", "it-IT": "Rullo massaggiante", "pt-PT": "Rolo de espuma",
      "he-IL": "גליל עיסוי", "ro-RO": "Rolă de masaj", "cs-CZ": "Masážní válec", "fi-FI": "Putkirulla",
      "lt-LT": "Masažinis volelis", "nl-NL": "Foamroller", "pl-PL": "Roller do masażu",
      "ar-XA": "أسطوانة التدليك", "nb-NO": "Massasjerulle", "sv-SE": "Foamroller",
    }),
  },
  {
    key: "barbell",
    equipmentCategoryKey: "free-weights",
    name: full({
      "en-US": "Barbell", "fr-FR": "Barre de musculation", "de-DE": "Langhantel", "es-ES": "Barra",
      "it-IT": "Bilanciere", "pt-PT": "Barra", "he-IL": "מוט משקולות", "ro-RO": "Halteră",
      "cs-CZ": "Velká činka", "fi-FI": "Levytanko", "lt-LT": "Štanga", "nl-NL": "Halterstang",
      "pl-PL": "Sztanga", "ar-XA": "قضيب الأثقال", "nb-NO": "Vektstang", "sv-SE": "Skivstång",
    }),
  },
  {
    key: "stationary-bike",
    equipmentCategoryKey: "machines",
    name: full({
      "en-US": "Stationary Bike", "en-GB": "Exercise Bike", "en-AU": "Exercise Bike",
      "fr-FR": "Vélo d'appartement", "de-DE": "Heimtrainer", "es-ES": "Bicicleta estática", "it-IT": "Cyclette",
      "pt-PT": "Bicicleta estática", "he-IL": "אופני כושר", "ro-RO": "Bicicletă staționară", "cs-CZ": "Rotoped",
      "fi-FI": "Kuntopyörä", "lt-LT": "Dviratis treniruoklis", "nl-NL": "Hometrainer",
      "pl-PL": "Rower stacjonarny", "ar-XA": "دراجة ثابتة", "nb-NO": "Treningssykkel", "sv-SE": "Motionscykel",
    }),
  },
];

// ---------------------------------------------------------------------------
// Muscle groups
// ---------------------------------------------------------------------------

export const MUSCLE_GROUPS: MuscleGroupSeed[] = [
  {
    key: "chest",
    name: full({
      "en-US": "Chest", "fr-FR": "Pectoraux", "de-DE": "Brust", "es-ES": "Pecho", "it-IT": "Petto",
      "pt-PT": "Peito", "he-IL": "חזה", "ro-RO": "Piept", "cs-CZ": "Hrudník", "fi-FI": "Rintalihakset",
      "lt-LT": "Krūtinė", "nl-NL": "Borst", "pl-PL": "Klatka piersiowa", "ar-XA": "الصدر", "nb-NO": "Bryst",
      "sv-SE": "Bröst",
    }),
  },
  {
    key: "upper-back",
    name: full({
      "en-US": "Upper Back", "fr-FR": "Haut du dos", "de-DE": "Oberer Rücken", "es-ES": "Espalda alta",
      "it-IT": "Parte alta della schiena", "pt-PT": "Parte superior das costas", "he-IL": "גב עליון",
      "ro-RO": "Partea superioară a spatelui", "cs-CZ": "Horní část zad", "fi-FI": "Yläselkä",
      "lt-LT": "Viršutinė nugaros dalis", "nl-NL": "Bovenrug", "pl-PL": "Górna część pleców",
      "ar-XA": "أعلى الظهر", "nb-NO": "Øvre rygg", "sv-SE": "Övre rygg",
    }),
  },
  {
    key: "lats",
    name: full({
      "en-US": "Lats", "fr-FR": "Grands dorsaux", "de-DE": "Breiter Rückenmuskel", "es-ES": "Dorsales",
      "it-IT": "Dorsali", "pt-PT": "Dorsais", "he-IL": "שריר הגב הרחב", "ro-RO": "Dorsali",
      "cs-CZ": "Široký sval zádový", "fi-FI": "Leveä selkälihas", "lt-LT": "Platieji nugaros raumenys",
      "nl-NL": "Brede rugspier", "pl-PL": "Mięśnie najszersze grzbietu", "ar-XA": "العضلة الظهرية العريضة",
      "nb-NO": "Latissimus", "sv-SE": "Latissimus",
    }),
  },
  {
    key: "shoulders",
    name: full({
      "en-US": "Shoulders", "fr-FR": "Épaules", "de-DE": "Schultern", "es-ES": "Hombros", "it-IT": "Spalle",
      "pt-PT": "Ombros", "he-IL": "כתפיים", "ro-RO": "Umeri", "cs-CZ": "Ramena", "fi-FI": "Olkapäät",
      "lt-LT": "Pečiai", "nl-NL": "Schouders", "pl-PL": "Barki", "ar-XA": "الكتفان", "nb-NO": "Skuldre",
      "sv-SE": "Axlar",
    }),
  },
  {
    key: "biceps",
    name: full({
      "en-US": "Biceps", "fr-FR": "Biceps", "de-DE": "Bizeps", "es-ES": "Bíceps", "it-IT": "Bicipiti",
      "pt-PT": "Bíceps", "he-IL": "יד קדמית", "ro-RO": "Biceps", "cs-CZ": "Biceps", "fi-FI": "Hauikset",
      "lt-LT": "Bicepsai", "nl-NL": "Biceps", "pl-PL": "Biceps", "ar-XA": "العضلة ذات الرأسين",
      "nb-NO": "Biceps", "sv-SE": "Biceps",
    }),
  },
  {
    key: "triceps",
    name: full({
      "en-US": "Triceps", "fr-FR": "Triceps", "de-DE": "Trizeps", "es-ES": "Tríceps", "it-IT": "Tricipiti",
      "pt-PT": "Tríceps", "he-IL": "יד אחורית", "ro-RO": "Triceps", "cs-CZ": "Triceps", "fi-FI": "Ojentajat",
      "lt-LT": "Tricepsai", "nl-NL": "Triceps", "pl-PL": "Triceps", "ar-XA": "العضلة ثلاثية الرؤوس",
      "nb-NO": "Triceps", "sv-SE": "Triceps",
    }),
  },
  {
    key: "core",
    name: full({
      "en-US": "Core", "fr-FR": "Sangle abdominale", "de-DE": "Rumpf", "es-ES": "Core", "it-IT": "Core",
      "pt-PT": "Core", "he-IL": "שרירי הליבה", "ro-RO": "Trunchi", "cs-CZ": "Střed těla",
      "fi-FI": "Keskivartalo", "lt-LT": "Korpusas", "nl-NL": "Core", "pl-PL": "Mięśnie głębokie",
      "ar-XA": "عضلات الجذع", "nb-NO": "Kjernemuskulatur", "sv-SE": "Bålmuskulatur",
    }),
  },
  {
    key: "obliques",
    name: full({
      "en-US": "Obliques", "fr-FR": "Obliques", "de-DE": "Schräge Bauchmuskeln", "es-ES": "Oblicuos",
      "it-IT": "Obliqui", "pt-PT": "Oblíquos", "he-IL": "שרירים אלכסוניים", "ro-RO": "Oblici",
      "cs-CZ": "Šikmé břišní svaly", "fi-FI": "Vinot vatsalihakset", "lt-LT": "Įstrižiniai pilvo raumenys",
      "nl-NL": "Schuine buikspieren", "pl-PL": "Mięśnie skośne brzucha", "ar-XA": "العضلات المائلة",
      "nb-NO": "Skrå magemuskler", "sv-SE": "Sneda bukmuskler",
    }),
  },
  {
    key: "lower-back",
    name: full({
      "en-US": "Lower Back", "fr-FR": "Bas du dos", "de-DE": "Unterer Rücken", "es-ES": "Zona lumbar",
      "it-IT": "Zona lombare", "pt-PT": "Zona lombar", "he-IL": "גב תחתון", "ro-RO": "Zona lombară",
      "cs-CZ": "Spodní část zad", "fi-FI": "Alaselkä", "lt-LT": "Apatinė nugaros dalis", "nl-NL": "Onderrug",
      "pl-PL": "Dolna część pleców", "ar-XA": "أسفل الظهر", "nb-NO": "Korsrygg", "sv-SE": "Ländrygg",
    }),
  },
  {
    key: "glutes",
    name: full({
      "en-US": "Glutes", "fr-FR": "Fessiers", "de-DE": "Gesäßmuskeln", "es-ES": "Glúteos", "it-IT": "Glutei",
      "pt-PT": "Glúteos", "he-IL": "ישבן", "ro-RO": "Fesieri", "cs-CZ": "Hýžďové svaly", "fi-FI": "Pakarat",
      "lt-LT": "Sėdmenys", "nl-NL": "Bilspieren", "pl-PL": "Pośladki", "ar-XA": "الأرداف", "nb-NO": "Setemuskler",
      "sv-SE": "Sätesmuskler",
    }),
  },
  {
    key: "quadriceps",
    name: full({
      "en-US": "Quadriceps", "fr-FR": "Quadriceps", "de-DE": "Quadrizeps", "es-ES": "Cuádriceps",
      "it-IT": "Quadricipiti", "pt-PT": "Quadríceps", "he-IL": "ארבע ראשי", "ro-RO": "Cvadriceps",
      "cs-CZ": "Čtyřhlavý sval stehenní", "fi-FI": "Etureidet", "lt-LT": "Keturgalviai šlaunies raumenys",
      "nl-NL": "Quadriceps", "pl-PL": "Mięśnie czworogłowe uda", "ar-XA": "العضلة الرباعية",
      "nb-NO": "Forside lår", "sv-SE": "Framsida lår",
    }),
  },
  {
    key: "hamstrings",
    name: full({
      "en-US": "Hamstrings", "fr-FR": "Ischio-jambiers", "de-DE": "Beinbeuger", "es-ES": "Isquiotibiales",
      "it-IT": "Femorali", "pt-PT": "Isquiotibiais", "he-IL": "שרירי הירך האחוריים", "ro-RO": "Ischiogambieri",
      "cs-CZ": "Zadní stehenní svaly", "fi-FI": "Takareidet", "lt-LT": "Užpakaliniai šlaunies raumenys",
      "nl-NL": "Hamstrings", "pl-PL": "Mięśnie dwugłowe uda", "ar-XA": "العضلات الخلفية للفخذ",
      "nb-NO": "Bakside lår", "sv-SE": "Baksida lår",
    }),
  },
  {
    key: "calves",
    name: full({
      "en-US": "Calves", "fr-FR": "Mollets", "de-DE": "Waden", "es-ES": "Gemelos", "it-IT": "Polpacci",
      "pt-PT": "Gémeos", "he-IL": "שוקיים", "ro-RO": "Gambe", "cs-CZ": "Lýtka", "fi-FI": "Pohkeet",
      "lt-LT": "Blauzdos", "nl-NL": "Kuiten", "pl-PL": "Łydki", "ar-XA": "السمانة", "nb-NO": "Legger",
      "sv-SE": "Vader",
    }),
  },
  {
    key: "hip-flexors",
    name: full({
      "en-US": "Hip Flexors", "fr-FR": "Fléchisseurs de hanche", "de-DE": "Hüftbeuger",
      "es-ES": "Flexores de cadera", "it-IT": "Flessori dell'anca", "pt-PT": "Flexores da anca",
      "he-IL": "מכופפי הירך", "ro-RO": "Flexori ai șoldului", "cs-CZ": "Flexory kyčle",
      "fi-FI": "Lonkan koukistajat", "lt-LT": "Klubo lenkiamieji raumenys", "nl-NL": "Heupbuigers",
      "pl-PL": "Zginacze bioder", "ar-XA": "العضلات المثنية للورك", "nb-NO": "Hoftebøyere",
      "sv-SE": "Höftböjare",
    }),
  },
  {
    key: "full-body",
    name: full({
      "en-US": "Full Body", "fr-FR": "Corps entier", "de-DE": "Ganzkörper", "es-ES": "Cuerpo completo",
      "it-IT": "Tutto il corpo", "pt-PT": "Corpo inteiro", "he-IL": "כל הגוף", "ro-RO": "Tot corpul",
      "cs-CZ": "Celé tělo", "fi-FI": "Koko keho", "lt-LT": "Visas kūnas", "nl-NL": "Hele lichaam",
      "pl-PL": "Całe ciało", "ar-XA": "الجسم بالكامل", "nb-NO": "Hele kroppen", "sv-SE": "Hela kroppen",
    }),
  },
];

// ---------------------------------------------------------------------------
// Plan goals
// ---------------------------------------------------------------------------

export const GOALS: GoalSeed[] = [
  {
    key: "lose-weight",
    name: full({
      "en-US": "Lose Weight", "fr-FR": "Perdre du poids", "de-DE": "Abnehmen", "es-ES": "Perder peso",
      "it-IT": "Perdere peso", "pt-PT": "Perder peso", "he-IL": "ירידה במשקל", "ro-RO": "Slăbire",
      "cs-CZ": "Hubnutí", "fi-FI": "Painonpudotus", "lt-LT": "Svorio metimas", "nl-NL": "Afvallen",
      "pl-PL": "Utrata wagi", "ar-XA": "إنقاص الوزن", "nb-NO": "Gå ned i vekt", "sv-SE": "Gå ner i vikt",
    }),
  },
  {
    key: "build-muscle",
    name: full({
      "en-US": "Build Muscle", "fr-FR": "Prendre du muscle", "de-DE": "Muskelaufbau", "es-ES": "Ganar músculo",
      "it-IT": "Aumentare la massa muscolare", "pt-PT": "Ganhar massa muscular", "he-IL": "בניית שריר",
      "ro-RO": "Creștere musculară", "cs-CZ": "Nabírání svalů", "fi-FI": "Lihasmassan kasvatus",
      "lt-LT": "Raumenų auginimas", "nl-NL": "Spieropbouw", "pl-PL": "Budowa mięśni", "ar-XA": "بناء العضلات",
      "nb-NO": "Bygge muskler", "sv-SE": "Bygga muskler",
    }),
  },
  {
    key: "improve-endurance",
    name: full({
      "en-US": "Improve Endurance", "fr-FR": "Améliorer l'endurance", "de-DE": "Ausdauer verbessern",
      "es-ES": "Mejorar la resistencia", "it-IT": "Migliorare la resistenza", "pt-PT": "Melhorar a resistência",
      "he-IL": "שיפור הסיבולת", "ro-RO": "Îmbunătățirea rezistenței", "cs-CZ": "Zlepšení vytrvalosti",
      "fi-FI": "Kestävyyden parantaminen", "lt-LT": "Ištvermės gerinimas",
      "nl-NL": "Uithoudingsvermogen verbeteren", "pl-PL": "Poprawa wytrzymałości", "ar-XA": "تحسين التحمل",
      "nb-NO": "Bedre utholdenhet", "sv-SE": "Förbättra uthålligheten",
    }),
  },
  {
    key: "increase-flexibility",
    name: full({
      "en-US": "Increase Flexibility", "fr-FR": "Gagner en souplesse", "de-DE": "Beweglichkeit steigern",
      "es-ES": "Aumentar la flexibilidad", "it-IT": "Aumentare la flessibilità",
      "pt-PT": "Aumentar a flexibilidade", "he-IL": "שיפור הגמישות", "ro-RO": "Creșterea flexibilității",
      "cs-CZ": "Zlepšení ohebnosti", "fi-FI": "Liikkuvuuden lisääminen", "lt-LT": "Lankstumo didinimas",
      "nl-NL": "Flexibiliteit vergroten", "pl-PL": "Poprawa gibkości", "ar-XA": "زيادة المرونة",
      "nb-NO": "Økt bevegelighet", "sv-SE": "Ökad rörlighet",
    }),
  },
  {
    key: "reduce-stress",
    name: full({
      "en-US": "Reduce Stress", "fr-FR": "Réduire le stress", "de-DE": "Stress abbauen",
      "es-ES": "Reducir el estrés", "it-IT": "Ridurre lo stress", "pt-PT": "Reduzir o stress",
      "he-IL": "הפחתת לחץ", "ro-RO": "Reducerea stresului", "cs-CZ": "Snížení stresu",
      "fi-FI": "Stressin vähentäminen", "lt-LT": "Streso mažinimas", "nl-NL": "Stress verminderen",
      "pl-PL": "Redukcja stresu", "ar-XA": "تقليل التوتر", "nb-NO": "Redusere stress", "sv-SE": "Minska stress",
    }),
  },
  {
    key: "improve-posture",
    name: full({
      "en-US": "Improve Posture", "fr-FR": "Améliorer sa posture", "de-DE": "Haltung verbessern",
      "es-ES": "Mejorar la postura", "it-IT": "Migliorare la postura", "pt-PT": "Melhorar a postura",
      "he-IL": "שיפור היציבה", "ro-RO": "Îmbunătățirea posturii", "cs-CZ": "Zlepšení držení těla",
      "fi-FI": "Ryhdin parantaminen", "lt-LT": "Laikysenos gerinimas", "nl-NL": "Houding verbeteren",
      "pl-PL": "Poprawa postawy", "ar-XA": "تحسين وضعية الجسم", "nb-NO": "Bedre holdning",
      "sv-SE": "Bättre hållning",
    }),
  },
  {
    key: "general-fitness",
    name: full({
      "en-US": "General Fitness", "fr-FR": "Forme générale", "de-DE": "Allgemeine Fitness",
      "es-ES": "Forma física general", "it-IT": "Forma fisica generale", "pt-PT": "Condição física geral",
      "he-IL": "כושר כללי", "ro-RO": "Condiție fizică generală", "cs-CZ": "Celková kondice",
      "fi-FI": "Yleiskunto", "lt-LT": "Bendras fizinis pasirengimas", "nl-NL": "Algemene fitheid",
      "pl-PL": "Ogólna sprawność", "ar-XA": "اللياقة العامة", "nb-NO": "Generell form",
      "sv-SE": "Allmän kondition",
    }),
  },
  {
    key: "athletic-performance",
    name: full({
      "en-US": "Athletic Performance", "fr-FR": "Performance sportive", "de-DE": "Sportliche Leistung",
      "es-ES": "Rendimiento deportivo", "it-IT": "Prestazione atletica", "pt-PT": "Desempenho desportivo",
      "he-IL": "ביצועים ספורטיביים", "ro-RO": "Performanță sportivă", "cs-CZ": "Sportovní výkon",
      "fi-FI": "Urheilullinen suorituskyky", "lt-LT": "Sportiniai rezultatai", "nl-NL": "Sportprestaties",
      "pl-PL": "Wyniki sportowe", "ar-XA": "الأداء الرياضي", "nb-NO": "Idrettsprestasjon",
      "sv-SE": "Idrottsprestation",
    }),
  },
];


// ---------------------------------------------------------------------------
// Feedback options (per organization; the seed derives ids from org + kind + key)
// ---------------------------------------------------------------------------

export const FEEDBACK_OPTIONS: FeedbackOptionsSeed = {
  rating: [
    {
      key: "poor",
      value: 1,
      label: full({
        "en-US": "Poor", "fr-FR": "Médiocre", "de-DE": "Schlecht", "es-ES": "Malo", "it-IT": "Scarso",
        "pt-PT": "Fraco", "he-IL": "גרוע", "ro-RO": "Slab", "cs-CZ": "Špatné", "fi-FI": "Huono",
        "lt-LT": "Prastai", "nl-NL": "Slecht", "pl-PL": "Słabo", "ar-XA": "ضعيف", "nb-NO": "Dårlig",
        "sv-SE": "Dålig",
      }),
    },
    {
      key: "fair",
      value: 2,
      label: full({
        "en-US": "Fair", "fr-FR": "Passable", "de-DE": "Mäßig", "es-ES": "Regular", "it-IT": "Discreto",
        "pt-PT": "Razoável", "he-IL": "סביר", "ro-RO": "Acceptabil", "cs-CZ": "Ucházející", "fi-FI": "Välttävä",
        "lt-LT": "Patenkinamai", "nl-NL": "Matig", "pl-PL": "Przeciętnie", "ar-XA": "مقبول", "nb-NO": "Middels",
        "sv-SE": "Godkänd",
      }),
    },
    {
      key: "good",
      value: 3,
      label: full({
        "en-US": "Good", "fr-FR": "Bien", "de-DE": "Gut", "es-ES": "Bueno", "it-IT": "Buono", "pt-PT": "Bom",
        "he-IL": "טוב", "ro-RO": "Bun", "cs-CZ": "Dobré", "fi-FI": "Hyvä", "lt-LT": "Gerai", "nl-NL": "Goed",
        "pl-PL": "Dobrze", "ar-XA": "جيد", "nb-NO": "Bra", "sv-SE": "Bra",
      }),
    },
    {
      key: "very-good",
      value: 4,
      label: full({
        "en-US": "Very Good", "fr-FR": "Très bien", "de-DE": "Sehr gut", "es-ES": "Muy bueno",
        "it-IT": "Molto buono", "pt-PT": "Muito bom", "he-IL": "טוב מאוד", "ro-RO": "Foarte bun",
        "cs-CZ": "Velmi dobré", "fi-FI": "Erittäin hyvä", "lt-LT": "Labai gerai", "nl-NL": "Zeer goed",
        "pl-PL": "Bardzo dobrze", "ar-XA": "جيد جدًا", "nb-NO": "Veldig bra", "sv-SE": "Mycket bra",
      }),
    },
    {
      key: "excellent",
      value: 5,
      label: full({
        "en-US": "Excellent", "fr-FR": "Excellent", "de-DE": "Ausgezeichnet", "es-ES": "Excelente",
        "it-IT": "Eccellente", "pt-PT": "Excelente", "he-IL": "מצוין", "ro-RO": "Excelent",
        "cs-CZ": "Vynikající", "fi-FI": "Erinomainen", "lt-LT": "Puikiai", "nl-NL": "Uitstekend",
        "pl-PL": "Doskonale", "ar-XA": "ممتاز", "nb-NO": "Utmerket", "sv-SE": "Utmärkt",
      }),
    },
  ],
  difficulty: [
    {
      key: "too-easy",
      value: 1,
      label: full({
        "en-US": "Too Easy", "fr-FR": "Trop facile", "de-DE": "Zu leicht", "es-ES": "Demasiado fácil",
        "it-IT": "Troppo facile", "pt-PT": "Demasiado fácil", "he-IL": "קל מדי", "ro-RO": "Prea ușor",
        "cs-CZ": "Příliš lehké", "fi-FI": "Liian helppo", "lt-LT": "Per lengva", "nl-NL": "Te makkelijk",
        "pl-PL": "Za łatwo", "ar-XA": "سهل جدًا", "nb-NO": "For lett", "sv-SE": "För lätt",
      }),
    },
    {
      key: "just-right",
      value: 2,
      label: full({
        "en-US": "Just Right", "fr-FR": "Juste ce qu'il faut", "de-DE": "Genau richtig", "es-ES": "Perfecto",
        "it-IT": "Giusto", "pt-PT": "Na medida certa", "he-IL": "בדיוק מתאים", "ro-RO": "Exact cum trebuie",
        "cs-CZ": "Akorát", "fi-FI": "Sopiva", "lt-LT": "Kaip tik", "nl-NL": "Precies goed",
        "pl-PL": "W sam raz", "ar-XA": "مناسب تمامًا", "nb-NO": "Passe", "sv-SE": "Lagom",
      }),
    },
    {
      key: "too-hard",
      value: 3,
      label: full({
        "en-US": "Too Hard", "fr-FR": "Trop difficile", "de-DE": "Zu schwer", "es-ES": "Demasiado difícil",
        "it-IT": "Troppo difficile", "pt-PT": "Demasiado difícil", "he-IL": "קשה מדי", "ro-RO": "Prea greu",
        "cs-CZ": "Příliš těžké", "fi-FI": "Liian vaikea", "lt-LT": "Per sunku", "nl-NL": "Te moeilijk",
        "pl-PL": "Za trudno", "ar-XA": "صعب جدًا", "nb-NO": "For vanskelig", "sv-SE": "För svårt",
      }),
    },
  ],
};
