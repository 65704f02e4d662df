import type { Tx } from "@/db/client";
import { deleteSocialAccount, listSocialAccounts, upsertSocialAccount } from "@/db/queries/social-publish";
import { SOCIAL_PLATFORMS, type SocialPlatform } from "@/db/schema";
import { env } from "@/server/env";

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
