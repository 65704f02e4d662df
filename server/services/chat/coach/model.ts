/**
 * The coach with a language model: the same member context as the deterministic coach, written
 * into the system prompt with the ids the model may use, and the same five actions offered as
 * tools without `execute` (a tool call is a proposal, never an execution). The reply streams
 * through `onDelta`; tool calls become proposals that groundProposals checks like any other.
 * Any failure (error, timeout, an empty answer) throws, and the caller falls back to the
 * deterministic coach. `content` may be empty when the model only called tools.
 */
import { type ModelMessage, streamText, tool } from "ai";
import { z } from "zod";
import type { MessageRow } from "@/db/queries/chat";
import { MODEL_TIME_BUDGET_MS } from "@/server/ai/model-call";
import type { ConfiguredModel } from "@/server/ai/providers/model";
import { pickText } from "@/server/api/locale";
import type { Proposal } from "../actions";
import type { CoachContext } from "../member-context";
import { coachTexts } from "./texts";

const Hex = z.string().regex(/^[0-9a-fA-F]{24}$/);
const Summary = z.string().min(1).max(200).optional().describe("One short line shown on the confirm button, in the member's language.");

/** The tools the model may call; each becomes a proposed action of the same name. */
export const COACH_TOOLS = {
  assign_workout: tool({
    description: "Propose adding workouts (ids from the lists) to the member's library.",
    inputSchema: z.object({ workoutIds: z.array(Hex).min(1).max(10), summary: Summary }),
  }),
  start_plan: tool({
    description: "Propose starting a plan (id from the startable plans); it replaces the active plan.",
    inputSchema: z.object({ planId: Hex, startDate: z.iso.date().optional().describe("YYYY-MM-DD, default today"), summary: Summary }),
  }),
  end_plan: tool({
    description: "Propose ending the member's active plan.",
    inputSchema: z.object({ planId: Hex, summary: Summary }),
  }),
  generate_workout: tool({
    description: "Propose generating a fresh workout for today.",
    inputSchema: z.object({
      minutes: z.number().int().min(5).max(120),
      level: z.enum(["beginner", "intermediate", "advanced"]).optional(),
      categoryId: Hex.optional().describe("A category id from the list"),
      muscleGroupIds: z.array(Hex).max(10).optional(),
      requirements: z.string().max(500).optional().describe("English guidance for the workout engine, e.g. 'gentle, low impact'"),
      summary: Summary,
    }),
  }),
  adapt_workout: tool({
    description: "Propose adapting one of the organization's workouts (id from the lists) to how the member feels.",
    inputSchema: z.object({ workoutId: Hex, guidance: z.string().min(1).max(500).describe("English guidance, e.g. 'easier, lower intensity'"), summary: Summary }),
  }),
};

type ToolName = keyof typeof COACH_TOOLS;

export interface ModelReply {
  content: string;
  proposals: Proposal[];
}

/** The member's facts as prompt lines, with the ids the tools may use. */
export async function contextLines(ctx: CoachContext): Promise<string[]> {
  const [st, plan, digest, library, recommended, plans, ref, feedback] = await Promise.all([
    ctx.sessions(),
    ctx.plan(),
    ctx.digest(),
    ctx.library(),
    ctx.recommended(),
    ctx.plans(),
    ctx.ref(),
    ctx.feedback(),
  ]);
  const lines = [
    `Member: ${ctx.member.name ?? "unnamed"}; today is ${ctx.today} (${ctx.member.timeZone}); usual level ${feedback.targetLevel}.`,
    `Sessions: ${st.completed7} completed in the last 7 days (${st.minutes7} min), ${st.completed30} in 30 days, streak ${st.streakDays} days.`,
    ...st.recent.slice(0, 8).map((s) => `- ${s.day} ${s.completed ? "completed" : "started"} ${s.workoutId} | ${s.name} | ${s.minutes} min`),
  ];
  if (plan) {
    lines.push(
      `Active plan ${plan.planId} | ${plan.name} | ${plan.status}, week ${plan.currentWeek ?? "-"} of ${plan.totalWeeks}, ${plan.completed}/${plan.scheduled} done (${plan.percentage}%), ${plan.missed} missed.`,
      ...plan.todayPending.map((x) => `- scheduled today: ${x.workoutId} | ${x.name}`),
      ...(plan.next ? [`- next: ${plan.next.date} ${plan.next.workoutId} | ${plan.next.name}`] : []),
    );
  } else lines.push("No active plan.");
  if (digest) {
    lines.push(`Insights digest (${digest.variant}): ${digest.summary}`);
    if (digest.readiness) lines.push(`Readiness ${digest.readiness.score}/100 (${digest.readiness.level}).`);
    lines.push(`Today's focus: ${digest.todaysFocus.headline}. ${digest.todaysFocus.message}`);
  }
  lines.push("Library workouts (id | name | minutes | difficulty):", ...library.slice(0, 15).map((w) => `${w.id} | ${w.name} | ${w.minutes} | ${w.difficulty}`));
  lines.push(
    "Recommended organization workouts (id | name | minutes | difficulty | why):",
    ...recommended.map((w) => `${w.id} | ${w.name} | ${w.minutes} | ${w.difficulty} | ${w.reason ?? ""}`),
  );
  lines.push("Startable plans (id | name | weeks | days per week | difficulty):", ...plans.slice(0, 10).map((p) => `${p.id} | ${p.name} | ${p.weeks} | ${p.daysPerWeek} | ${p.difficulty}`));
  lines.push("Categories (id | name):", ...[...ref.categoryById.values()].map((c) => `${c.id} | ${pickText(c.name)}`));
  return lines;
}

