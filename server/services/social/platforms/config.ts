import type { SocialPlatform } from "@/db/schema";
import { env } from "@/server/env";

/**
 * The four platforms' documented endpoints and this installation's app credentials.
 *
 * Every platform URL is written here as the platform documents it and passes through
 * `platformUrl`: with SOCIAL_PLATFORM_BASE_URL set (tests, a recording proxy), `https://<host>/<path>`
 * becomes `<base>/<host>/<path>`, so one local server can answer for every host.
 */
export const GRAPH_VERSION = "v21.0";

export const ENDPOINTS = {
  instagram: {
    authorize: "https://www.instagram.com/oauth/authorize",
    token: "https://api.instagram.com/oauth/access_token",
    graph: `https://graph.instagram.com/${GRAPH_VERSION}`,
    /** Long-lived token exchange and refresh live on the unversioned host. */
    graphRoot: "https://graph.instagram.com",
  },
  facebook: {
    authorize: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    graph: `https://graph.facebook.com/${GRAPH_VERSION}`,
    rupload: `https://rupload.facebook.com/video-upload/${GRAPH_VERSION}`,
  },
  youtube: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    revoke: "https://oauth2.googleapis.com/revoke",
    api: "https://www.googleapis.com/youtube/v3",
    upload: "https://www.googleapis.com/upload/youtube/v3",
  },
  tiktok: {
    authorize: "https://www.tiktok.com/v2/auth/authorize/",
    api: "https://open.tiktokapis.com/v2",
  },
} as const;

/** The scopes each platform's app asks for (README, "Social platforms"). */
export const SCOPES: Record<SocialPlatform, string[]> = {
  instagram: ["instagram_business_basic", "instagram_business_content_publish"],
  facebook: ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "business_management"],
  youtube: ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"],
  tiktok: ["user.info.basic", "video.publish", "video.upload"],
};

/** The configuration variables of each platform's app, named in the console when they are missing. */
export const CREDENTIAL_VARS: Record<SocialPlatform, [string, string]> = {
  instagram: ["INSTAGRAM_APP_ID", "INSTAGRAM_APP_SECRET"],
  facebook: ["FACEBOOK_APP_ID", "FACEBOOK_APP_SECRET"],
  youtube: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  tiktok: ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET"],
};

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

/** The platform app's id and secret, or null when this installation has not configured it. */
export function appCredentials(platform: SocialPlatform): AppCredentials | null {
  const e = env();
  const pair = {
    instagram: [e.INSTAGRAM_APP_ID, e.INSTAGRAM_APP_SECRET],
    facebook: [e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET],
    youtube: [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
    tiktok: [e.TIKTOK_CLIENT_KEY, e.TIKTOK_CLIENT_SECRET],
  }[platform];
  return pair[0] && pair[1] ? { clientId: pair[0], clientSecret: pair[1] } : null;
}

/** A documented platform URL, moved under SOCIAL_PLATFORM_BASE_URL when that is set. */
export function platformUrl(documented: string, query?: Record<string, string | number | boolean | undefined>): string {
  const base = env().SOCIAL_PLATFORM_BASE_URL;
  const u = new URL(documented);
  const url = base ? new URL(`${base.replace(/\/+$/, "")}/${u.host}${u.pathname}${u.search}`) : u;
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/** Where a platform sends the trainer back after its consent screen (registered in the platform's app). */
export function redirectUri(platform: SocialPlatform): string {
  return `${(env().PUBLIC_BASE_URL ?? `http://localhost:${env().PORT}`).replace(/\/+$/, "")}/api/console/social/oauth/${platform}/callback`;
}

/** Milliseconds between status polls while a platform processes a video, and how many per attempt. */
export function pollPlan(): { intervalMs: number; polls: number } {
  return { intervalMs: env().SOCIAL_POLL_INTERVAL_MS, polls: env().SOCIAL_POLLS_PER_ATTEMPT };
}
