import { describe, expect, it } from "vitest";
import { chunksOf } from "../post-message";
import { normalize, primaryIntent, readMessage } from "./intents";

const intent = (text: string) => primaryIntent(readMessage(text));

describe("readMessage: what a member asks, in several languages", () => {
  it("normalizes case, accents, ß and apostrophes", () => {
    expect(normalize("  Ich bin MÜDE, Straße  ’s ")).toBe("ich bin mude, strasse 's");
  });

  it.each([
    ["What should I do today?", "today"],
    ["Was soll ich heute machen?", "today"],
    ["Qu'est-ce que je fais aujourd'hui ?", "today"],
    ["¿Qué hago hoy?", "today"],
    ["I'm exhausted", "tired"],
    ["Ich bin total müde", "tired"],
    ["je suis épuisée", "tired"],
    ["estoy cansada", "tired"],
    ["Estou exausto", "tired"],
    ["I have DOMS from yesterday", "tired"],
    ["Muskelkater ohne Ende", "tired"],
    ["my shoulder hurts", "pain"],
    ["tengo dolor en la rodilla", "pain"],
    ["something shorter please", "shorter"],
    ["nur 10 Minuten Zeit", "shorter"],
    ["make it harder", "harder"],
    ["that was too easy", "harder"],
    ["that was too intense", "easier"],
    ["zu schwer für mich", "easier"],
    ["start the plan", "start_plan"],
    ["Ich möchte den Plan starten", "start_plan"],
    ["quiero empezar un programa", "start_plan"],
    ["stop my plan", "end_plan"],
    ["den Plan beenden bitte", "end_plan"],
    ["How am I doing?", "progress"],
    ["Wie ist mein Fortschritt?", "progress"],
    ["how's my progress this month", "progress"],
    ["I want a core workout", "focus"],
    ["legs today!", "focus"],
    ["create a workout for me", "generate"],
    ["adapt Core Crusher for me", "adapt"],
    ["save it to my library", "assign"],
    ["yes", "affirm"],
    ["ok, do it", "affirm"],
    ["thanks!", "thanks"],
    ["Hello", "greeting"],
    ["what can you do", "greeting"],
    ["zzz qwerty", "unknown"],
  ])("%s -> %s", (text, expected) => {
    expect(intent(text)).toBe(expected);
  });

  it("reads minutes, levels and focus", () => {
    expect(readMessage("a 20 min session").minutes).toBe(20);
    expect(readMessage("give me 25-30 minutes").minutes).toBe(25);
    expect(readMessage("half an hour of cardio").minutes).toBe(30);
    expect(readMessage("eine Stunde").minutes).toBe(60);
    expect(readMessage("500 min").minutes).toBe(120);
    expect(readMessage("a quick one").minutes).toBeNull();
    expect(readMessage("something for beginners").level).toBe("beginner");
    expect(readMessage("fortgeschrittenes Training").level).toBe("advanced");
    const legs = readMessage("legs and glutes today");
    expect(legs.muscles.sort()).toEqual(["calves", "glutes", "hamstrings", "quadriceps"]);
    expect(readMessage("my lower back is stiff").muscles).toEqual(["lower-back"]);
    expect(readMessage("abs and yoga").categories.sort()).toEqual(["core", "yoga"]);
    expect(readMessage("sin saltos, bajo impacto").categories).toEqual(["low-impact"]);
  });

  it("does not mistake ordinary words for commands", () => {
    // "para" (Spanish and Portuguese "for") is no stop verb; "dos" (Spanish "two") is no back.
    expect(readMessage("un plan para perder peso").endPlan).toBe(false);
    expect(readMessage("dos semanas").muscles).toEqual([]);
    // "yes" only affirms as a short answer.
    expect(readMessage("yes, but first tell me how my week went and whether my plan is on track").affirm).toBe(false);
    // "add" alone is not an assignment (the coach checks for a named workout).
    expect(readMessage("add more core").assign).toBe(false);
    expect(readMessage("add more core").add).toBe(true);
  });

  it("lets pain and plan commands win over everything else", () => {
    expect(intent("I'm tired and my knee hurts")).toBe("pain");
    expect(intent("I'm tired, stop my plan")).toBe("end_plan");
    expect(intent("start the plan today")).toBe("start_plan");
    expect(intent("I'm tired, something short")).toBe("tired");
  });
});

describe("chunksOf", () => {
  it("splits a text into a few words per chunk, losing nothing", () => {
    const text = "Hi Alex! I can suggest today's workout, tailor one to how you feel.";
    const chunks = chunksOf(text, 3);
    expect(chunks.join("")).toBe(text);
    expect(chunks[0]).toBe("Hi Alex! I ");
    expect(chunksOf("")).toEqual([]);
  });
});
