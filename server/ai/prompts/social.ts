import { z } from "zod";

/**
 * The model's parts in social drops: writing a drop's copy pack in one language, and picking the
 * next drop an automation posts from ranked candidates. Lengths are bounded here; each channel
 * preset's own limits are applied by code on export.
 */
export const CopyPackModelOutput = z.object({
  hook: z.string().min(3).max(150),
  caption: z.string().min(10).max(700),
  hashtags: z.array(z.string().min(2).max(40)).min(1).max(12),
  cta: z.string().min(2).max(80),
  posterTagline: z.object({ primaryLine: z.string().min(1).max(40), secondaryLine: z.string().min(1).max(40) }),
});
export type CopyPackModelOutput = z.output<typeof CopyPackModelOutput>;

export const COPY_PACK_SYSTEM = [
  "You write social media copy for short fitness videos cut from a trainer's content.",
  "Write natively in the requested language, in the friendly second person that fitness creators use.",
  "Use only the facts given; never invent numbers, results or medical claims. No emojis.",
  "hook: one short line that stops the scroll. caption: two or three sentences. cta: a short call to action.",
  "hashtags: single words without '#', most relevant first. posterTagline: two short lines for the cover.",
  "Answer with the JSON object only.",
].join(" ");

export function copyPackPrompt(args: { language: string; locale: string; facts: string[] }): string {
  return [`Write the copy pack in ${args.language} (${args.locale}).`, "Facts:", ...args.facts.map((f) => `- ${f}`)].join("\n");
}

export const DropPickModelOutput = z.object({
  dropId: z.string(),
  reason: z.string().min(3).max(300),
});
export type DropPickModelOutput = z.output<typeof DropPickModelOutput>;

export const DROP_PICK_SYSTEM = [
  "You choose the next short fitness video a studio posts to social media.",
  "Pick exactly one candidate by id. Weigh the workspace signals you are given, prefer what members engage with,",
  "avoid repeating what was posted recently, and keep the feed varied. Never invent ids. Answer with the JSON object only.",
].join(" ");

export function dropPickPrompt(args: { mode: "ai_pick" | "ai_insights"; signals: string[]; candidates: { id: string; line: string }[] }): string {
  return [
    args.mode === "ai_insights"
      ? "Pick the drop that best answers what the members' insights show they need now."
      : "Pick the drop most likely to engage this studio's audience now.",
    "Workspace signals:",
    ...args.signals.map((s) => `- ${s}`),
    "Candidates (id | summary | deterministic score):",
    ...args.candidates.map((c) => `${c.id} | ${c.line}`),
  ].join("\n");
}
