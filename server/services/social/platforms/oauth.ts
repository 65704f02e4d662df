import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getDb } from "@/db/client";
import type { SocialPlatform } from "@/db/schema";
import { installationSecret } from "@/server/secrets";
import { type AppCredentials, ENDPOINTS, SCOPES, appCredentials, platformUrl, redirectUri } from "./config";
import { form, platformJson } from "./http";

/**
 * Connecting an account: each platform's OAuth 2.0 authorization-code flow.
 *
 * `state` is signed (HMAC-SHA256 under a secret generated once per installation), lives 10
 * minutes, and names the workspace, the platform and a hash of the trainer's console session:
 * the callback accepts it only from the same signed-in session. PKCE (S256) where the platform
 * supports it (Google, TikTok): the verifier is derived from the state's nonce with the same
 * secret, so nothing is stored between the two requests and the verifier never travels through
 * the browser.
 */
const STATE_TTL_MS = 10 * 60_000;
const PKCE: Record<SocialPlatform, boolean> = { instagram: false, facebook: false, youtube: true, tiktok: true };

const b64url = (b: Buffer) => b.toString("base64url");
const stateSecret = () => installationSecret(getDb(), "social-oauth-state", undefined);
const sessionHash = (sessionId: string) => b64url(createHash("sha256").update(`forma-console-session:${sessionId}`).digest()).slice(0, 22);

interface StatePayload {
  o: string;
  p: SocialPlatform;
  s: string;
  n: string;
  e: number;
}

async function sign(payload: string): Promise<string> {
  return b64url(
    createHmac("sha256", await stateSecret())
      .update(`state:${payload}`)
      .digest(),
  );
}

async function codeVerifier(nonce: string): Promise<string> {
  return b64url(
    createHmac("sha256", await stateSecret())
      .update(`pkce:${nonce}`)
      .digest(),
  );
}

/** A signed state for a consent screen, and its nonce (the PKCE verifier's seed). */
export async function createState(args: {
  organizationId: string;
  platform: SocialPlatform;
  sessionId: string;
  now?: number;
}): Promise<{ state: string; nonce: string }> {
  const payload: StatePayload = {
    o: args.organizationId,
    p: args.platform,
    s: sessionHash(args.sessionId),
    n: b64url(randomBytes(16)),
    e: (args.now ?? Date.now()) + STATE_TTL_MS,
  };
  const body = b64url(Buffer.from(JSON.stringify(payload)));
  return { state: `${body}.${await sign(body)}`, nonce: payload.n };
}

