import { publicBaseUrl } from "@/server/env";
import { SUPPORTED_LOCALES } from "./locale";
import { ALL_OPERATIONS } from "./operations";

/** A plain-text summary of the API for LLM agents, generated from the declarations. */
export function buildLlmsTxt(): string {
  const base = publicBaseUrl();
  const byTag = new Map<string, string[]>();
  for (const op of ALL_OPERATIONS) {
    const line = `- ${op.method.toUpperCase()} ${op.path} (${op.operationId}, weight ${op.weight}x${op.deprecated ? ", deprecated" : ""}): ${op.summary}`;
    byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), line]);
  }
  return [
    "# Forma API",
    "",
    "> Fitness content and personalization API: list and play workspace workouts and plans, rank and generate content with AI, track sessions, and read member insights.",
    "",
    `Base URL: ${base}. Machine-readable contract: ${base}/openapi.json. Human reference: ${base}/docs.`,
    "",
    "## Rules",
    "- Send `X-Api-Key: <key>` on every /v1 request (no query-string key). Member routes also accept `Authorization: Bearer <token>`, which wins over attribution fields.",
    "- Errors: `{ error: { code, message, target?, details? } }`; switch on `code`. Unknown query or body keys give 400 ValidationError.",
    "- Lists: `limit` and `offset`; follow `links.next` (absolute URL, absent on the last page); `links.total` is exact. Do not send `page`.",
    `- Locales: ${SUPPORTED_LOCALES.join(", ")}; reads fall back to en-US; no/no-NO read as nb-NO.`,
    "- Rate limits: weighted units per key (1x or 10x per operation); read X-RateLimit-Limit/Remaining/Reset; on 429 wait Retry-After.",
    "",
    ...[...byTag.entries()].flatMap(([tag, lines]) => [`## ${tag}`, ...lines, ""]),
  ].join("\n");
}
