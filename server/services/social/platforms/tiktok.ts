import type { PlatformAdapter } from "../adapters/types";
import { PermanentPublishError } from "../adapters/types";
import { ENDPOINTS, platformUrl } from "./config";
import { grantOf, pollUntil } from "./common";
import { PlatformError, platformJson } from "./http";

/**
 * TikTok (Content Posting API v2). With the `video.publish` scope, a direct post: the creator's
 * options first (`/post/publish/creator_info/query/`: the privacy levels allowed, the longest
 * video), then `/post/publish/video/init/` with the post info and PULL_FROM_URL (TikTok fetches
 * Forma's signed link; its domain must be verified in the TikTok app), and
 * `/post/publish/status/fetch/` polled until PUBLISH_COMPLETE. With only `video.upload`, the
 * video goes to the creator's inbox (`/post/publish/inbox/video/init/`) and is done at
 * SEND_TO_USER_INBOX: the creator finishes the post in the app. The publish id is saved before
 * polling, so a retry never posts twice.
 */
type State = { publishId?: string | null; mode?: "direct" | "inbox" };

const json = (token: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=UTF-8" },
  body: JSON.stringify(body),
});

export const tiktokAdapter: PlatformAdapter = {
  name: "tiktok",
  async publish(db, post) {
    const { account, tokens } = await grantOf(db, post);
    const api = ENDPOINTS.tiktok.api;
    const state = { ...(post.progress.state as State) };
    if (!state.publishId) {
      const mode = account.scopes.includes("video.publish") ? "direct" : "inbox";
      const source_info = { source: "PULL_FROM_URL", video_url: post.videoUrl };
      let init: Record<string, any>;
      if (mode === "direct") {
        const creator = (await platformJson("tiktok", platformUrl(`${api}/post/publish/creator_info/query/`), json(tokens.accessToken, {}))).data ?? {};
        const options: string[] = creator.privacy_level_options ?? [];
        // Apps TikTok has not audited may only post privately; the post is public where allowed.
        const privacy_level = options.includes("PUBLIC_TO_EVERYONE") ? "PUBLIC_TO_EVERYONE" : options.includes("SELF_ONLY") ? "SELF_ONLY" : options[0];
        if (!privacy_level) throw new PermanentPublishError("TikTok offers this account no privacy level to post with.");
        const seconds = Number(post.variant.split("_")[1]) / 1000;
        if (creator.max_video_post_duration_sec && seconds > creator.max_video_post_duration_sec)
          throw new PermanentPublishError(
            `TikTok lets this account post videos of at most ${creator.max_video_post_duration_sec} s; the drop's video is ${seconds} s.`,
          );
        init = await platformJson(
          "tiktok",
          platformUrl(`${api}/post/publish/video/init/`),
          json(tokens.accessToken, {
            post_info: {
              title: post.text, // already fitted to the tiktok preset's 2,200 characters
              privacy_level,
              disable_duet: false,
              disable_comment: false,
              disable_stitch: false,
              video_cover_timestamp_ms: 1000,
            },
            source_info,
          }),
        );
      } else init = await platformJson("tiktok", platformUrl(`${api}/post/publish/inbox/video/init/`), json(tokens.accessToken, { source_info }));
      state.publishId = String(init.data.publish_id);
      state.mode = mode;
      await post.progress.save({ publishId: state.publishId, mode });
    }
    const doneAt = state.mode === "inbox" ? "SEND_TO_USER_INBOX" : "PUBLISH_COMPLETE";
    const answer = await pollUntil(
      "TikTok's post",
      async () =>
        (await platformJson("tiktok", platformUrl(`${api}/post/publish/status/fetch/`), json(tokens.accessToken, { publish_id: state.publishId }))).data ?? {},
      (d) => d.status === doneAt || d.status === "FAILED" || d.status === "PUBLISH_COMPLETE",
    );
    if (answer.status === "FAILED") {
      if (answer.fail_reason === "internal") {
        await post.progress.save({ publishId: null });
        throw new PlatformError("TikTok failed the post on its side; the next attempt posts again.", "unavailable", 0);
      }
      throw new PermanentPublishError(`TikTok refused the video: ${answer.fail_reason ?? "no reason given"}`);
    }
    const postId = answer.publicaly_available_post_id?.[0];
    if (!postId) return { externalPostId: state.publishId!, postUrl: null };
    return { externalPostId: String(postId), postUrl: tokens.username ? `https://www.tiktok.com/@${tokens.username}/video/${postId}` : null };
  },
};
