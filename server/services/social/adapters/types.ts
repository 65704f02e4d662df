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
}

/**
 * A platform adapter. `publish` resolves with the platform's post id, or throws: a
 * PermanentPublishError when retrying cannot help (rejected media, revoked access), any other
 * error for a retry with backoff. It must be idempotent per `deliveryId`.
 */
export interface PlatformAdapter {
  name: string;
  publish(db: Tx, post: SocialPost): Promise<{ externalPostId: string }>;
}

export class PermanentPublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentPublishError";
  }
}