export function coachSystemPrompt(ctx: CoachContext, facts: string[]): string {
  return [
    "You are a friendly, concise fitness coach inside a training app.",
    `Answer in the member's language (${ctx.locale}), in at most 120 words, grounded only in the facts below.`,
    "To act, call the tools: each call is shown to the member as a proposal they must confirm. Never claim an action is done. Use only ids that appear below.",
    "Offer one or two proposals when they help (today's workout, a shorter or gentler session, adapting a workout, starting or ending a plan).",
    "No medical diagnoses; when the member reports pain, suggest rest or gentle mobility and a health professional.",
    "",
    ...facts,
  ].join("\n");
}

/** Names of the workouts and plans the prompt listed, for summaries the model left out. */
async function knownNames(ctx: CoachContext): Promise<Map<string, string>> {
  const [st, plan, library, recommended, plans] = await Promise.all([ctx.sessions(), ctx.plan(), ctx.library(), ctx.recommended(), ctx.plans()]);
  const names = new Map<string, string>();
  for (const x of [...st.recent.map((s) => ({ id: s.workoutId, name: s.name })), ...library, ...recommended, ...plans]) names.set(x.id, x.name);
  if (plan) {
    names.set(plan.planId, plan.name);
    for (const slot of [...plan.todayPending, ...(plan.next ? [plan.next] : [])]) names.set(slot.workoutId, slot.name);
  }
  return names;
}

/** Tool input -> the public operation's body for the member. */
function toProposal(ctx: CoachContext, names: Map<string, string>, name: ToolName, input: Record<string, unknown>): Proposal {
  const t = coachTexts(ctx.locale);
  const summary = typeof input.summary === "string" && input.summary.trim() ? input.summary.trim() : null;
  const nameOf = (id: unknown) => names.get(String(id).toLowerCase()) ?? String(id);
  switch (name) {
    case "assign_workout": {
      const ids = input.workoutIds as string[];
      return {
        type: name,
        params: { workoutIds: ids.map((id) => id.toLowerCase()), sendAssignmentEmail: false, sendAssignmentPush: false },
        summary: summary ?? (ids.length === 1 ? t.doAssign(nameOf(ids[0])) : t.doAssignMany(ids.length)),
      };
    }
    case "start_plan":
      return { type: name, params: { planId: String(input.planId).toLowerCase(), ...(input.startDate ? { startDate: input.startDate } : {}) }, summary: summary ?? t.doStartPlan(nameOf(input.planId)) };
    case "end_plan":
      return { type: name, params: { planId: String(input.planId).toLowerCase() }, summary: summary ?? t.doEndPlan(nameOf(input.planId)) };
    case "generate_workout": {
      const minutes = input.minutes as number;
      return {
        type: name,
        params: {
          exerciseSources: ["team_exercises", "free_stock", "premium_stock"],
          durationOptions: { minMinutes: Math.max(5, minutes - 5), maxMinutes: minutes },
          ...(input.categoryId ? { categoryId: input.categoryId } : {}),
          ...((input.muscleGroupIds as string[] | undefined)?.length ? { muscleGroupIds: input.muscleGroupIds } : {}),
          ...(input.level ? { endUserProfileDetails: { fitnessLevels: [input.level] } } : {}),
          ...(input.requirements ? { userRequirements: input.requirements } : {}),
          locale: ctx.locale,
        },
        summary: summary ?? t.doGenerate(minutes, null),
      };
    }
    case "adapt_workout":
      return {
        type: name,
        params: { workoutId: input.workoutId, endUserProfileId: ctx.member.id, userGuidance: input.guidance, locale: ctx.locale },
        summary: summary ?? t.doAdapt(nameOf(input.workoutId)),
      };
  }
}

/** One model turn: streamed text and tool-call proposals (ungrounded). Throws on any failure. */
export async function modelReply(
  ctx: CoachContext,
  configured: ConfiguredModel,
  args: { text: string; history: MessageRow[]; onDelta?: (text: string) => void; timeoutMs?: number },
): Promise<ModelReply> {
  const [facts, names] = await Promise.all([contextLines(ctx), knownNames(ctx)]);
  const system = coachSystemPrompt(ctx, facts);
  const messages: ModelMessage[] = [
    ...args.history.map((m): ModelMessage => (m.role === "user" ? { role: "user", content: m.content } : { role: "assistant", content: m.content })),
    { role: "user", content: args.text },
  ];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("model timed out")), args.timeoutMs ?? MODEL_TIME_BUDGET_MS);
  try {
    const result = streamText({
      model: configured.model,
      system,
      messages,
      tools: COACH_TOOLS,
      toolChoice: "auto",
      maxRetries: 0,
      temperature: 0.4,
      abortSignal: controller.signal,
      onError: () => {},
    });
    let content = "";
    const proposals: Proposal[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        content += part.text;
        args.onDelta?.(part.text);
      } else if (part.type === "tool-call") {
        if ("invalid" in part && part.invalid) continue;
        if (part.toolName in COACH_TOOLS) proposals.push(toProposal(ctx, names, part.toolName as ToolName, part.input as Record<string, unknown>));
      } else if (part.type === "error") {
        throw part.error instanceof Error ? part.error : new Error(String(part.error));
      } else if (part.type === "abort") {
        throw new Error("model call aborted");
      }
    }
    content = content.trim();
    if (!content && proposals.length === 0) throw new Error("the model answered nothing");
    return { content, proposals };
  } finally {
    clearTimeout(timer);
  }
}
