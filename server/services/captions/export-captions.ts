import type { Db } from "@/db/client";
import { listVoiceScripts } from "@/db/queries/exports";
import { type Cue, type Speech, renderVtt, speechCues, speechSeconds } from "@/server/media/captions";
import { MIX } from "@/server/media/render/mixdown";

/**
 * The caption sidecar of a video export: the voice-over and cues of every segment, placed as the
 * mixdown places them (server/media/render/mixdown.ts placeSounds: MIX.voiceLead after the
 * segment starts, MIX.voiceGap between tracks, cut where the segment ends, a track with less
 * than half a second of room left out) on the playlist's planned times, which the frame-exact
 * timeline keeps within a frame or two. Stored beside the MP4 (same key, `.vtt`) before the
 * export row becomes ready, so a ready export's captions are there as soon as its video is.
 */

export function exportCaptionsKey(videoKey: string): string {
  return videoKey.replace(/\.mp4$/, ".vtt");
}

export function exportCues(segments: readonly { seconds: number }[], voices: readonly (readonly string[])[], speech: ReadonlyMap<string, Speech>): Cue[] {
  const cues: Cue[] = [];
  let start = 0;
  segments.forEach((segment, i) => {
    const end = start + Math.max(0, segment.seconds);
    let t = start + MIX.voiceLead;
    for (const key of voices[i] ?? []) {
      const s = speech.get(key);
      const room = end - MIX.edgeFade - t;
      if (!s || room < 0.5) continue;
      const length = Math.min(speechSeconds(s), room);
      cues.push(...speechCues(s, t, t + length));
      t += length + MIX.voiceGap;
    }
    start = end;
  });
  return cues;
}

/** The sidecar's WebVTT for one locale's voices, or null when nothing scripted is spoken. */
export async function exportCaptionsVtt(db: Db, segments: readonly { seconds: number }[], voices: readonly (readonly string[])[]): Promise<string | null> {
  const keys = [...new Set(voices.flat())];
  const rows = await listVoiceScripts(db, keys);
  const speech = new Map<string, Speech>();
  for (const r of rows) if (r.scriptText?.trim()) speech.set(r.assetKey, { text: r.scriptText, seconds: r.durationSeconds });
  // A track without a script still takes its place in the mix: time passes for it, no cue shows.
  for (const r of rows) if (!speech.has(r.assetKey) && r.durationSeconds) speech.set(r.assetKey, { text: "", seconds: r.durationSeconds });
  const cues = exportCues(segments, voices, speech);
  return cues.length ? renderVtt(cues) : null;
}
