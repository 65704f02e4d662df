import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { env } from "@/server/env";

/**
 * The language model, when one is configured: OPENAI_API_KEY (required), OPENAI_BASE_URL (any
 * OpenAI-compatible server) and AI_MODEL. `.chat()` uses the Chat Completions API, which
 * compatible servers implement (the provider's default would call the Responses API).
 * Without a key the deterministic engine answers alone.
 */
export interface ConfiguredModel {
  model: LanguageModel;
  id: string;
}

let cached: { key: string; value: ConfiguredModel | null } | null = null;
let override: ConfiguredModel | null | undefined;

export function getLanguageModel(): ConfiguredModel | null {
  if (override !== undefined) return override;
  const e = env();
  const key = `${e.OPENAI_API_KEY ?? ""}|${e.OPENAI_BASE_URL ?? ""}|${e.AI_MODEL}`;
  if (cached?.key === key) return cached.value;
  const value = e.OPENAI_API_KEY ? { model: createOpenAI({ apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL }).chat(e.AI_MODEL), id: e.AI_MODEL } : null;
  cached = { key, value };
  return value;
}

/**
 * Replaces the environment's model for this process: a model (with the id generations record),
 * `null` for the deterministic engine alone, `undefined` to return to OPENAI_API_KEY's choice.
 * The one seam for choosing the model in code rather than by settings (a dependency-injection
 * point, not a test hack): integration tests run the real services and HTTP routes in-process and
 * swap `MockLanguageModelV3` answers (fixed, failing, slow) between cases, independent of how the
 * dispatcher loads route modules; a local evaluation run can plug in a model the same way.
 */
export function overrideLanguageModel(model: LanguageModel | null | undefined, id = "mock-model"): void {
  override = model === undefined ? undefined : model === null ? null : { model, id };
}
