import { Output, generateText } from "ai";
import type { z } from "zod";
import { log } from "@/server/core/log";
import type { ConfiguredModel } from "./providers/model";
import { metrics } from "@/server/observability/metrics";
import { withSpan } from "@/server/observability/tracing";

/** How long a model may take before the deterministic result is returned instead. */
export const MODEL_TIME_BUDGET_MS = 20_000;
let budgetOverride: number | undefined;

/** Shortens the time budget in tests of the timeout path (undefined restores the default). */
export function setModelTimeBudgetForTests(ms: number | undefined): void {
  budgetOverride = ms;
}

export type ModelCallResult<T> = { ok: true; value: T; ms: number } | { ok: false; reason: string; ms: number };

/**
 * One structured call: `generateText` with `Output.object({ schema })`, no retries, bounded by a
 * time budget (the SDK's abort signal plus our own timer, so a model that ignores the signal
 * cannot hold the request). Never throws: failures come back as `{ ok: false, reason }`.
 */
export async function callModel<S extends z.ZodType>(
  configured: ConfiguredModel,
  args: { schema: S; system: string; prompt: string; timeoutMs?: number; name: string },
): Promise<ModelCallResult<z.output<S>>> {
  // Counted (a failure means the deterministic result is used instead) and traced: server/observability.
  const result = await withSpan(`model ${args.name}`, { "forma.model.call": args.name }, () => callModelOnce(configured, args));
  const m = metrics();
  m.modelCalls.inc({ call: args.name, outcome: result.ok ? "ok" : "failed" });
  if (!result.ok) m.modelFallbacks.inc({ call: args.name });
  return result;
}

async function callModelOnce<S extends z.ZodType>(
  configured: ConfiguredModel,
  args: { schema: S; system: string; prompt: string; timeoutMs?: number; name: string },
): Promise<ModelCallResult<z.output<S>>> {
  const started = Date.now();
  const budget = args.timeoutMs ?? budgetOverride ?? MODEL_TIME_BUDGET_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`model timed out after ${budget} ms`));
    }, budget);
  });
  try {
    const result = await Promise.race([
      generateText({
        model: configured.model,
        output: Output.object({ schema: args.schema, name: args.name }),
        system: args.system,
        prompt: args.prompt,
        maxRetries: 0,
        temperature: 0.4,
        abortSignal: controller.signal,
      }),
      timeout,
    ]);
    const parsed = args.schema.safeParse(result.output);
    if (!parsed.success)
      return { ok: false, reason: `model output failed validation: ${parsed.error.issues[0]?.message ?? "invalid"}`, ms: Date.now() - started };
    return { ok: true, value: parsed.data, ms: Date.now() - started };
  } catch (err) {
    const reason = err instanceof Error ? err.message.split("\n")[0]!.slice(0, 300) : String(err);
    log("warn", "AI model call failed; using the deterministic result", { call: args.name, model: configured.id, reason });
    return { ok: false, reason, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
