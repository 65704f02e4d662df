import { getDb } from "@/db/client";
import type { GeneratedMedia } from "@/server/media/serve";
import { CLIP_CAPTIONS_PREFIX, renderClipCaptions } from "./clip-captions";

/**
 * What /media/{key} makes on request instead of reading from storage (see serveMedia's
 * `generate`): clip caption tracks. `undefined` for every other key.
 */
export async function generatedMedia(key: string): Promise<GeneratedMedia | null | undefined> {
  if (key.startsWith(CLIP_CAPTIONS_PREFIX)) {
    const vtt = await renderClipCaptions(getDb(), key);
    return vtt === null ? null : { body: vtt, contentType: "text/vtt; charset=utf-8" };
  }
  return undefined;
}