/** The state's workspace and nonce when it is genuine, unexpired, for this platform and this session; else the reason. */
export async function verifyState(
  state: string,
  expect: { platform: SocialPlatform; sessionId: string; now?: number },
): Promise<{ ok: true; organizationId: string; nonce: string } | { ok: false; reason: string }> {
  const [body, sig] = state.split(".");
  if (!body || !sig) return { ok: false, reason: "The sign-in answer is not one this console started." };
  const want = Buffer.from(await sign(body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: "The sign-in answer is not one this console started." };
  let p: StatePayload;
  try {
    p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as StatePayload;
  } catch {
    return { ok: false, reason: "The sign-in answer is not one this console started." };
  }
  if (p.p !== expect.platform) return { ok: false, reason: "The sign-in answer is for another platform." };
  if (p.s !== sessionHash(expect.sessionId)) return { ok: false, reason: "The sign-in was started in another console session. Start it again here." };
  if (p.e <= (expect.now ?? Date.now())) return { ok: false, reason: "The sign-in took longer than 10 minutes. Start it again." };
  return { ok: true, organizationId: p.o, nonce: p.n };
}

/** The platform's consent screen for this state (with the PKCE challenge of its nonce where supported). */
export async function authorizeUrl(platform: SocialPlatform, app: AppCredentials, { state, nonce }: { state: string; nonce: string }): Promise<string> {
  const pkce = PKCE[platform]
    ? {
        code_challenge: b64url(
          createHash("sha256")
            .update(await codeVerifier(nonce))
            .digest(),
        ),
        code_challenge_method: "S256",
      }
    : {};
  const redirect_uri = redirectUri(platform);
  switch (platform) {
    case "instagram":
      return platformUrl(ENDPOINTS.instagram.authorize, {
        client_id: app.clientId,
        redirect_uri,
        response_type: "code",
        scope: SCOPES.instagram.join(","),
        state,
      });
    case "facebook":
      return platformUrl(ENDPOINTS.facebook.authorize, {
        client_id: app.clientId,
        redirect_uri,
        response_type: "code",
        scope: SCOPES.facebook.join(","),
        state,
      });
    case "youtube":
      return platformUrl(ENDPOINTS.youtube.authorize, {
        client_id: app.clientId,
        redirect_uri,
        response_type: "code",
        scope: SCOPES.youtube.join(" "),
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state,
        ...pkce,
      });
    case "tiktok":
      return platformUrl(ENDPOINTS.tiktok.authorize, {
        client_key: app.clientId,
        redirect_uri,
        response_type: "code",
        scope: SCOPES.tiktok.join(","),
        state,
        ...pkce,
      });
  }
}

/** What is sealed at rest for an account (grants.ts). */
export interface GrantTokens {
  accessToken: string;
  refreshToken?: string;
  /** Facebook: the trainer's long-lived user token (revocation); the page token is `accessToken`. */
  userAccessToken?: string;
  /** TikTok: the creator's handle, for post URLs. */
  username?: string;
}

export interface ConnectedGrant {
  accountId: string;
  accountName: string | null;
  tokens: GrantTokens;
  expiresAt: Date | null;
  scopes: string[];
}

const expiry = (seconds: unknown, now: number) => (typeof seconds === "number" && seconds > 0 ? new Date(now + seconds * 1000) : null);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Exchanges the callback's code for tokens and reads the account they are for. */
export async function exchangeCode(platform: SocialPlatform, code: string, nonce: string, now = Date.now()): Promise<ConnectedGrant> {
  const app = appCredentials(platform);
  if (!app) throw new Error(`${platform} is not configured`);
  const redirect_uri = redirectUri(platform);
  switch (platform) {
    case "instagram": {
      const answer = await platformJson(platform, platformUrl(ENDPOINTS.instagram.token), {
        method: "POST",
        ...form({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: "authorization_code", redirect_uri, code }),
      });
      // Documented as `{ data: [{ access_token, user_id, permissions }] }`; older answers were flat.
      const short = answer.data?.[0] ?? answer;
      // The short-lived token (1 hour) is exchanged for a long-lived one (60 days), refreshed before it ends.
      const long = await platformJson(
        platform,
        platformUrl(`${ENDPOINTS.instagram.graphRoot}/access_token`, {
          grant_type: "ig_exchange_token",
          client_secret: app.clientSecret,
          access_token: short.access_token,
        }),
      );
      const me = await platformJson(platform, platformUrl(`${ENDPOINTS.instagram.graph}/me`, { fields: "user_id,username", access_token: long.access_token }));
      const scopes = Array.isArray(short.permissions)
        ? short.permissions
        : typeof short.permissions === "string"
          ? short.permissions.split(",")
          : SCOPES.instagram;
      return {
        accountId: String(me.user_id ?? short.user_id),
        accountName: me.username ? `@${me.username}` : null,
        tokens: { accessToken: long.access_token },
        expiresAt: expiry(long.expires_in, now),
        scopes,
      };
    }
    case "facebook": {
      const short = await platformJson(
        platform,
        platformUrl(`${ENDPOINTS.facebook.graph}/oauth/access_token`, { client_id: app.clientId, client_secret: app.clientSecret, redirect_uri, code }),
      );
      const long = await platformJson(
        platform,
        platformUrl(`${ENDPOINTS.facebook.graph}/oauth/access_token`, {
          grant_type: "fb_exchange_token",
          client_id: app.clientId,
          client_secret: app.clientSecret,
          fb_exchange_token: short.access_token,
        }),
      );
      // A page token fetched with a long-lived user token does not expire.
      const pages = await platformJson(
        platform,
        platformUrl(`${ENDPOINTS.facebook.graph}/me/accounts`, { fields: "id,name,access_token,tasks", access_token: long.access_token }),
      );
      const page = (pages.data as { id: string; name: string; access_token: string }[] | undefined)?.[0];
      if (!page) throw new Error("No Facebook Page was shared with Forma. Connect again and choose the Page to post to.");
      return {
        accountId: page.id,
        accountName: page.name,
        tokens: { accessToken: page.access_token, userAccessToken: long.access_token },
        expiresAt: null,
        scopes: SCOPES.facebook,
      };
    }
    case "youtube": {
      const t = await platformJson(platform, platformUrl(ENDPOINTS.youtube.token), {
        method: "POST",
        ...form({
          code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri,
          grant_type: "authorization_code",
          code_verifier: await codeVerifier(nonce),
        }),
      });
      const channels = await platformJson(platform, platformUrl(`${ENDPOINTS.youtube.api}/channels`, { part: "snippet", mine: "true" }), {
        headers: bearer(t.access_token),
      });
      const channel = channels.items?.[0];
      if (!channel) throw new Error("This Google account has no YouTube channel. Create one, then connect again.");
      return {
        accountId: channel.id,
        accountName: channel.snippet?.customUrl ?? channel.snippet?.title ?? null,
        tokens: { accessToken: t.access_token, refreshToken: t.refresh_token },
        expiresAt: expiry(t.expires_in, now),
        scopes: typeof t.scope === "string" ? t.scope.split(" ") : SCOPES.youtube,
      };
    }
    case "tiktok": {
      const t = await platformJson(platform, platformUrl(`${ENDPOINTS.tiktok.api}/oauth/token/`), {
        method: "POST",
        ...form({
          client_key: app.clientId,
          client_secret: app.clientSecret,
          code,
          grant_type: "authorization_code",
          redirect_uri,
          code_verifier: await codeVerifier(nonce),
        }),
      });
      const info = await platformJson(platform, platformUrl(`${ENDPOINTS.tiktok.api}/user/info/`, { fields: "open_id,display_name,username" }), {
        headers: bearer(t.access_token),
      });
      const user = info.data?.user ?? {};
      return {
        accountId: String(t.open_id ?? user.open_id),
        accountName: user.username ? `@${user.username}` : (user.display_name ?? null),
        tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, username: user.username },
        expiresAt: expiry(t.expires_in, now),
        scopes: typeof t.scope === "string" ? t.scope.split(",") : [],
      };
    }
  }
}

