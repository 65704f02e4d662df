import { buildLlmsTxt } from "@/server/api/llms";

export const dynamic = "force-dynamic";

// GET /llms.txt – the API summarised for LLM agents
export async function GET() {
  return new Response(buildLlmsTxt(), { headers: { "content-type": "text/plain; charset=utf-8" } });
}
