import type { PlatformAdapter } from "../adapters/types";
import { PermanentPublishError } from "../adapters/types";
import { ENDPOINTS, platformUrl } from "./config";
import { grantOf, pollUntil } from "./common";
import { failure, form, platformJson } from "./http";

/**
 * Facebook Pages (Reels publishing API): `POST /{page-id}/video_reels` upload_phase=start gives a
 * video id; the video is uploaded to rupload.facebook.com with the `file_url` header (Facebook
 * fetches Forma's signed link), upload_phase=finish with video_state=PUBLISHED and the
 * description publishes it, and `GET /{video-id}?fields=status` is polled until the publishing
 * phase is complete. Each phase is saved, so a retry continues where the last attempt stopped.
 */
type State = { videoId?: string; uploaded?: boolean; finished?: boolean };

type Phase = { status?: string; errors?: { code?: number; message?: string }[] };

export const facebookAdapter: PlatformAdapter = {
  name: "facebook",
  async publish(db, post) {
    const { account, tokens } = await grantOf(db, post);
    const graph = ENDPOINTS.facebook.graph;
    const access_token = tokens.accessToken;
    const state = { ...(post.progress.state as State) };
    if (!state.videoId) {
      const started = await platformJson("facebook", platformUrl(`${graph}/${account.accountId}/video_reels`), {
        method: "POST",
        ...form({ upload_phase: "start", access_token }),
      });
      state.videoId = String(started.video_id);
      await post.progress.save({ videoId: state.videoId });
    }
    const videoId = state.videoId;
    if (!state.uploaded) {
      let res: Response;
      try {
        res = await fetch(platformUrl(`${ENDPOINTS.facebook.rupload}/${videoId}`), {
          method: "POST",
          headers: { authorization: `OAuth ${access_token}`, file_url: post.videoUrl },
          signal: AbortSignal.timeout(120_000),
        });
      } catch (err) {
        throw failure("facebook", 503, { error: { message: `upload failed: ${err instanceof Error ? err.message : String(err)}` } });
      }
      const body = await res.json().catch(() => null);
      if (!res.ok || body?.success === false) throw failure("facebook", res.ok ? 400 : res.status, body);
      await post.progress.save({ uploaded: true });
    }
    if (!state.finished) {
      await platformJson("facebook", platformUrl(`${graph}/${account.accountId}/video_reels`), {
        method: "POST",
        ...form({ upload_phase: "finish", video_id: videoId, video_state: "PUBLISHED", description: post.text, access_token }),
      });
      await post.progress.save({ finished: true });
    }
    const answer = await pollUntil(
      "Facebook's Reel",
      () => platformJson("facebook", platformUrl(`${graph}/${videoId}`, { fields: "status", access_token })),
      (s) => {
        const st = s.status ?? {};
        return (
          st.video_status === "error" ||
          [st.uploading_phase, st.processing_phase, st.publishing_phase].some((p: Phase | undefined) => p?.status === "error") ||
          st.publishing_phase?.status === "complete"
        );
      },
    );
    const st = answer.status ?? {};
    const broken = [st.uploading_phase, st.processing_phase, st.publishing_phase].find((p: Phase | undefined) => p?.status === "error") as Phase | undefined;
    if (broken || st.video_status === "error")
      throw new PermanentPublishError(`Facebook could not publish the Reel: ${broken?.errors?.[0]?.message ?? "the video was rejected"}`);
    return { externalPostId: videoId, postUrl: `https://www.facebook.com/reel/${videoId}` };
  },
};
