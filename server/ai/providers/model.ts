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
 * Replaces the configured model (tests pass a MockLanguageModelV3; `null` forces the
 * deterministic engine; `undefined` restores the environment's choice).
 */
export function setLanguageModelForTests(model: LanguageModel | null | undefined, id = "mock-model"): void {
  override = model === undefined ? undefined : model === null ? null : { model, id };
}
