/**
 * Streaming mock models for the coach chat (the `ai` SDK's MockLanguageModelV3 with doStream):
 * one that answers text chunks and tool calls chosen per call, and one whose stream fails.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

export interface CoachAnswer {
  text?: string[];
  toolCalls?: { toolName: string; input: unknown }[];
}

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 50, text: 50, reasoning: undefined },
};

/** The system prompt and the conversation a call received, as plain text. */
export function promptText(options: LanguageModelV3CallOptions): { system: string; messages: { role: string; text: string }[] } {
  const system = options.prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content as string)
    .join("\n");
  const messages = options.prompt
    .filter((m) => m.role !== "system")
    .map((m) => ({
      role: m.role,
      text: typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join(""),
    }));
  return { system, messages };
}

/** Streams `answer(call)`: its text chunks, then its tool calls; records every call. */
export function mockCoachModel(answer: (options: LanguageModelV3CallOptions) => CoachAnswer | Promise<CoachAnswer>) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    modelId: "mock-coach",
    doStream: async (options) => {
      calls.push(options);
      const a = await answer(options);
      const chunks: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (a.text?.length) {
        chunks.push({ type: "text-start", id: "t1" });
        for (const delta of a.text) chunks.push({ type: "text-delta", id: "t1", delta });
        chunks.push({ type: "text-end", id: "t1" });
      }
      (a.toolCalls ?? []).forEach((t, i) => {
        chunks.push({ type: "tool-call", toolCallId: `call-${i}`, toolName: t.toolName, input: JSON.stringify(t.input) });
      });
      chunks.push({ type: "finish", usage, finishReason: { unified: a.toolCalls?.length ? "tool-calls" : "stop", raw: undefined } });
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
  return { model, calls };
}

/** A model whose stream call fails. */
export function mockFailingCoachModel(message = "upstream 503") {
  return new MockLanguageModelV3({
    modelId: "mock-failing",
    doStream: async () => {
      throw new Error(message);
    },
  });
}
