/**
 * The export's sound, mixed once and encoded once. Every source (voice tracks, the music pool, the
 * own sound of clips that play once) is decoded to PCM in the export's sample format by ffmpeg;
 * the mixdown (mixdown.ts) then runs in a child process at background priority, which levels,
 * places and mixes the PCM and feeds one AAC encode. Nothing of it runs on the event loop that
 * serves requests: before, a 30-minute mix held it for about a second in total, in slices of
 * milliseconds, and the API's tail latency rose while exports rendered.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { setPriority } from "node:os";
import { log } from "@/server/api/log";
import { probeMedia, runFfmpeg } from "@/server/media/ffmpeg";
import { readMp4Tracks } from "@/server/media/mp4";
import type { MediaStorage } from "@/server/media/storage";
import { digest, localSource } from "./cache";
import type { AudioFormat, MixdownJob, SoundInputs } from "./mixdown";
import { BACKGROUND_NICE, inPool } from "./video";

export type { AudioFormat, SoundInputs } from "./mixdown";

/** Mono sources at up to 32 kHz (speech, the demo music) are mixed in mono; anything richer in stereo. */
export function chooseAudioFormat(sources: readonly { channels: number; sampleRate: number }[]): AudioFormat {
  const rich = sources.some((s) => s.channels > 1 || s.sampleRate > 32000);
  return rich ? { rate: 44100, channels: 2, bitrate: "128k" } : { rate: 32000, channels: 1, bitrate: "64k" };
}

const trackFormats = new Map<string, { channels: number; sampleRate: number } | null>();

/** Channels and rate of a source's audio (null when it has none); read from the MP4 header when possible. */
async function audioTrackOf(file: string): Promise<{ channels: number; sampleRate: number } | null> {
  if (trackFormats.has(file)) return trackFormats.get(file)!;
  const tracks = await readMp4Tracks(file);
  let found: { channels: number; sampleRate: number } | null = tracks ? tracks.audio : null;
  if (!tracks) {
    const probe = await probeMedia(file).catch(() => null);
    found = probe?.audio ? { channels: probe.audio.channels, sampleRate: probe.audio.sampleRate } : null;
  }
  if (trackFormats.size > 10_000) trackFormats.clear();
  trackFormats.set(file, found);
  return found;
}

export interface RenderedAudio {
  format: AudioFormat;
  frames: number;
}

/**
 * Decodes the sources, mixes them and encodes the result as one AAC track in a faststart M4A at
 * `out`. Working files go to `workDir`.
 */
export async function renderAudio(storage: MediaStorage, inputs: SoundInputs, workDir: string, out: string, nice = BACKGROUND_NICE): Promise<RenderedAudio> {
  const beds = [...new Set([...inputs.music, ...inputs.sounds.filter((s): s is string => !!s)])];
  const voices = [...new Set(inputs.voices.flat())];
  const files = new Map<string, string>();
  await inPool([...beds, ...voices], 4, async (key) => {
    // A track that is no longer stored is left out of the mix rather than failing the export.
    if (await storage.exists(key)) files.set(key, await localSource(storage, key));
    else log("warn", "export source missing, left out of the mix", { key });
  });
  const tracks = new Map<string, { channels: number; sampleRate: number } | null>();
  await inPool([...files.entries()], 4, async ([key, file]) => tracks.set(key, await audioTrackOf(file)));
  const format = chooseAudioFormat(beds.flatMap((k) => (tracks.get(k) ? [tracks.get(k)!] : [])));
  const decodable = [...files.keys()].filter((k) => tracks.get(k));
  const pcm = new Map<string, string>(decodable.map((k) => [k, path.join(workDir, `${digest(k)}.pcm`)]));
  // One ffmpeg per batch of sources, each decoded to raw PCM in the export's format.
  for (let i = 0; i < decodable.length; i += 24) {
    const batch = decodable.slice(i, i + 24);
    const inputs = batch.flatMap((k) => ["-i", files.get(k)!]);
    const outputs = batch.flatMap((k, j) => ["-map", `${j}:a:0`, "-ac", String(format.channels), "-ar", String(format.rate), "-f", "s16le", pcm.get(k)!]);
    await runFfmpeg([...inputs, ...outputs], { nice });
  }
  const { frames } = await runMixdown({ inputs, pcm: [...pcm], format, out, nice });
  return { format, frames };
}

/** Set by the server's compiler (scripts/build-server.ts): the compiled server runs the compiled mixdown. */
declare const FORMA_COMPILED: boolean | undefined;
const compiled = typeof FORMA_COMPILED !== "undefined" && FORMA_COMPILED;
/** The mixdown process: `node dist/mixdown-process.js` in the compiled server, else the TypeScript through tsx. */
const MIXDOWN_ARGS = () =>
  compiled ? [path.join(process.cwd(), "dist", "mixdown-process.js")] : ["--import", "tsx", path.join(process.cwd(), "server", "media", "render", "mixdown-process.ts")];
/** A mixdown that takes longer than this is killed (its encode has the same limit). */
const MIXDOWN_TIMEOUT_MS = 11 * 60_000;
const TAIL_BYTES = 4000;

/**
 * Runs encodeMixdown in a child process at `job.nice`: the job goes in on stdin as JSON, the
 * result comes back on stdout as JSON; a failure is the child's exit code and the tail of its
 * stderr.
 */
function runMixdown(job: MixdownJob): Promise<{ frames: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, MIXDOWN_ARGS(), { stdio: ["pipe", "pipe", "pipe"], cwd: process.cwd() });
    if (job.nice && child.pid) {
      try {
        setPriority(child.pid, job.nice);
      } catch {
        // Not permitted here: run at normal priority.
      }
    }
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr = (stderr + c).slice(-TAIL_BYTES);
    });
    child.stdin.on("error", () => {}); // a child that failed to start: its exit tells
    child.stdin.end(JSON.stringify(job));
    const timer = setTimeout(() => child.kill("SIGKILL"), MIXDOWN_TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`the mixdown process could not start: ${err.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the mixdown failed (${signal ?? `exit ${code}`}): ${stderr.trim().split("\n").slice(-3).join(" | ")}`));
      try {
        resolve(JSON.parse(stdout) as { frames: number });
      } catch {
        reject(new Error(`the mixdown answered no result: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
