import type { PlatformAdapter } from "../adapters/types";
import { PermanentPublishError } from "../adapters/types";
import { ENDPOINTS, platformUrl } from "./config";
import { grantOf, pollUntil } from "./common";
import { PlatformError, form, platformJson } from "./http";

/**
 * Instagram (Instagram API with Instagram Login, Content Publishing): the account's publishing
 * limit checked first (`GET /{ig-user-id}/content_publishing_limit`), a media container for the
 * Reel (`POST /{ig-user-id}/media` with media_type REELS, the video and cover URLs Instagram
 * fetches itself, the caption), its `status_code` polled until FINISHED, then
 * `POST /{ig-user-id}/media_publish` and the post's permalink. Stories presets post a STORIES
 * container. The container id is saved before polling and the media id before the permalink, so
 * a retry never publishes a container twice.
 */
type State = { containerId?: string | null; mediaId?: string };

export const instagramAdapter: PlatformAdapter = {
  name: "instagram",
  async publish(db, post) {
    const { account, tokens } = await grantOf(db, post);
    const graph = ENDPOINTS.instagram.graph;
    const access_token = tokens.accessToken;
    const state = post.progress.state as State;
    let mediaId = state.mediaId;
    if (!mediaId) {
      let containerId = state.containerId;
      if (!containerId) {
        // Instagram allows a fixed number of API posts per account in a moving 24 hours (100 as of
        // 2026-11); at the limit the post waits for a later attempt instead of being refused.
        const limit = await platformJson(
          "instagram",
          platformUrl(`${graph}/${account.accountId}/content_publishing_limit`, { fields: "quota_usage,config", access_token }),
        );
        const usage = limit.data?.[0];
        if (usage && typeof usage.quota_usage === "number" && usage.config?.quota_total && usage.quota_usage >= usage.config.quota_total)
          throw new PlatformError(
            `Instagram's publishing limit is reached (${usage.quota_usage} of ${usage.config.quota_total} posts in 24 hours); the next attempt tries again.`,
            "rate_limited",
            0,
          );
        const created = await platformJson("instagram", platformUrl(`${graph}/${account.accountId}/media`), {
          method: "POST",
          ...form({
            media_type: post.channelPreset === "ig_stories" ? "STORIES" : "REELS",
            video_url: post.videoUrl,
            ...(post.channelPreset === "ig_stories" ? {} : { caption: post.text, cover_url: post.coverUrl, share_to_feed: "true" }),
            access_token,
          }),
        });
        containerId = String(created.id);
        await post.progress.save({ containerId });
      }
      const status = await pollUntil(
        "Instagram's media container",
        () => platformJson("instagram", platformUrl(`${graph}/${containerId}`, { fields: "status_code,status", access_token })),
        (s) => s.status_code !== "IN_PROGRESS",
      );
      if (status.status_code === "EXPIRED") {
        // Containers live 24 hours: the next attempt makes a new one.
        await post.progress.save({ containerId: null });
        throw new PlatformError("Instagram's media container expired before it was published.", "unavailable", 0);
      }
      if (status.status_code === "ERROR") throw new PermanentPublishError(`Instagram could not process the video: ${status.status ?? "no reason given"}`);
      // PUBLISHED: an earlier attempt published it and stopped before saving the media id.
      if (status.status_code === "PUBLISHED") return { externalPostId: `container:${containerId}`, postUrl: null };
      const published = await platformJson("instagram", platformUrl(`${graph}/${account.accountId}/media_publish`), {
        method: "POST",
        ...form({ creation_id: containerId, access_token }),
      });
      mediaId = String(published.id);
      await post.progress.save({ mediaId });
    }
    let postUrl: string | null = null;
    try {
      postUrl = (await platformJson("instagram", platformUrl(`${graph}/${mediaId}`, { fields: "permalink", access_token }))).permalink ?? null;
    } catch {
      // The post is up; only its address is unknown.
    }
    return { externalPostId: mediaId, postUrl };
  },
};
