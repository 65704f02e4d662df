import type { Db, Tx } from "@/db/client";
import { deleteSocialAccount, findSocialAccount, listSocialAccounts, upsertSocialAccount } from "@/db/queries/social-publish";
import { SOCIAL_PLATFORMS, type SocialPlatform } from "@/db/schema";
import { badRequest, forbidden } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { env } from "@/server/env";
import type { ConsolePrincipal } from "@/server/services/console/sessions";
import { CREDENTIAL_VARS, appCredentials } from "./platforms/config";
import { openTokens, sealTokens } from "./platforms/grants";
import { authorizeUrl, createState, exchangeCode, revokeGrant, verifyState } from "./platforms/oauth";

/**
 * Connected social accounts, one per platform and workspace. The team console connects and
 * disconnects them (after the platform's own sign-in, for real adapters); the public API only
 * reports which platforms are connected.
 */
export interface ConnectSocialAccountInput {
  platform: SocialPlatform;
  /** The account's id on the platform. */
  accountId: string;
  accountName?: string | null;
  /** The adapter that posts for this account (default: SOCIAL_ADAPTER, "sandbox"). */
  adapter?: string;
  /** Where a real adapter finds its tokens (a secret manager path); never the tokens themselves. */
  credentialsRef?: string | null;
}

export async function connectSocialAccount(db: Tx, organizationId: string, input: ConnectSocialAccountInput) {
  return upsertSocialAccount(db, {
    organizationId,
    platform: input.platform,
    accountId: input.accountId,
    accountName: input.accountName ?? null,
    adapter: input.adapter ?? env().SOCIAL_ADAPTER,
    credentialsRef: input.credentialsRef ?? null,
  });
}

/**
 * Removes the platform's account. Active automations targeting it keep running for their other
 * platforms; deliveries to this platform are recorded as skipped until it is connected again.
 */
export async function disconnectSocialAccount(db: Tx, organizationId: string, platform: SocialPlatform): Promise<boolean> {
  return deleteSocialAccount(db, organizationId, platform);
}

/** The four platforms in a fixed order, connected or not. */
export async function listConnectedPlatforms(db: Tx, organizationId: string) {
  const accounts = new Map((await listSocialAccounts(db, organizationId)).map((a) => [a.platform, a]));
  return SOCIAL_PLATFORMS.map((platform) => {
    const a = accounts.get(platform);
    return {
      platform,
      connected: Boolean(a),
      accountId: a?.accountId ?? null,
      accountName: a?.accountName ?? null,
      connectedAt: a ? a.createdAt.toISOString() : null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Connecting through the platform's OAuth sign-in (the console)
// ---------------------------------------------------------------------------------------------

/** Whether this installation can connect the platform through its sign-in, and what is missing. */
export function platformSetup(platform: SocialPlatform): { configured: boolean; missing: string[] } {
  const configured = appCredentials(platform) !== null;
  return { configured, missing: configured ? [] : CREDENTIAL_VARS[platform].filter((v) => !(env() as Record<string, unknown>)[v]) };
}

/** The platform's consent screen for a trainer's session (400 with what to configure when the app is not set up). */
export async function startPlatformConnect(principal: ConsolePrincipal, platform: SocialPlatform): Promise<string> {
  const app = appCredentials(platform);
  if (!app) {
    const { missing } = platformSetup(platform);
    throw badRequest(`${PLATFORM_LABELS[platform]} sign-in is not set up on this installation: set ${missing.join(" and ")} (README, "Social platforms").`);
  }
  return authorizeUrl(platform, app, await createState({ organizationId: principal.organizationId, platform, sessionId: principal.sessionId }));
}

/**
 * The platform's answer to the consent screen: checks `state` against the signed-in session,
 * exchanges the code, reads the account, and connects it with its tokens sealed. Returns the
 * account's name, or throws an ApiError whose message the console shows.
 */
export async function finishPlatformConnect(
  db: Db,
  principal: ConsolePrincipal,
  platform: SocialPlatform,
  query: { code?: string | null; state?: string | null; error?: string | null; errorDescription?: string | null },
): Promise<{ accountName: string | null }> {
  if (!query.state) throw badRequest("The sign-in answer has no state: start connecting again from the console.");
  const check = await verifyState(query.state, { platform, sessionId: principal.sessionId });
  if (!check.ok) throw badRequest(check.reason);
  if (check.organizationId !== principal.organizationId) throw forbidden("The sign-in was started for another workspace.");
  if (principal.role !== "owner") throw forbidden("Only workspace owners can do this.");
  if (query.error) throw badRequest(`${PLATFORM_LABELS[platform]} did not connect the account: ${query.errorDescription ?? query.error}.`);
  if (!query.code) throw badRequest("The sign-in answer has no authorization code.");
  let grant: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    grant = await exchangeCode(platform, query.code, check.nonce);
  } catch (err) {
    log("warn", "social connect failed", { platform, err: err instanceof Error ? err.message : String(err) });
    throw badRequest(`${PLATFORM_LABELS[platform]} did not connect the account: ${err instanceof Error ? err.message : "the platform refused the sign-in"}`);
  }
  await upsertSocialAccount(db, {
    organizationId: principal.organizationId,
    platform,
    accountId: grant.accountId,
    accountName: grant.accountName,
    adapter: platform,
    credentialsRef: null,
    tokens: await sealTokens(grant.tokens),
    tokenExpiresAt: grant.expiresAt,
    scopes: grant.scopes,
  });
  return { accountName: grant.accountName };
}

/**
 * Disconnects the platform's account, revoking the grant at the platform where it offers
 * revocation first (a platform that cannot be reached does not keep the account connected here).
 * Returns false when none was connected.
 */
export async function disconnectPlatformAccount(db: Tx, organizationId: string, platform: SocialPlatform): Promise<boolean> {
  const account = await findSocialAccount(db, organizationId, platform);
  if (!account) return false;
  if (account.tokens && account.grantStatus === "active") {
    try {
      await revokeGrant(platform, await openTokens(account.tokens));
    } catch (err) {
      log("warn", "social revoke failed", { platform, err: err instanceof Error ? err.message : String(err) });
    }
  }
  return disconnectSocialAccount(db, organizationId, platform);
}

/** The console's account cards: the API's view plus the grant's state and the installation's setup. */
export async function listConsoleAccounts(db: Tx, organizationId: string) {
  const rows = new Map((await listSocialAccounts(db, organizationId)).map((a) => [a.platform, a]));
  return (await listConnectedPlatforms(db, organizationId)).map((p) => {
    const a = rows.get(p.platform);
    const setup = platformSetup(p.platform);
    return {
      ...p,
      label: PLATFORM_LABELS[p.platform],
      sandbox: a ? a.adapter === "sandbox" : false,
      needsReconnect: a?.grantStatus === "reconnect",
      problem: a?.grantStatus === "reconnect" ? a.grantProblem : null,
      tokenExpiresAt: a?.tokenExpiresAt?.toISOString() ?? null,
      signInAvailable: setup.configured,
      missingConfiguration: setup.missing,
    };
  });
}

export const PLATFORM_LABELS: Record<SocialPlatform, string> = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube", facebook: "Facebook" };
