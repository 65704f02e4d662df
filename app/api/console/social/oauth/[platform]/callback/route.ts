import { getDb } from "@/db/client";
import { SOCIAL_PLATFORMS, type SocialPlatform } from "@/db/schema";
import { ApiError } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { publicBaseUrl } from "@/server/env";
import { cookieLookup, principalFromCookies } from "@/server/services/console/session-cookie";
import { PLATFORM_LABELS, finishPlatformConnect } from "@/server/services/social/accounts";

type Ctx = { params: Promise<{ platform: string }> };

const back = (query: Record<string, string>) =>
  new Response(null, { status: 303, headers: { location: `${publicBaseUrl()}/console/social?${new URLSearchParams(query)}`, "cache-control": "no-store" } });

// GET /api/console/social/oauth/{platform}/callback – where the platform sends the trainer back after its consent screen (the redirect URI registered in the platform's app)
export async function GET(req: Request, ctx: Ctx): Promise<Response> {
  const { platform } = await ctx.params;
  if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform)) return new Response("Not found", { status: 404 });
  const p = platform as SocialPlatform;
  const principal = await principalFromCookies(cookieLookup(req.headers.get("cookie")));
  if (!principal) return new Response(null, { status: 303, headers: { location: `${publicBaseUrl()}/console/sign-in`, "cache-control": "no-store" } });
  const q = new URL(req.url).searchParams;
  try {
    const { accountName } = await finishPlatformConnect(getDb(), principal, p, {
      code: q.get("code"),
      state: q.get("state"),
      error: q.get("error"),
      errorDescription: q.get("error_description"),
    });
    return back({ connected: p, ...(accountName ? { account: accountName } : {}) });
  } catch (err) {
    if (err instanceof ApiError) return back({ connectFailed: p, reason: err.message });
    log("error", "social connect callback failed", { platform: p, err: err instanceof Error ? err.stack : String(err) });
    return back({ connectFailed: p, reason: `${PLATFORM_LABELS[p]} could not be connected. Try again.` });
  }
}
