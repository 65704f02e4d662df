import { recordPublication } from "@/db/queries/social-publish";
import type { PlatformAdapter } from "./types";

/**
 * The built-in adapter: posts nothing, records what would have been posted (text, copy and the
 * presigned media links) in social_publications, once per delivery. The console lists them.
 */
export const sandboxAdapter: PlatformAdapter = {
  name: "sandbox",
  async publish(db, post) {
    const row = await recordPublication(db, {
      organizationId: post.organizationId,
      deliveryId: post.deliveryId,
      automationId: post.automationId,
      platform: post.platform,
      accountId: post.account.accountId,
      dueAt: post.dueAt,
      dropId: post.dropId,
      channelPreset: post.channelPreset,
      variant: post.variant,
      text: post.text,
      copyPack: post.copyPack,
      videoUrl: post.videoUrl,
      coverUrl: post.coverUrl,
      ctaUrl: post.ctaUrl,
    });
    return { externalPostId: `sandbox:${row.id}` };
  },
};
