/**
 * Mock language models for tests of the model path (the `ai` SDK's MockLanguageModelV3):
 * a model answering a given object, one answering text that is not the requested JSON, and
 * one that does not answer within the time budget.
 */
import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";

function result(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 50, text: 50, reasoning: undefined },
    },
    warnings: [],
  };
}

/** Answers `answer(prompt)` serialized as JSON; records the prompts it saw. */
export function mockJsonModel(answer: (prompt: string) => unknown) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV3({
    modelId: "mock-json",
    doGenerate: async (options) => {
      const prompt = options.prompt
        .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join("")))
        .join("\n");
      prompts.push(prompt);
      return result(JSON.stringify(answer(prompt)));
    },
  });
  return { model, prompts };
}

/** Answers with text that is not the requested JSON object. */
export function mockInvalidModel(text = "Sure! Here is a great workout: squats, lunges and planks.") {
  return new MockLanguageModelV3({ modelId: "mock-invalid", doGenerate: async () => result(text) });
}

/** Answers only after `delayMs` (or never, when aborted first). */
export function mockSlowModel(delayMs: number, answer: unknown = {}) {
  return new MockLanguageModelV3({
    modelId: "mock-slow",
    doGenerate: (options) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve(result(JSON.stringify(answer))), delayMs);
        options.abortSignal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new Error("aborted"));
        });
      }),
  });
}

/** The 24-hex ids listed as candidates in a workout prompt ("<id> | name | ..."). */
export function candidateIdsIn(prompt: string): string[] {
  return [...prompt.matchAll(/^([0-9a-f]{24}) \|/gm)].map((m) => m[1]!);
}

/**
 * A slow model whose wait the test controls: each call answers `answer(prompt)` after `delayMs`
 * or as soon as `release()` is called, whichever comes first (or fails when aborted). `entered`
 * resolves when the first call has started, so a test can act while a caller is inside the model.
 */
export function mockGatedModel(answer: (prompt: string) => unknown, delayMs = 20_000) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  let calls = 0;
  const model = new MockLanguageModelV3({
    modelId: "mock-gated",
    doGenerate: (options) =>
      new Promise((resolve, reject) => {
        calls++;
        enter();
        const prompt = options.prompt
          .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join("")))
          .join("\n");
        const answerNow = () => {
          clearTimeout(timer);
          resolve(result(JSON.stringify(answer(prompt))));
        };
        const timer = setTimeout(answerNow, delayMs);
        void gate.then(answerNow);
        options.abortSignal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new Error("aborted"));
        });
      }),
  });
  return { model, entered, release, calls: () => calls };
}
