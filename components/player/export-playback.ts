"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type ApiCallOptions, PlayerApiError, credentialHeaders, describeStatus, tokenRefusal } from "./api";
import type { ApiWorkoutDetail } from "./from-playlist";
import type { PlayerWorkout } from "./model";

/**
 * The embed's `playback=export` mode: instead of the playlist clip by clip, the workout's rendered
 * export plays as one video, adaptively (GET .../export/video/hls_url, played by use-hls-source.ts)
 * with the export's caption sidecar (GET .../export/captions/stream_url) as its caption track.
 * While the export is not rendered (404) the embed plays the playlist as usual (progressive clips).
 */

export function wantsExportPlayback(search: string): boolean {
  return new URLSearchParams(search).get("playback") === "export";
}

type Credential = Pick<ApiCallOptions, "apiKey" | "token">;

/** A text/plain /v1 answer, or null on 404. */
async function apiUrl(path: string, cred: Credential): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(path, { headers: credentialHeaders(cred, "text/plain"), credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new PlayerApiError("network", "The player could not reach the server. Please check your connection.");
  }
  if (res.status === 404) return null;
  if (res.status === 401 && cred.token) throw await tokenRefusal(res);
  if (!res.ok) {
    const { code, message } = describeStatus(res.status, "This workout's video");
    throw new PlayerApiError(code, message, res.status);
  }
  return (await res.text()).trim();
}

const localeOfExport = (url: string) => /\/exports\/[0-9a-f]{24}\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)-video-/.exec(new URL(url, "http://x").pathname)?.[1] ?? null;

function labelOf(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

/** The one-segment workout that plays an export (null until both URLs are known, or without an export). */
export function exportWorkout(detail: ApiWorkoutDetail, hlsUrl: string, captionsUrl: string | null, segmentId: string): PlayerWorkout {
  const locale = captionsUrl ? localeOfExport(captionsUrl) : null;
  const poster = detail.images?.cover ?? detail.preview?.poster ?? null;
  return {
    id: detail.id,
    name: detail.name,
    description: detail.description,
    poster,
    duration: detail.duration,
    difficulty: detail.difficulty,
    skipPreview: detail.skipWorkoutPreview,
    skipCompletionScreen: detail.skipWorkoutCompletionScreen,
    segments: [
      {
        id: segmentId,
        kind: "class",
        name: detail.name,
        duration: detail.duration,
        timing: "media",
        video: { url: hlsUrl, poster, loop: false, muted: false },
        imageUrl: poster,
        audio: [],
        reps: null,
        facts: [],
        ...(captionsUrl && locale ? { captions: [{ locale, label: labelOf(locale), url: captionsUrl }] } : {}),
      },
    ],
  };
}

export function useExportPlayback(opts: {
  enabled: boolean;
  base: string;
  /** The embed's key, or its embed token (whose scope covers its workout's export URLs). */
  cred: Credential;
  locale: string | null;
  detail: ApiWorkoutDetail | undefined;
  firstSegmentId: string | undefined;
}): { loading: boolean; workout: PlayerWorkout | null } {
  const q = opts.locale ? `?locale=${encodeURIComponent(opts.locale)}` : "";
  const urls = useQuery({
    queryKey: ["embed", opts.base, "export", opts.locale],
    queryFn: async () => {
      const hls = await apiUrl(`${opts.base}/export/video/hls_url${q}`, opts.cred);
      const captions = hls ? await apiUrl(`${opts.base}/export/captions/stream_url${q}`, opts.cred) : null;
      return { hls, captions };
    },
    enabled: opts.enabled,
    retry: false,
  });
  const workout = useMemo(
    () => (opts.enabled && opts.detail && urls.data?.hls && opts.firstSegmentId ? exportWorkout(opts.detail, urls.data.hls, urls.data.captions, opts.firstSegmentId) : null),
    [opts.enabled, opts.detail, urls.data, opts.firstSegmentId],
  );
  // A failed lookup falls back to the playlist, like a missing export.
  return { loading: opts.enabled && urls.isPending, workout };
}
