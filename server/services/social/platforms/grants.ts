import type { Tx } from "@/db/client";
import { type SocialAccountRow, listExpiringGrants, markGrantReconnect, updateSocialAccountGrant } from "@/db/queries/social-publish";
import { log } from "@/server/core/log";
import { openSecret, sealSecret } from "@/server/services/webhooks/secrets";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { GrantRevokedError } from "../adapters/types";
import { type GrantTokens, refreshGrant } from "./oauth";

/**
 * An OAuth-connected account's grant: tokens sealed at rest with the webhook secrets' sealing
 * (AES-256-GCM under WEBHOOK_SECRETS_KEY or the installation's generated key), refreshed before
 * they expire, and marked `reconnect` (with a `social.account.reconnect_required` webhook) when
 * the platform refuses them.
 */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** The sweep refreshes grants this close to expiry even when nothing posts (Instagram's 60-day tokens). */
export const SWEEP_WINDOW_MS = 7 * 24 * 3600_000;

export async function sealTokens(tokens: GrantTokens): Promise<string> {
  return sealSecret(JSON.stringify(tokens));
}

export async function openTokens(sealed: string): Promise<GrantTokens> {
  return JSON.parse(await openSecret(sealed)) as GrantTokens;
}

/** Marks the grant as needing a reconnect and announces it once (the transition from active). */
export async function markReconnect(db: Tx, account: SocialAccountRow, problem: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await markGrantReconnect(tx, account.id, problem))) return;
    await enqueueWebhookEvent(tx, {
      organizationId: account.organizationId,
      type: "social.account.reconnect_required",
      data: { platform: account.platform, accountId: account.accountId, accountName: account.accountName, problem, detectedAt: now.toISOString() },
    });
  });
}

/**
 * The account's access token, refreshed first when it expires within 5 minutes. A platform that
 * refuses the refresh marks the grant for reconnecting and throws a GrantRevokedError.
 */
export async function accessTokenFor(db: Tx, account: SocialAccountRow, now = new Date()): Promise<GrantTokens> {
  if (!account.tokens) throw new GrantRevokedError(`The ${account.platform} account was connected without a platform sign-in. Connect it again.`);
  const tokens = await openTokens(account.tokens);
  if (!account.tokenExpiresAt || account.tokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return tokens;
  return (await refreshAccount(db, account, tokens, now)) ?? tokens;
}

async function refreshAccount(db: Tx, account: SocialAccountRow, tokens: GrantTokens, now: Date): Promise<GrantTokens | null> {
  try {
    const fresh = await refreshGrant(account.platform, tokens, now.getTime());
    await updateSocialAccountGrant(db, account.id, { tokens: await sealTokens(fresh.tokens), tokenExpiresAt: fresh.expiresAt });
    return fresh.tokens;
  } catch (err) {
    if (err instanceof GrantRevokedError) {
      await markReconnect(db, account, err.message, now);
      throw err;
    }
    // A platform outage while refreshing: the token may still be valid a while; the caller retries later otherwise.
    if (account.tokenExpiresAt && account.tokenExpiresAt.getTime() > now.getTime()) return null;
    throw err;
  }
}

/** The scheduler's sweep: refreshes grants expiring within SWEEP_WINDOW_MS. Returns how many were refreshed. */
export async function refreshExpiringGrants(db: Tx, now = new Date(), limit = 20): Promise<number> {
  let refreshed = 0;
  for (const account of await listExpiringGrants(db, new Date(now.getTime() + SWEEP_WINDOW_MS), limit)) {
    // Short-lived tokens with a refresh token (Google, TikTok) are refreshed when they are used.
    if (account.platform !== "instagram") continue;
    try {
      if (await refreshAccount(db, account, await openTokens(account.tokens!), now)) refreshed++;
    } catch (err) {
      log("warn", "social grant refresh failed", { platform: account.platform, err: err instanceof Error ? err.message : String(err) });
    }
  }
  return refreshed;
}
