import { env } from "@/server/env";
import { log } from "@/server/core/log";
import type { PlatformAdapter } from "../adapters/types";
import { ENDPOINTS, platformUrl } from "./config";
import { grantOf, readOwnMedia } from "./common";
import { PlatformError, failure } from "./http";

/**
 * YouTube (Data API v3): a resumable upload. `POST /upload/youtube/v3/videos?uploadType=resumable
 * &part=snippet,status` with the metadata answers the session URI (Location); the file is sent in
 * chunks (multiples of 256 KiB, `Content-Range: bytes a-b/total`), each answered 308 with the
 * `Range` received, the last one 200/201 with the video. A retry asks the session how far it got
 * (`Content-Range: bytes *\/total`) and sends the rest. Then `thumbnails.set` with the cover.
 * YouTube files a vertical or square video of at most 3 minutes as a Short; the yt_shorts preset
 * posts 9:16 or 1:1 variants of at most 60 s, and its URL is the /shorts/ one.
 */
type State = { uploadUrl?: string | null; videoId?: string; thumbnail?: "set" | "skipped" };

const CATEGORY_SPORTS = "17";

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(300_000) });
  } catch (err) {
    throw new PlatformError(`YouTube could not be reached: ${err instanceof Error ? err.message : String(err)}`, "unavailable", 0);
  }
}

async function errorOf(res: Response): Promise<Error> {
  return failure("youtube", res.status, await res.json().catch(() => null));
}

/** The next byte to send, from a 308's Range header (`bytes=0-N`), or 0. */
const nextByte = (res: Response) => {
  const m = /bytes=0-(\d+)/.exec(res.headers.get("range") ?? "");
  return m ? Number(m[1]) + 1 : 0;
};

export const youtubeAdapter: PlatformAdapter = {
  name: "youtube",
  async publish(db, post) {
    const { tokens } = await grantOf(db, post);
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const state = { ...(post.progress.state as State) };
    if (!state.videoId) {
      const video = await readOwnMedia(post.videoUrl);
      const total = video.length;
      let offset = 0;
      if (state.uploadUrl) {
        const probe = await send(state.uploadUrl, { method: "PUT", headers: { ...auth, "content-range": `bytes */${total}`, "content-length": "0" } });
        if (probe.status === 200 || probe.status === 201) state.videoId = String((await probe.json()).id);
        else if (probe.status === 308) offset = nextByte(probe);
        else if (probe.status === 404 || probe.status === 410)
          state.uploadUrl = null; // the session expired: start a new one
        else throw await errorOf(probe);
      }
      if (!state.videoId && !state.uploadUrl) {
        const shorts = post.channelPreset === "yt_shorts";
        const metadata = {
          snippet: {
            title: post.copyPack.hook.slice(0, 100) || "Workout",
            description: shorts && !/#shorts\b/i.test(post.text) ? `${post.text}\n\n#Shorts`.slice(0, 5000) : post.text,
            tags: post.copyPack.hashtags.slice(0, 15),
            categoryId: CATEGORY_SPORTS,
          },
          status: { privacyStatus: "public", selfDeclaredMadeForKids: false },
        };
        const init = await send(platformUrl(`${ENDPOINTS.youtube.upload}/videos`, { uploadType: "resumable", part: "snippet,status" }), {
          method: "POST",
          headers: {
            ...auth,
            "content-type": "application/json; charset=UTF-8",
            "x-upload-content-length": String(total),
            "x-upload-content-type": "video/mp4",
          },
          body: JSON.stringify(metadata),
        });
        const location = init.headers.get("location");
        if (!init.ok || !location)
          throw init.ok ? new PlatformError("YouTube did not answer an upload address.", "unavailable", init.status) : await errorOf(init);
        state.uploadUrl = platformUrl(location);
        await post.progress.save({ uploadUrl: state.uploadUrl });
        offset = 0;
      }
      const chunk = env().SOCIAL_UPLOAD_CHUNK_BYTES;
      while (!state.videoId) {
        const end = Math.min(offset + chunk, total);
        const res = await send(state.uploadUrl!, {
          method: "PUT",
          headers: { ...auth, "content-type": "video/mp4", "content-length": String(end - offset), "content-range": `bytes ${offset}-${end - 1}/${total}` },
          body: new Uint8Array(video.subarray(offset, end)),
        });
        if (res.status === 308) {
          offset = nextByte(res);
          continue;
        }
        if (res.status === 200 || res.status === 201) {
          state.videoId = String((await res.json()).id);
          break;
        }
        throw await errorOf(res); // 5xx: the next attempt resumes this session
      }
      await post.progress.save({ videoId: state.videoId, uploadUrl: null });
    }
    if (!state.thumbnail) {
      const cover = await readOwnMedia(post.coverUrl);
      const res = await send(platformUrl(`${ENDPOINTS.youtube.upload}/thumbnails/set`, { videoId: state.videoId }), {
        method: "POST",
        headers: { ...auth, "content-type": "image/jpeg", "content-length": String(cover.length) },
        body: new Uint8Array(cover),
      });
      if (!res.ok) {
        const err = await errorOf(res);
        // The video is up: a rate limit or outage retries only the thumbnail; a refusal (custom
        // thumbnails need a verified channel) leaves YouTube's own frame.
        if (err instanceof PlatformError) throw err;
        log("warn", "youtube thumbnail refused", { deliveryId: post.deliveryId, err: err.message });
        await post.progress.save({ thumbnail: "skipped" });
      } else await post.progress.save({ thumbnail: "set" });
    }
    const postUrl = post.channelPreset === "yt_shorts" ? `https://www.youtube.com/shorts/${state.videoId}` : `https://www.youtube.com/watch?v=${state.videoId}`;
    return { externalPostId: state.videoId!, postUrl };
  },
};
