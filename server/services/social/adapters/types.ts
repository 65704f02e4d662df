import type { Tx } from "@/db/client";
import type { ChannelPreset, CopyPack, SocialPlatform } from "@/db/schema";

/** Everything a platform needs to publish one post, prepared by the scheduler. */
export interface SocialPost {
  /** Stable per automation, platform and due time: adapters pass it on as the idempotency key. */
  deliveryId: string;
  organizationId: string;
  automationId: string;
  platform: SocialPlatform;
  account: { accountId: string; accountName: string | null; credentialsRef: string | null };
  dueAt: Date;
  dropId: string;
  channelPreset: ChannelPreset;
  variant: string;
  /** Caption, call to action and hashtags as one text, within the preset's limit. */
  text: string;
  copyPack: CopyPack;
  videoUrl: string;
  coverUrl: string;
  ctaUrl: string | null;
  /**
   * What an earlier attempt at this delivery saved (a container, upload or publish id), and how to
   * save more: a platform adapter saves each id before its next step, so a retry resumes there
   * instead of posting twice.
   */
  progress: { state: Record<string, unknown>; save(patch: Record<string, unknown>): Promise<void> };
}

/**
 * A platform adapter. `publish` resolves with the platform's post id, or throws: a
 * PermanentPublishError when retrying cannot help (rejected media, revoked access), any other
 * error for a retry with backoff. It must be idempotent per `deliveryId`.
 */
export interface PlatformAdapter {
  name: string;
  publish(db: Tx, post: SocialPost): Promise<{ externalPostId: string; postUrl?: string | null }>;
}

export class PermanentPublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentPublishError";
  }
}

/**
 * The platform refused the account's grant (revoked, expired, missing a scope): permanent for this
 * post, and the account is marked for reconnecting (publish.ts) so later posts are skipped.
 */
export class GrantRevokedError extends PermanentPublishError {
  constructor(message: string) {
    super(message);
    this.name = "GrantRevokedError";
  }
}
