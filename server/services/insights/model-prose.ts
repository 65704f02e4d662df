import { z } from "zod";
import { callModel } from "@/server/ai/model-call";
import { getLanguageModel } from "@/server/ai/providers/model";
import type { Digest } from "./build-digest";
import { PILLAR_TYPES } from "./scoring";

/**
 * With a language model configured, the digest's sentences may be rephrased by it; the numbers
 * may not. Each rewritten text is kept only when every number in it already appears in the
 * template text it replaces (so a model can drop a figure but never add, change or compute
 * one); otherwise that text stays as the template wrote it. Any model failure keeps the whole
 * template prose. Scores, evidence, highlights and every other field are never sent back.
 */
const ProseRewrite = z.object({
  summary: z.string().min(1).max(600),
  focusMessage: z.string().min(1).max(600),
  shareText: z.string().min(1).max(280),
  pillars: z.array(z.object({ pillarType: z.enum(PILLAR_TYPES), summary: z.string().min(1).max(500) })).max(5),
});

const SYSTEM = [
  "You rewrite the sentences of a member's daily fitness digest, read first thing in the morning.",
  "Keep each text's meaning and advice; make it warm, concrete and brief; write in English.",
  "Use only numbers that appear in the text you rewrite, written the same way (12,000 stays 12,000). Never add, round, change or compute a number.",
  "No medical diagnoses. Answer with the same fields you were given.",
].join(" ");

/** The numbers of a text, thousands separators removed (`12,000` -> `12000`). */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,(?=\d{3}\b)/g, "").replace(/,$/, ""));
}

/** True when the rewrite brings no number the original lacks. */
export function keepsNumbers(original: string, rewrite: string): boolean {
  const allowed = new Set(numbersIn(original));
  return numbersIn(rewrite).every((n) => allowed.has(n));
}

export async function withModelProse(digest: Digest): Promise<Digest> {
  const configured = getLanguageModel();
  if (!configured) return digest;
  const original = {
    summary: digest.summary,
    focusMessage: digest.todaysFocus.message,
    shareText: digest.shareText,
    pillars: digest.pillars.map((p) => ({ pillarType: p.pillarType, summary: p.summary })),
  };
  const result = await callModel(configured, {
    name: "insights_digest_prose",
    schema: ProseRewrite,
    system: SYSTEM,
    prompt: `Rewrite these texts:\n${JSON.stringify(original, null, 2)}`,
    timeoutMs: 10_000,
  });
  if (!result.ok) return digest;
  const rewrite = result.value;
  let changed = false;
  const pick = (from: string, to: string | undefined) => {
    if (to === undefined || to === from || !keepsNumbers(from, to)) return from;
    changed = true;
    return to;
  };
  const next: Digest = {
    ...digest,
    summary: pick(digest.summary, rewrite.summary),
    todaysFocus: { ...digest.todaysFocus, message: pick(digest.todaysFocus.message, rewrite.focusMessage) },
    shareText: pick(digest.shareText, rewrite.shareText),
    pillars: digest.pillars.map((p) => ({ ...p, summary: pick(p.summary, rewrite.pillars.find((r) => r.pillarType === p.pillarType)?.summary) })),
  };
  return changed ? { ...next, proseSource: "model" } : digest;
}
