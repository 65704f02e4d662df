"use client";

import type Hls from "hls.js";

/**
 * Gives a `<video>` its source: a progressive file directly; an HLS playlist (`.m3u8`, such as a
 * workout export's `hls_url`) natively where the browser plays HLS itself (Safari, iOS), else
 * through hls.js, which is imported only then (its own chunk; pages that never meet a playlist
 * never load it). hls.js feeds the element through Media Source Extensions (a `blob:` source) and
 * parses segments in a worker (`blob:`), both allowed by the pages' CSP (media-src, worker-src).
 * The element's `data-forma-source` holds the URL it plays, whichever way, and
 * `data-hls-height` the height of the rendition hls.js is playing (for diagnostics and tests).
 */

const players = new WeakMap<HTMLVideoElement, Hls>();

/**
 * How far ahead hls.js fetches: 30 s, whatever the bitrate. Its defaults fill up to 60 MB, capped
 * at 600 s: for a workout export's small renditions (tens of kbit/s) that is ten minutes fetched at
 * the start, which a member who stops early never watches, and which kept a slowed-down network
 * on the top rendition for minutes (the smaller one is only seen once the buffer has played).
 */
const FORWARD_BUFFER = { maxBufferLength: 30, maxMaxBufferLength: 30 } as const;

export function isHlsUrl(url: string): boolean {
  try {
    return new URL(url, "http://x").pathname.toLowerCase().endsWith(".m3u8");
  } catch {
    return false;
  }
}

/**
 * Safari (macOS, iOS) plays HLS itself, with its own rendition switching. Recent Chromium also
 * answers canPlayType for HLS, but hls.js plays better there (bandwidth estimation we can observe,
 * the same behaviour as every other Chromium): Chromium is recognised by `navigator.userAgentData`,
 * which only it has.
 */
function playsHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType("application/vnd.apple.mpegurl") !== "" && !("userAgentData" in navigator);
}

/**
 * The URL a segment's video plays from: its HLS package when it has one (long clips) and that did
 * not fail in this player, else the progressive file.
 */
export function sourceOf(video: { url: string; hlsUrl?: string | null }, failedHls: ReadonlySet<string>): string {
  return video.hlsUrl && !failedHls.has(video.hlsUrl) ? video.hlsUrl : video.url;
}

/** The URL a video element was given through attachSource (or its plain src). */
export function currentSource(video: HTMLVideoElement): string | null {
  return video.dataset.formaSource ?? video.getAttribute("src");
}

function detach(video: HTMLVideoElement) {
  players.get(video)?.destroy();
  players.delete(video);
  delete video.dataset.hlsHeight;
}

/**
 * Points `video` at `url`. `onFatal` is called when hls.js gives up (the same as the element's
 * own error for progressive files).
 */
export function attachSource(video: HTMLVideoElement, url: string, onFatal: () => void): void {
  detach(video);
  video.dataset.formaSource = url;
  if (!isHlsUrl(url) || playsHlsNatively(video)) {
    video.src = url;
    return;
  }
  // Back to an empty element at once: a play() asked now waits for the stream instead of being
  // aborted when hls.js sets its own source (the load of a new source pauses a loaded element).
  if (video.hasAttribute("src")) {
    video.removeAttribute("src");
    video.load();
  }
  void import("hls.js").then(
    ({ default: HlsClass }) => {
      if (video.dataset.formaSource !== url) return; // another source was chosen meanwhile
      if (!HlsClass.isSupported()) {
        video.src = url; // no MSE: let the element try (and report) it
        return;
      }
      const hls = new HlsClass({ capLevelToPlayerSize: false, startLevel: -1, ...FORWARD_BUFFER });
      players.set(video, hls);
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => {
        const level = hls.levels[data.level];
        if (level) video.dataset.hlsHeight = String(level.height);
      });
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (data.fatal) {
          detach(video);
          onFatal();
        }
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    },
    () => onFatal(),
  );
}

/** Stops any hls.js instance of `video` (the player unmounts). */
export function releaseSource(video: HTMLVideoElement | null): void {
  if (video) detach(video);
}