/** A fresh access token for a grant (and the refresh token when the platform rotates it). */
export async function refreshGrant(platform: SocialPlatform, tokens: GrantTokens, now = Date.now()): Promise<{ tokens: GrantTokens; expiresAt: Date | null }> {
  const app = appCredentials(platform);
  switch (platform) {
    case "instagram": {
      const r = await platformJson(
        platform,
        platformUrl(`${ENDPOINTS.instagram.graphRoot}/refresh_access_token`, { grant_type: "ig_refresh_token", access_token: tokens.accessToken }),
      );
      return { tokens: { ...tokens, accessToken: r.access_token }, expiresAt: expiry(r.expires_in, now) };
    }
    case "facebook":
      return { tokens, expiresAt: null };
    case "youtube": {
      if (!app || !tokens.refreshToken) throw new Error("YouTube is not configured or the grant has no refresh token");
      const r = await platformJson(platform, platformUrl(ENDPOINTS.youtube.token), {
        method: "POST",
        ...form({ client_id: app.clientId, client_secret: app.clientSecret, refresh_token: tokens.refreshToken, grant_type: "refresh_token" }),
      });
      return { tokens: { ...tokens, accessToken: r.access_token, refreshToken: r.refresh_token ?? tokens.refreshToken }, expiresAt: expiry(r.expires_in, now) };
    }
    case "tiktok": {
      if (!app || !tokens.refreshToken) throw new Error("TikTok is not configured or the grant has no refresh token");
      const r = await platformJson(platform, platformUrl(`${ENDPOINTS.tiktok.api}/oauth/token/`), {
        method: "POST",
        ...form({ client_key: app.clientId, client_secret: app.clientSecret, grant_type: "refresh_token", refresh_token: tokens.refreshToken }),
      });
      return { tokens: { ...tokens, accessToken: r.access_token, refreshToken: r.refresh_token ?? tokens.refreshToken }, expiresAt: expiry(r.expires_in, now) };
    }
  }
}

/**
 * Revokes the grant at the platform where it offers revocation (Facebook: the app's permissions;
 * Google: the refresh token; TikTok: the token). Instagram Login documents none: the trainer
 * removes the app in Instagram's settings, and Forma forgets the token.
 */
export async function revokeGrant(platform: SocialPlatform, tokens: GrantTokens): Promise<boolean> {
  const app = appCredentials(platform);
  switch (platform) {
    case "instagram":
      return false;
    case "facebook":
      await platformJson(platform, platformUrl(`${ENDPOINTS.facebook.graph}/me/permissions`, { access_token: tokens.userAccessToken ?? tokens.accessToken }), {
        method: "DELETE",
      });
      return true;
    case "youtube":
      await platformJson(platform, platformUrl(ENDPOINTS.youtube.revoke), { method: "POST", ...form({ token: tokens.refreshToken ?? tokens.accessToken }) });
      return true;
    case "tiktok":
      if (!app) return false;
      await platformJson(platform, platformUrl(`${ENDPOINTS.tiktok.api}/oauth/revoke/`), {
        method: "POST",
        ...form({ client_key: app.clientId, client_secret: app.clientSecret, token: tokens.accessToken }),
      });
      return true;
  }
}
