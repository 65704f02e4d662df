import type { StoredCopyPack } from "@/db/schema";
import { pickText, type Locale } from "@/server/core/locale";
import { callModel } from "@/server/ai/model-call";
import { COPY_PACK_SYSTEM, CopyPackModelOutput, copyPackPrompt } from "@/server/ai/prompts/social";
import { getLanguageModel } from "@/server/ai/providers/model";
import { writeTemplateCopyPack } from "./copy-writer";
import { normalizeHashtag } from "./presets";
import type { DropSourceFacts } from "./resolve-source";

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  it: "Italian",
  pt: "European Portuguese",
  he: "Hebrew",
  ro: "Romanian",
  cs: "Czech",
  fi: "Finnish",
  lt: "Lithuanian",
  nl: "Dutch",
  pl: "Polish",
  ar: "Arabic",
  nb: "Norwegian Bokmål",
  sv: "Swedish",
};

/** The facts a model gets, in the target locale's words where translations exist. */
function factLines(facts: DropSourceFacts, locale: Locale): string[] {
  const lines = [`Source: ${facts.sourceType} named "${pickText(facts.name, locale)}"`];
  if (facts.muscles.length) lines.push(`Muscle groups: ${facts.muscles.map((m) => pickText(m.name, locale)).join(", ")}`);
  if (facts.categories.length) lines.push(`Categories: ${facts.categories.map((c) => pickText(c.name, locale)).join(", ")}`);
  if (facts.sourceType === "workoutCollection") lines.push(`Plan: ${facts.weeks ?? 1} weeks, ${facts.workoutCount ?? 0} workouts`);
  else lines.push(`Exercises: ${facts.exerciseCount}; length: about ${Math.max(1, Math.round(facts.durationSeconds / 60))} minutes`);
  if (facts.difficulty) lines.push(`Level: ${facts.difficulty}`);
  lines.push(facts.needsEquipment ? "Needs equipment" : "No equipment needed");
  return lines;
}

/**
 * A drop's copy in one locale: written by the configured model (structured output) when there is
 * one, by the deterministic writer otherwise or when the model fails. Hashtags are normalized
 * either way.
 */
export async function writeCopyPack(facts: DropSourceFacts, locale: Locale): Promise<StoredCopyPack> {
  const configured = getLanguageModel();
  if (configured) {
    const language = LANGUAGE_NAMES[locale.split("-")[0]!] ?? "English";
    const result = await callModel(configured, {
      name: "drop_copy_pack",
      schema: CopyPackModelOutput,
      system: COPY_PACK_SYSTEM,
      prompt: copyPackPrompt({ language, locale, facts: factLines(facts, locale) }),
    });
    if (result.ok) {
      const hashtags = [...new Set(result.value.hashtags.map(normalizeHashtag).filter((t) => t.length >= 2))];
      if (hashtags.length) return { writer: "ai", writtenIn: locale, copyPack: { ...result.value, hashtags } };
    }
  }
  const { copyPack, writtenIn } = writeTemplateCopyPack(facts, locale);
  return { writer: "template", writtenIn, copyPack };
}
