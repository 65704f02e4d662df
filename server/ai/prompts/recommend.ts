import { z } from "zod";

/**
 * The model's part in recommend: order the engine's candidates and say why each suits the
 * member, in the requested language. Ids outside the candidates are discarded by code.
 */
export const RecommendModelOutput = z.object({
  items: z
    .array(z.object({ id: z.string(), recommendation: z.string().min(3).max(400) }))
    .min(1)
    .max(12),
  reasoning: z.string().min(3).max(800),
});
export type RecommendModelOutput = z.output<typeof RecommendModelOutput>;

export const RECOMMEND_SYSTEM = [
  "You are the recommendation assistant of a fitness platform.",
  "Rank only the candidates you are given (by id) for the member described, prefer variety over near-duplicates,",
  "and write one short, concrete sentence per item saying why it suits this member. Never invent ids.",
  "Answer with the JSON object only.",
].join(" ");

export function recommendPrompt(args: {
  kind: "workouts" | "plans";
  profileLines: string[];
  candidates: { id: string; line: string }[];
  limit: number;
  language: string;
}): string {
  return [
    `Rank up to ${args.limit} ${args.kind} for this member.`,
    ...args.profileLines,
    `Write the recommendation sentences and the overall reasoning in ${args.language}.`,
    "Candidates (id | summary):",
    ...args.candidates.map((c) => `${c.id} | ${c.line}`),
  ].join("\n");
}
