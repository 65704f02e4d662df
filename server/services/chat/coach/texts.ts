/**
 * The deterministic coach's sentences in English, German, French, Spanish and Portuguese (the
 * languages of the members it most often talks to); other locales get English. Names, dates and
 * numbers are filled in by the caller; dates and difficulty words are localized there.
 */
import { type Locale, languageOf } from "@/server/api/locale";

export interface CoachTexts {
  hi(name: string | null): string;
  capabilities: string;
  confirmHint: string;
  lastWorkout(name: string, when: string): string;
  today: string;
  yesterday: string;
  daysAgo(n: number): string;
  noWorkoutsYet: string;
  week(n: number, minutes: number): string;
  month(n: number): string;
  streak(n: number): string;
  openSession(name: string): string;
  planLine(name: string, week: number, weeks: number, done: number, scheduled: number, pct: number): string;
  planUpcoming(name: string, date: string): string;
  planFinished(name: string, pct: number): string;
  planToday(names: string): string;
  planTodayDone(name: string): string;
  planNext(name: string, date: string): string;
  planMissed(n: number): string;
  noPlan: string;
  readiness(score: number, level: "high" | "moderate" | "low"): string;
  readinessLow: string;
  readinessHigh: string;
  focus(headline: string): string;
  tired: string;
  sore: string;
  pain: string;
  recentLoad(n: number): string;
  shorter(minutes: number): string;
  fits(name: string, minutes: number): string;
  harder: string;
  easier: string;
  feedbackHard(name: string): string;
  feedbackEasy(name: string): string;
  focusAck(focus: string): string;
  suggest(name: string, minutes: number, difficulty: string): string;
  workoutFacts(name: string, minutes: number, difficulty: string): string;
  orGenerate: string;
  planSuggest(name: string, weeks: number, days: number): string;
  planSwitch(current: string): string;
  alreadyOnPlan(name: string): string;
  endPlanOffer(name: string): string;
  noPlanToEnd: string;
  noPlansAvailable: string;
  noWorkoutFound: string;
  affirmPending(list: string): string;
  affirmNone: string;
  thanks: string;
  fallback: string;
  // Action summaries
  doAssign(name: string): string;
  doAssignMany(n: number): string;
  doStartPlan(name: string): string;
  doRestartPlan(name: string): string;
  doEndPlan(name: string): string;
  doGenerate(minutes: number, focus: string | null): string;
  doGenerateGentle(minutes: number): string;
  doAdapt(name: string): string;
  doAdaptEasier(name: string): string;
  doAdaptHarder(name: string): string;
  // Outcomes of confirmed actions
  assigned(names: string, n: number): string;
  alreadyAssigned(names: string, n: number): string;
  started(name: string, date: string): string;
  ended(name: string): string;
  generated(name: string, minutes: number, exercises: number): string;
  adapted(name: string, minutes: number): string;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const EN: CoachTexts = {
  hi: (name) => (name ? `Hi ${name}!` : "Hi!"),
  capabilities:
    "I can suggest today's workout, tailor one to how you feel, build a quick session, and start or end your plan. Nothing happens until you confirm it.",
  confirmHint: "Confirm an option below to go ahead.",
  lastWorkout: (name, when) => `Your last workout was “${name}” ${when}.`,
  today: "today",
  yesterday: "yesterday",
  daysAgo: (n) => `${n} days ago`,
  noWorkoutsYet: "I don't see any completed workouts yet, so let's get the first one in.",
  week: (n, minutes) => `You've completed ${n} ${plural(n, "workout", "workouts")} in the last 7 days (${minutes} min).`,
  month: (n) => `That's ${n} in the last 30 days.`,
  streak: (n) => `You're on a ${n}-day streak.`,
  openSession: (name) => `“${name}” is still open from earlier; you can pick it up where you left off.`,
  planLine: (name, week, weeks, done, scheduled, pct) => `Plan “${name}”: week ${week} of ${weeks}, ${done} of ${scheduled} workouts done (${pct}%).`,
  planUpcoming: (name, date) => `Your plan “${name}” starts on ${date}.`,
  planFinished: (name, pct) => `You've reached the end of “${name}” (${pct}% completed).`,
  planToday: (names) => `Today your plan has ${names}.`,
  planTodayDone: (name) => `You've already done today's plan workout “${name}”. Nice work.`,
  planNext: (name, date) => `Next in your plan: “${name}” on ${date}.`,
  planMissed: (n) => `${n} scheduled ${plural(n, "workout is", "workouts are")} still open from earlier days.`,
  noPlan: "You don't have an active plan.",
  readiness: (score, level) => `Your readiness today is ${score}/100 (${{ high: "high", moderate: "moderate", low: "low" }[level]}).`,
  readinessLow: "That points to an easier day.",
  readinessHigh: "You look well recovered: a good day to push.",
  focus: (headline) => `Today's focus from your insights: ${headline}.`,
  tired: "Thanks for telling me. On a tired day, moving gently still counts.",
  sore: "Soreness after training is normal; light movement helps it pass.",
  pain: "I'm sorry it hurts. If the pain is sharp or doesn't go away, please check with a health professional before training. For today I'd keep to gentle, low-impact mobility.",
  recentLoad: (n) => `You've trained ${n} ${plural(n, "time", "times")} in the last 3 days, so some recovery makes sense.`,
  shorter: (minutes) => `Short on time? Here's something that fits in about ${minutes} minutes.`,
  fits: (name, minutes) => `“${name}” (${minutes} min) fits.`,
  harder: "Let's turn it up.",
  easier: "Let's dial it back.",
  feedbackHard: (name) => `You rated “${name}” as too hard.`,
  feedbackEasy: (name) => `You rated “${name}” as too easy.`,
  focusAck: (focus) => `${focus} it is.`,
  suggest: (name, minutes, difficulty) => `I'd suggest “${name}” (${minutes} min, ${difficulty}).`,
  workoutFacts: (name, minutes, difficulty) => `“${name}”: ${minutes} min, ${difficulty}.`,
  orGenerate: "Or I can build a fresh workout for today.",
  planSuggest: (name, weeks, days) => `“${name}” (${weeks} weeks, ${days} days a week) looks like a good fit.`,
  planSwitch: (current) => `Starting it ends your current plan “${current}”.`,
  alreadyOnPlan: (name) => `You're already on “${name}”.`,
  endPlanOffer: (name) => `You can end “${name}” below; it stays in your library, so you can start it again later.`,
  noPlanToEnd: "You don't have an active plan to end.",
  noPlansAvailable: "Your organization has no plans you can start yet.",
  noWorkoutFound: "I couldn't find that workout in your organization's library.",
  affirmPending: (list) => `To go ahead, confirm: ${list}. I never act without your confirmation.`,
  affirmNone: "Happy to help. Tell me what you'd like: today's workout, a quick session, or your plan.",
  thanks: "You're welcome! I'm here whenever you need me.",
  fallback:
    "I'm not sure I got that. I can suggest today's workout, make a shorter or easier one, adapt a workout to how you feel, or manage your plan.",
  doAssign: (name) => `Add “${name}” to your library`,
  doAssignMany: (n) => `Add ${n} workouts to your library`,
  doStartPlan: (name) => `Start the plan “${name}” today`,
  doRestartPlan: (name) => `Restart “${name}” from today`,
  doEndPlan: (name) => `End the plan “${name}”`,
  doGenerate: (minutes, focus) => `Build a ${minutes}-minute ${focus ? `${focus} ` : ""}workout for today`,
  doGenerateGentle: (minutes) => `Build a gentle ${minutes}-minute recovery session`,
  doAdapt: (name) => `Adapt “${name}” to how you feel today`,
  doAdaptEasier: (name) => `Make “${name}” easier`,
  doAdaptHarder: (name) => `Make “${name}” more challenging`,
  assigned: (names) => `Added ${names} to your library.`,
  alreadyAssigned: (names, n) => `${names} ${n === 1 ? "was" : "were"} already in your library.`,
  started: (name, date) => `You're on “${name}” from ${date}. Let's go!`,
  ended: (name) => `“${name}” has ended; it stays in your library.`,
  generated: (name, minutes, exercises) => `Your workout “${name}” is ready: ${minutes} min, ${exercises} exercises.`,
  adapted: (name, minutes) => `“${name}” is adapted for you (${minutes} min).`,
};

const DE: CoachTexts = {
  hi: (name) => (name ? `Hallo ${name}!` : "Hallo!"),
  capabilities:
    "Ich kann dir das heutige Training vorschlagen, eines an deine Verfassung anpassen, eine kurze Einheit bauen und deinen Plan starten oder beenden. Es passiert nichts, bevor du es bestätigst.",
  confirmHint: "Bestätige unten eine Option, um loszulegen.",
  lastWorkout: (name, when) => `Dein letztes Training war „${name}“ ${when}.`,
  today: "heute",
  yesterday: "gestern",
  daysAgo: (n) => `vor ${n} Tagen`,
  noWorkoutsYet: "Ich sehe noch kein abgeschlossenes Training, also lass uns das erste angehen.",
  week: (n, minutes) => `Du hast in den letzten 7 Tagen ${n} ${plural(n, "Training", "Trainings")} abgeschlossen (${minutes} Min.).`,
  month: (n) => `In den letzten 30 Tagen waren es ${n}.`,
  streak: (n) => `Du trainierst seit ${n} Tagen am Stück.`,
  openSession: (name) => `„${name}“ ist noch offen; du kannst dort weitermachen, wo du aufgehört hast.`,
  planLine: (name, week, weeks, done, scheduled, pct) => `Plan „${name}“: Woche ${week} von ${weeks}, ${done} von ${scheduled} Trainings erledigt (${pct} %).`,
  planUpcoming: (name, date) => `Dein Plan „${name}“ beginnt am ${date}.`,
  planFinished: (name, pct) => `Du bist am Ende von „${name}“ angekommen (${pct} % erledigt).`,
  planToday: (names) => `Heute steht in deinem Plan ${names}.`,
  planTodayDone: (name) => `Das heutige Plantraining „${name}“ hast du schon erledigt. Stark!`,
  planNext: (name, date) => `Als Nächstes in deinem Plan: „${name}“ am ${date}.`,
  planMissed: (n) => `${n} ${plural(n, "geplantes Training ist", "geplante Trainings sind")} von früheren Tagen noch offen.`,
  noPlan: "Du hast gerade keinen aktiven Plan.",
  readiness: (score, level) => `Deine Bereitschaft heute liegt bei ${score}/100 (${{ high: "hoch", moderate: "mittel", low: "niedrig" }[level]}).`,
  readinessLow: "Das spricht für einen leichteren Tag.",
  readinessHigh: "Du wirkst gut erholt: ein guter Tag, um Gas zu geben.",
  focus: (headline) => `Dein heutiger Fokus laut Insights: ${headline}.`,
  tired: "Danke, dass du es mir sagst. An einem müden Tag zählt auch sanfte Bewegung.",
  sore: "Muskelkater nach dem Training ist normal; leichte Bewegung hilft, dass er schneller vergeht.",
  pain: "Tut mir leid, dass es wehtut. Wenn der Schmerz stechend ist oder nicht nachlässt, sprich bitte vor dem Training mit medizinischem Fachpersonal. Heute würde ich bei sanfter, gelenkschonender Mobilität bleiben.",
  recentLoad: (n) => `Du hast in den letzten 3 Tagen ${n}-mal trainiert, etwas Erholung ist also sinnvoll.`,
  shorter: (minutes) => `Wenig Zeit? Hier ist etwas für etwa ${minutes} Minuten.`,
  fits: (name, minutes) => `„${name}“ (${minutes} Min.) passt.`,
  harder: "Dann legen wir einen Gang zu.",
  easier: "Dann nehmen wir etwas Tempo raus.",
  feedbackHard: (name) => `Du hast „${name}“ als zu schwer bewertet.`,
  feedbackEasy: (name) => `Du hast „${name}“ als zu leicht bewertet.`,
  focusAck: (focus) => `Also ${focus}.`,
  suggest: (name, minutes, difficulty) => `Ich schlage „${name}“ vor (${minutes} Min., ${difficulty}).`,
  workoutFacts: (name, minutes, difficulty) => `„${name}“: ${minutes} Min., ${difficulty}.`,
  orGenerate: "Oder ich stelle dir ein neues Training für heute zusammen.",
  planSuggest: (name, weeks, days) => `„${name}“ (${weeks} Wochen, ${days} Tage pro Woche) passt gut zu dir.`,
  planSwitch: (current) => `Damit endet dein aktueller Plan „${current}“.`,
  alreadyOnPlan: (name) => `Du bist bereits im Plan „${name}“.`,
  endPlanOffer: (name) => `Du kannst „${name}“ unten beenden; er bleibt in deiner Bibliothek, du kannst ihn später wieder starten.`,
  noPlanToEnd: "Du hast keinen aktiven Plan, den du beenden könntest.",
  noPlansAvailable: "Deine Organisation hat noch keine Pläne, die du starten kannst.",
  noWorkoutFound: "Dieses Training habe ich in der Bibliothek deiner Organisation nicht gefunden.",
  affirmPending: (list) => `Um loszulegen, bestätige: ${list}. Ich handle nie ohne deine Bestätigung.`,
  affirmNone: "Gern! Sag mir, was du möchtest: das heutige Training, eine kurze Einheit oder deinen Plan.",
  thanks: "Gern geschehen! Ich bin da, wann immer du mich brauchst.",
  fallback:
    "Das habe ich nicht ganz verstanden. Ich kann dir das heutige Training vorschlagen, ein kürzeres oder leichteres bauen, ein Training an deine Verfassung anpassen oder deinen Plan verwalten.",
  doAssign: (name) => `„${name}“ zu deiner Bibliothek hinzufügen`,
  doAssignMany: (n) => `${n} Trainings zu deiner Bibliothek hinzufügen`,
  doStartPlan: (name) => `Den Plan „${name}“ heute starten`,
  doRestartPlan: (name) => `„${name}“ ab heute neu starten`,
  doEndPlan: (name) => `Den Plan „${name}“ beenden`,
  doGenerate: (minutes, focus) => `Ein ${minutes}-minütiges ${focus ? `${focus}-` : ""}Training für heute erstellen`,
  doGenerateGentle: (minutes) => `Eine sanfte ${minutes}-minütige Regenerationseinheit erstellen`,
  doAdapt: (name) => `„${name}“ an deine heutige Verfassung anpassen`,
  doAdaptEasier: (name) => `„${name}“ leichter machen`,
  doAdaptHarder: (name) => `„${name}“ anspruchsvoller machen`,
  assigned: (names, n) => `${names} ${n === 1 ? "ist" : "sind"} jetzt in deiner Bibliothek.`,
  alreadyAssigned: (names, n) => `${names} ${n === 1 ? "war" : "waren"} bereits in deiner Bibliothek.`,
  started: (name, date) => `Du bist ab ${date} im Plan „${name}“. Los geht's!`,
  ended: (name) => `„${name}“ ist beendet; der Plan bleibt in deiner Bibliothek.`,
  generated: (name, minutes, exercises) => `Dein Training „${name}“ ist fertig: ${minutes} Min., ${exercises} Übungen.`,
  adapted: (name, minutes) => `„${name}“ ist für dich angepasst (${minutes} Min.).`,
};

const FR: CoachTexts = {
  hi: (name) => (name ? `Bonjour ${name} !` : "Bonjour !"),
  capabilities:
    "Je peux te proposer la séance du jour, en adapter une à ta forme, créer une séance rapide, et démarrer ou arrêter ton programme. Rien ne se fait sans ta confirmation.",
  confirmHint: "Confirme une option ci-dessous pour continuer.",
  lastWorkout: (name, when) => `Ta dernière séance était « ${name} » ${when}.`,
  today: "aujourd'hui",
  yesterday: "hier",
  daysAgo: (n) => `il y a ${n} jours`,
  noWorkoutsYet: "Je ne vois pas encore de séance terminée : faisons la première ensemble.",
  week: (n, minutes) => `Tu as terminé ${n} ${plural(n, "séance", "séances")} ces 7 derniers jours (${minutes} min).`,
  month: (n) => `Soit ${n} sur les 30 derniers jours.`,
  streak: (n) => `Tu enchaînes ${n} jours d'affilée.`,
  openSession: (name) => `« ${name} » est encore en cours : tu peux reprendre là où tu t'es arrêté.`,
  planLine: (name, week, weeks, done, scheduled, pct) => `Programme « ${name} » : semaine ${week} sur ${weeks}, ${done} séances sur ${scheduled} faites (${pct} %).`,
  planUpcoming: (name, date) => `Ton programme « ${name} » commence le ${date}.`,
  planFinished: (name, pct) => `Tu es arrivé au bout de « ${name} » (${pct} % réalisé).`,
  planToday: (names) => `Aujourd'hui, ton programme prévoit ${names}.`,
  planTodayDone: (name) => `Tu as déjà fait la séance du jour « ${name} ». Bravo !`,
  planNext: (name, date) => `Prochaine séance du programme : « ${name} » le ${date}.`,
  planMissed: (n) => `${n} ${plural(n, "séance prévue reste", "séances prévues restent")} à faire des jours précédents.`,
  noPlan: "Tu n'as pas de programme actif.",
  readiness: (score, level) => `Ta forme du jour est de ${score}/100 (${{ high: "élevée", moderate: "moyenne", low: "basse" }[level]}).`,
  readinessLow: "C'est plutôt un jour pour lever le pied.",
  readinessHigh: "Tu sembles bien récupéré : un bon jour pour pousser.",
  focus: (headline) => `L'objectif du jour selon tes insights : ${headline}.`,
  tired: "Merci de me le dire. Un jour de fatigue, bouger en douceur compte aussi.",
  sore: "Les courbatures après l'effort sont normales ; un peu de mouvement léger aide à les faire passer.",
  pain: "Désolé que tu aies mal. Si la douleur est vive ou ne passe pas, consulte un professionnel de santé avant de t'entraîner. Aujourd'hui, je resterais sur de la mobilité douce et sans impact.",
  recentLoad: (n) => `Tu t'es entraîné ${n} fois ces 3 derniers jours : un peu de récupération est logique.`,
  shorter: (minutes) => `Peu de temps ? Voici de quoi t'entraîner en environ ${minutes} minutes.`,
  fits: (name, minutes) => `« ${name} » (${minutes} min) convient.`,
  harder: "On monte d'un cran.",
  easier: "On lève un peu le pied.",
  feedbackHard: (name) => `Tu as trouvé « ${name} » trop difficile.`,
  feedbackEasy: (name) => `Tu as trouvé « ${name} » trop facile.`,
  focusAck: (focus) => `Va pour ${focus}.`,
  suggest: (name, minutes, difficulty) => `Je te propose « ${name} » (${minutes} min, ${difficulty}).`,
  workoutFacts: (name, minutes, difficulty) => `« ${name} » : ${minutes} min, ${difficulty}.`,
  orGenerate: "Ou je peux te créer une nouvelle séance pour aujourd'hui.",
  planSuggest: (name, weeks, days) => `« ${name} » (${weeks} semaines, ${days} jours par semaine) te correspond bien.`,
  planSwitch: (current) => `Le démarrer arrêtera ton programme actuel « ${current} ».`,
  alreadyOnPlan: (name) => `Tu suis déjà « ${name} ».`,
  endPlanOffer: (name) => `Tu peux arrêter « ${name} » ci-dessous ; il reste dans ta bibliothèque et tu pourras le reprendre plus tard.`,
  noPlanToEnd: "Tu n'as pas de programme actif à arrêter.",
  noPlansAvailable: "Ton organisation n'a pas encore de programme que tu puisses démarrer.",
  noWorkoutFound: "Je n'ai pas trouvé cette séance dans la bibliothèque de ton organisation.",
  affirmPending: (list) => `Pour continuer, confirme : ${list}. Je n'agis jamais sans ta confirmation.`,
  affirmNone: "Avec plaisir. Dis-moi ce que tu veux : la séance du jour, une séance rapide ou ton programme.",
  thanks: "Avec plaisir ! Je suis là quand tu veux.",
  fallback:
    "Je ne suis pas sûr d'avoir compris. Je peux te proposer la séance du jour, en faire une plus courte ou plus facile, adapter une séance à ta forme ou gérer ton programme.",
  doAssign: (name) => `Ajouter « ${name} » à ta bibliothèque`,
  doAssignMany: (n) => `Ajouter ${n} séances à ta bibliothèque`,
  doStartPlan: (name) => `Démarrer le programme « ${name} » aujourd'hui`,
  doRestartPlan: (name) => `Recommencer « ${name} » à partir d'aujourd'hui`,
  doEndPlan: (name) => `Arrêter le programme « ${name} »`,
  doGenerate: (minutes, focus) => `Créer une séance ${focus ? `${focus} ` : ""}de ${minutes} minutes pour aujourd'hui`,
  doGenerateGentle: (minutes) => `Créer une séance de récupération douce de ${minutes} minutes`,
  doAdapt: (name) => `Adapter « ${name} » à ta forme du jour`,
  doAdaptEasier: (name) => `Rendre « ${name} » plus facile`,
  doAdaptHarder: (name) => `Rendre « ${name} » plus exigeante`,
  assigned: (names, n) => `${names} ${n === 1 ? "est maintenant" : "sont maintenant"} dans ta bibliothèque.`,
  alreadyAssigned: (names, n) => `${names} ${n === 1 ? "était" : "étaient"} déjà dans ta bibliothèque.`,
  started: (name, date) => `Tu suis « ${name} » à partir du ${date}. C'est parti !`,
  ended: (name) => `« ${name} » est terminé ; il reste dans ta bibliothèque.`,
  generated: (name, minutes, exercises) => `Ta séance « ${name} » est prête : ${minutes} min, ${exercises} exercices.`,
  adapted: (name, minutes) => `« ${name} » est adaptée pour toi (${minutes} min).`,
};

const ES: CoachTexts = {
  hi: (name) => (name ? `¡Hola, ${name}!` : "¡Hola!"),
  capabilities:
    "Puedo sugerirte el entrenamiento de hoy, adaptar uno a cómo te sientes, crear una sesión rápida y empezar o terminar tu plan. No pasa nada hasta que lo confirmes.",
  confirmHint: "Confirma una opción abajo para continuar.",
  lastWorkout: (name, when) => `Tu último entrenamiento fue «${name}» ${when}.`,
  today: "hoy",
  yesterday: "ayer",
  daysAgo: (n) => `hace ${n} días`,
  noWorkoutsYet: "Todavía no veo entrenamientos completados, así que vamos a por el primero.",
  week: (n, minutes) => `Has completado ${n} ${plural(n, "entrenamiento", "entrenamientos")} en los últimos 7 días (${minutes} min).`,
  month: (n) => `Son ${n} en los últimos 30 días.`,
  streak: (n) => `Llevas una racha de ${n} días.`,
  openSession: (name) => `«${name}» sigue abierto; puedes retomarlo donde lo dejaste.`,
  planLine: (name, week, weeks, done, scheduled, pct) => `Plan «${name}»: semana ${week} de ${weeks}, ${done} de ${scheduled} entrenamientos hechos (${pct} %).`,
  planUpcoming: (name, date) => `Tu plan «${name}» empieza el ${date}.`,
  planFinished: (name, pct) => `Has llegado al final de «${name}» (${pct} % completado).`,
  planToday: (names) => `Hoy tu plan tiene ${names}.`,
  planTodayDone: (name) => `Ya hiciste el entrenamiento de hoy, «${name}». ¡Bien hecho!`,
  planNext: (name, date) => `Lo siguiente en tu plan: «${name}» el ${date}.`,
  planMissed: (n) => `${n} ${plural(n, "entrenamiento programado sigue", "entrenamientos programados siguen")} pendientes de días anteriores.`,
  noPlan: "No tienes un plan activo.",
  readiness: (score, level) => `Tu disposición hoy es ${score}/100 (${{ high: "alta", moderate: "moderada", low: "baja" }[level]}).`,
  readinessLow: "Eso apunta a un día más suave.",
  readinessHigh: "Pareces bien recuperado: buen día para apretar.",
  focus: (headline) => `El enfoque de hoy según tus datos: ${headline}.`,
  tired: "Gracias por contármelo. En un día de cansancio, moverse con suavidad también cuenta.",
  sore: "Las agujetas después de entrenar son normales; el movimiento ligero ayuda a que pasen.",
  pain: "Siento que te duela. Si el dolor es agudo o no se va, consulta a un profesional de la salud antes de entrenar. Hoy me quedaría con movilidad suave y de bajo impacto.",
  recentLoad: (n) => `Has entrenado ${n} ${plural(n, "vez", "veces")} en los últimos 3 días, así que algo de recuperación tiene sentido.`,
  shorter: (minutes) => `¿Poco tiempo? Aquí tienes algo para unos ${minutes} minutos.`,
  fits: (name, minutes) => `«${name}» (${minutes} min) encaja.`,
  harder: "Subamos la intensidad.",
  easier: "Bajemos un poco el ritmo.",
  feedbackHard: (name) => `Valoraste «${name}» como demasiado difícil.`,
  feedbackEasy: (name) => `Valoraste «${name}» como demasiado fácil.`,
  focusAck: (focus) => `Vamos con ${focus}.`,
  suggest: (name, minutes, difficulty) => `Te sugiero «${name}» (${minutes} min, ${difficulty}).`,
  workoutFacts: (name, minutes, difficulty) => `«${name}»: ${minutes} min, ${difficulty}.`,
  orGenerate: "O puedo crearte un entrenamiento nuevo para hoy.",
  planSuggest: (name, weeks, days) => `«${name}» (${weeks} semanas, ${days} días por semana) encaja bien contigo.`,
  planSwitch: (current) => `Empezarlo termina tu plan actual «${current}».`,
  alreadyOnPlan: (name) => `Ya estás en «${name}».`,
  endPlanOffer: (name) => `Puedes terminar «${name}» abajo; se queda en tu biblioteca para retomarlo más adelante.`,
  noPlanToEnd: "No tienes un plan activo que terminar.",
  noPlansAvailable: "Tu organización aún no tiene planes que puedas empezar.",
  noWorkoutFound: "No encontré ese entrenamiento en la biblioteca de tu organización.",
  affirmPending: (list) => `Para continuar, confirma: ${list}. Nunca actúo sin tu confirmación.`,
  affirmNone: "Encantado de ayudar. Dime qué quieres: el entrenamiento de hoy, una sesión rápida o tu plan.",
  thanks: "¡De nada! Aquí estoy cuando me necesites.",
  fallback:
    "No estoy seguro de haberlo entendido. Puedo sugerirte el entrenamiento de hoy, hacer uno más corto o más fácil, adaptar un entrenamiento a cómo te sientes o gestionar tu plan.",
  doAssign: (name) => `Añadir «${name}» a tu biblioteca`,
  doAssignMany: (n) => `Añadir ${n} entrenamientos a tu biblioteca`,
  doStartPlan: (name) => `Empezar el plan «${name}» hoy`,
  doRestartPlan: (name) => `Reiniciar «${name}» desde hoy`,
  doEndPlan: (name) => `Terminar el plan «${name}»`,
  doGenerate: (minutes, focus) => `Crear un entrenamiento ${focus ? `de ${focus} ` : ""}de ${minutes} minutos para hoy`,
  doGenerateGentle: (minutes) => `Crear una sesión suave de recuperación de ${minutes} minutos`,
  doAdapt: (name) => `Adaptar «${name}» a cómo te sientes hoy`,
  doAdaptEasier: (name) => `Hacer «${name}» más fácil`,
  doAdaptHarder: (name) => `Hacer «${name}» más exigente`,
  assigned: (names, n) => `${names} ya ${n === 1 ? "está" : "están"} en tu biblioteca.`,
  alreadyAssigned: (names, n) => `${names} ya ${n === 1 ? "estaba" : "estaban"} en tu biblioteca.`,
  started: (name, date) => `Estás en «${name}» desde el ${date}. ¡Vamos!`,
  ended: (name) => `«${name}» ha terminado; se queda en tu biblioteca.`,
  generated: (name, minutes, exercises) => `Tu entrenamiento «${name}» está listo: ${minutes} min, ${exercises} ejercicios.`,
  adapted: (name, minutes) => `«${name}» está adaptado para ti (${minutes} min).`,
};

const PT: CoachTexts = {
  hi: (name) => (name ? `Olá, ${name}!` : "Olá!"),
  capabilities:
    "Posso sugerir o treino de hoje, adaptar um ao teu estado, criar uma sessão rápida e iniciar ou terminar o teu plano. Nada acontece sem a tua confirmação.",
  confirmHint: "Confirma uma opção abaixo para avançar.",
  lastWorkout: (name, when) => `O teu último treino foi “${name}” ${when}.`,
  today: "hoje",
  yesterday: "ontem",
  daysAgo: (n) => `há ${n} dias`,
  noWorkoutsYet: "Ainda não vejo treinos concluídos, por isso vamos ao primeiro.",
  week: (n, minutes) => `Concluíste ${n} ${plural(n, "treino", "treinos")} nos últimos 7 dias (${minutes} min).`,
  month: (n) => `São ${n} nos últimos 30 dias.`,
  streak: (n) => `Estás numa sequência de ${n} dias.`,
  openSession: (name) => `“${name}” ainda está em aberto; podes continuar onde paraste.`,
  planLine: (name, week, weeks, done, scheduled, pct) => `Plano “${name}”: semana ${week} de ${weeks}, ${done} de ${scheduled} treinos feitos (${pct}%).`,
  planUpcoming: (name, date) => `O teu plano “${name}” começa a ${date}.`,
  planFinished: (name, pct) => `Chegaste ao fim de “${name}” (${pct}% concluído).`,
  planToday: (names) => `Hoje o teu plano tem ${names}.`,
  planTodayDone: (name) => `Já fizeste o treino de hoje do plano, “${name}”. Muito bem!`,
  planNext: (name, date) => `A seguir no teu plano: “${name}” a ${date}.`,
  planMissed: (n) => `${n} ${plural(n, "treino agendado continua", "treinos agendados continuam")} por fazer de dias anteriores.`,
  noPlan: "Não tens um plano ativo.",
  readiness: (score, level) => `A tua prontidão hoje é ${score}/100 (${{ high: "alta", moderate: "moderada", low: "baixa" }[level]}).`,
  readinessLow: "Isso aponta para um dia mais leve.",
  readinessHigh: "Pareces bem recuperado: um bom dia para puxar.",
  focus: (headline) => `O foco de hoje segundo os teus dados: ${headline}.`,
  tired: "Obrigado por me dizeres. Num dia de cansaço, mexer-se com calma também conta.",
  sore: "Dores musculares depois do treino são normais; movimento leve ajuda a passarem.",
  pain: "Lamento que doa. Se a dor for aguda ou não passar, fala com um profissional de saúde antes de treinar. Hoje ficava-me por mobilidade suave e de baixo impacto.",
  recentLoad: (n) => `Treinaste ${n} ${plural(n, "vez", "vezes")} nos últimos 3 dias, por isso faz sentido recuperar um pouco.`,
  shorter: (minutes) => `Pouco tempo? Aqui está algo para cerca de ${minutes} minutos.`,
  fits: (name, minutes) => `“${name}” (${minutes} min) encaixa.`,
  harder: "Vamos subir a intensidade.",
  easier: "Vamos abrandar um pouco.",
  feedbackHard: (name) => `Avaliaste “${name}” como demasiado difícil.`,
  feedbackEasy: (name) => `Avaliaste “${name}” como demasiado fácil.`,
  focusAck: (focus) => `Então, ${focus}.`,
  suggest: (name, minutes, difficulty) => `Sugiro “${name}” (${minutes} min, ${difficulty}).`,
  workoutFacts: (name, minutes, difficulty) => `“${name}”: ${minutes} min, ${difficulty}.`,
  orGenerate: "Ou posso criar-te um treino novo para hoje.",
  planSuggest: (name, weeks, days) => `“${name}” (${weeks} semanas, ${days} dias por semana) parece-me uma boa opção.`,
  planSwitch: (current) => `Iniciá-lo termina o teu plano atual “${current}”.`,
  alreadyOnPlan: (name) => `Já estás no plano “${name}”.`,
  endPlanOffer: (name) => `Podes terminar “${name}” abaixo; fica na tua biblioteca para o retomares mais tarde.`,
  noPlanToEnd: "Não tens um plano ativo para terminar.",
  noPlansAvailable: "A tua organização ainda não tem planos que possas iniciar.",
  noWorkoutFound: "Não encontrei esse treino na biblioteca da tua organização.",
  affirmPending: (list) => `Para avançar, confirma: ${list}. Nunca ajo sem a tua confirmação.`,
  affirmNone: "Com todo o gosto. Diz-me o que queres: o treino de hoje, uma sessão rápida ou o teu plano.",
  thanks: "De nada! Estou aqui sempre que precisares.",
  fallback:
    "Não tenho a certeza de ter percebido. Posso sugerir o treino de hoje, fazer um mais curto ou mais fácil, adaptar um treino ao teu estado ou gerir o teu plano.",
  doAssign: (name) => `Adicionar “${name}” à tua biblioteca`,
  doAssignMany: (n) => `Adicionar ${n} treinos à tua biblioteca`,
  doStartPlan: (name) => `Iniciar o plano “${name}” hoje`,
  doRestartPlan: (name) => `Recomeçar “${name}” a partir de hoje`,
  doEndPlan: (name) => `Terminar o plano “${name}”`,
  doGenerate: (minutes, focus) => `Criar um treino ${focus ? `de ${focus} ` : ""}de ${minutes} minutos para hoje`,
  doGenerateGentle: (minutes) => `Criar uma sessão suave de recuperação de ${minutes} minutos`,
  doAdapt: (name) => `Adaptar “${name}” ao teu estado de hoje`,
  doAdaptEasier: (name) => `Tornar “${name}” mais fácil`,
  doAdaptHarder: (name) => `Tornar “${name}” mais exigente`,
  assigned: (names, n) => `${names} já ${n === 1 ? "está" : "estão"} na tua biblioteca.`,
  alreadyAssigned: (names, n) => `${names} já ${n === 1 ? "estava" : "estavam"} na tua biblioteca.`,
  started: (name, date) => `Estás no plano “${name}” a partir de ${date}. Vamos a isso!`,
  ended: (name) => `“${name}” terminou; fica na tua biblioteca.`,
  generated: (name, minutes, exercises) => `O teu treino “${name}” está pronto: ${minutes} min, ${exercises} exercícios.`,
  adapted: (name, minutes) => `“${name}” está adaptado para ti (${minutes} min).`,
};

const BY_LANGUAGE: Record<string, CoachTexts> = { en: EN, de: DE, fr: FR, es: ES, pt: PT };

export function coachTexts(locale: Locale): CoachTexts {
  return BY_LANGUAGE[languageOf(locale)] ?? EN;
}

/** The quotes each language puts around a name in a list. */
export function quoteNames(names: string[], locale: Locale): string {
  const lang = languageOf(locale);
  const q = lang === "de" ? (n: string) => `„${n}“` : lang === "fr" ? (n: string) => `« ${n} »` : lang === "es" ? (n: string) => `«${n}»` : (n: string) => `“${n}”`;
  return names.map(q).join(", ");
}

/** A YYYY-MM-DD day as the locale writes it ("Tue, May 5"). */
export function formatDay(day: string, locale: Locale): string {
  try {
    return new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
  } catch {
    return day;
  }
}
