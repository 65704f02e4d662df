/**
 * The export's mixdown: placement, levels, fades, music ducked under the voice and a soft limiter,
 * over PCM files decoded beforehand, streamed a second at a time into one AAC encode.
 * Sample-exact placement with no filter graph of hundreds of inputs. It runs in a child process of
 * its own (mixdown-process.ts, started by renderAudio at background priority), so a render never
 * takes the event loop that serves requests; the functions are plain and unit-tested here.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import type { Writable } from "node:stream";
import { runFfmpeg } from "@/server/media/ffmpeg";
import type { TimelineSegment } from "./timeline";

export interface AudioFormat {
  rate: number;
  channels: 1 | 2;
  bitrate: string;
}

/**
 * Levels and timing of the mix. Every source is first brought to a loudness (dBFS RMS of its
 * non-silent 100 ms blocks) for its role, so a loud upload never drowns the voice and a quiet
 * voice track is still heard; then the bed (music and clip sound) is ducked while a voice speaks.
 */
export const MIX = {
  voiceLevel: -19,
  musicLevel: -25,
  soundLevel: -20,
  /** Loudness corrections stay within these (dB). */
  maxBoost: 12,
  maxCut: -24,
  /** The bed (music and clip sound) is scaled by this while a voice track speaks (about -7 dB). */
  duck: 0.45,
  duckAttack: 0.15,
  duckRelease: 0.5,
  /** A segment's first voice track starts this long after the segment. */
  voiceLead: 0.3,
  /** Silence between two voice tracks of one segment. */
  voiceGap: 0.4,
  /** Fades where a source starts or is cut, so no cut clicks. */
  edgeFade: 0.03,
  musicFadeIn: 1,
  musicFadeOut: 3,
  /** Peaks above this are bent softly towards full scale instead of clipping. */
  limiterKnee: 0.89,
} as const;

export interface PcmSource {
  /** Length in sample frames (one sample per channel). */
  frames: number;
  /** Interleaved samples of frames [offset, offset + count). */
  read(offset: number, count: number): Int16Array;
}

export interface Placement {
  source: PcmSource;
  /** Output frame where it starts. */
  at: number;
  /** Source frame it starts from. */
  offset: number;
  length: number;
  gain: number;
  fadeIn: number;
  fadeOut: number;
  /** Music and clip sound: ducked under the voice. */
  bed: boolean;
}

export interface MixSpec {
  frames: number;
  rate: number;
  channels: number;
  placements: Placement[];
  /** Frame ranges where a voice speaks. */
  voice: { start: number; end: number }[];
}

export interface SoundInputs {
  timeline: readonly TimelineSegment[];
  fps: number;
  /** Per segment: the storage key of the clip whose own sound plays once, or null. */
  sounds: readonly (string | null)[];
  /** Per segment: voice tracks in the order they speak. */
  voices: readonly (readonly string[])[];
  /** The music pool in order; it repeats until the workout ends. */
  music: readonly string[];
}

/** Places every source on the output's frame grid (pure: the sources only need their lengths). */
export function placeSounds(
  inputs: SoundInputs,
  sources: ReadonlyMap<string, PcmSource>,
  rate: number,
  channels: number,
  gains: ReadonlyMap<string, number> = new Map(),
): MixSpec {
  const gainOf = (key: string) => gains.get(key) ?? 1;
  const toFrame = (videoFrame: number) => Math.round((videoFrame * rate) / inputs.fps);
  const last = inputs.timeline[inputs.timeline.length - 1];
  const frames = last ? toFrame(last.startFrame + last.frames) : 0;
  const sec = (s: number) => Math.round(s * rate);
  const placements: Placement[] = [];
  const voice: MixSpec["voice"] = [];
  inputs.timeline.forEach((seg, i) => {
    const start = toFrame(seg.startFrame);
    const end = toFrame(seg.startFrame + seg.frames);
    const sound = inputs.sounds[i];
    const src = sound ? sources.get(sound) : undefined;
    if (src && end > start) {
      const length = Math.min(src.frames, end - start);
      if (length > 0)
        placements.push({ source: src, at: start, offset: 0, length, gain: gainOf(sound!), fadeIn: sec(MIX.edgeFade), fadeOut: sec(MIX.edgeFade), bed: true });
    }
    let t = start + sec(MIX.voiceLead);
    for (const key of inputs.voices[i] ?? []) {
      const v = sources.get(key);
      const room = end - sec(MIX.edgeFade) - t;
      if (!v || room < sec(0.5)) continue;
      const length = Math.min(v.frames, room);
      placements.push({
        source: v,
        at: t,
        offset: 0,
        length,
        gain: gainOf(key),
        fadeIn: sec(0.005),
        fadeOut: length < v.frames ? sec(0.08) : sec(0.005),
        bed: false,
      });
      voice.push({ start: t, end: t + length });
      t += length + sec(MIX.voiceGap);
    }
  });
  const tracks = inputs.music.filter((k) => (sources.get(k)?.frames ?? 0) > 0);
  for (let t = 0, i = 0; tracks.length && t < frames; i++) {
    const key = tracks[i % tracks.length]!;
    const src = sources.get(key)!;
    const length = Math.min(src.frames, frames - t);
    placements.push({
      source: src,
      at: t,
      offset: 0,
      length,
      gain: gainOf(key),
      fadeIn: t === 0 ? sec(MIX.musicFadeIn) : sec(MIX.edgeFade),
      fadeOut: t + length >= frames ? sec(MIX.musicFadeOut) : sec(MIX.edgeFade),
      bed: true,
    });
    t += length;
  }
  placements.sort((a, b) => a.at - b.at);
  return { frames, rate, channels, placements, voice };
}

/** Bed gain at output frame `f`: 1, ramping down to MIX.duck around voice ranges. */
export function duckGain(voice: readonly { start: number; end: number }[], f: number, rate: number): number {
  const attack = MIX.duckAttack * rate;
  const release = MIX.duckRelease * rate;
  let g = 1;
  for (const v of voice) {
    if (f < v.start - attack || f > v.end + release) continue;
    let x: number;
    if (f < v.start) x = 1 - (1 - MIX.duck) * ((f - (v.start - attack)) / attack);
    else if (f <= v.end) x = MIX.duck;
    else x = MIX.duck + (1 - MIX.duck) * ((f - v.end) / release);
    if (x < g) g = x;
  }
  return g;
}

function limit(x: number): number {
  const a = Math.abs(x);
  if (a <= MIX.limiterKnee) return x;
  const room = 1 - MIX.limiterKnee;
  return Math.sign(x) * (MIX.limiterKnee + room * Math.tanh((a - MIX.limiterKnee) / room));
}

/**
 * Adds `samples` (placement frames from `pos` on) to `target` at `at`, scaled by the placement's
 * gain with its fades; the steady middle runs as one tight loop.
 */
function addScaled(target: Float32Array, at: number, samples: Int16Array, pos: number, pl: Placement, channels: number): void {
  const frames = samples.length / channels;
  const fadeInEnd = Math.min(frames, Math.max(0, pl.fadeIn - pos));
  const fadeOutStart = Math.max(fadeInEnd, Math.min(frames, pl.length - pl.fadeOut - pos));
  const gainAt = (f: number) => {
    const p = pos + f;
    let g = pl.gain;
    if (p < pl.fadeIn) g *= p / pl.fadeIn;
    const left = pl.length - p;
    if (left < pl.fadeOut) g *= left / pl.fadeOut;
    return g;
  };
  for (let f = 0; f < fadeInEnd; f++) {
    const g = gainAt(f);
    for (let ch = 0; ch < channels; ch++) target[at + f * channels + ch]! += samples[f * channels + ch]! * g;
  }
  const g = pl.gain;
  for (let i = fadeInEnd * channels, end = fadeOutStart * channels; i < end; i++) target[at + i]! += samples[i]! * g;
  for (let f = fadeOutStart; f < frames; f++) {
    const g2 = gainAt(f);
    for (let ch = 0; ch < channels; ch++) target[at + f * channels + ch]! += samples[f * channels + ch]! * g2;
  }
}

/**
 * Mixes the spec into interleaved 16-bit PCM, one chunk (a second) at a time, handing each chunk to
 * `write` (which may wait for the encoder to take it).
 */
export async function mix(spec: MixSpec, write: (chunk: Buffer) => Promise<void>): Promise<void> {
  const { frames, rate, channels } = spec;
  const chunk = rate;
  const bed = new Float32Array(chunk * channels);
  const voice = new Float32Array(chunk * channels);
  const gains = new Float32Array(chunk);
  // Placements are sorted by start; those before `first` have all ended.
  let first = 0;
  const voiceRanges = [...spec.voice].sort((a, b) => a.start - b.start);
  let v0 = 0;
  for (let c0 = 0; c0 < frames; c0 += chunk) {
    const n = Math.min(chunk, frames - c0);
    bed.fill(0);
    voice.fill(0);
    while (first < spec.placements.length && spec.placements[first]!.at + spec.placements[first]!.length <= c0) first++;
    for (let p = first; p < spec.placements.length; p++) {
      const pl = spec.placements[p]!;
      if (pl.at >= c0 + n) break;
      const from = Math.max(c0, pl.at);
      const to = Math.min(c0 + n, pl.at + pl.length);
      if (to <= from) continue;
      const samples = pl.source.read(pl.offset + (from - pl.at), to - from);
      addScaled(pl.bed ? bed : voice, (from - c0) * channels, samples, from - pl.at, pl, channels);
    }
    while (v0 < voiceRanges.length && voiceRanges[v0]!.end + MIX.duckRelease * rate < c0) v0++;
    const near = voiceRanges.slice(v0, v0 + 8).filter((r) => r.start - MIX.duckAttack * rate <= c0 + n);
    for (let f = 0; f < n; f++) gains[f] = near.length ? duckGain(near, c0 + f, rate) : 1;
    // s16le: the platforms Node runs on here are little-endian, as Int16Array is.
    const samples = new Int16Array(n * channels);
    for (let f = 0; f < n; f++) {
      const g = gains[f]!;
      for (let ch = 0; ch < channels; ch++) {
        const i = f * channels + ch;
        samples[i] = Math.round(limit((bed[i]! * g + voice[i]!) / 32768) * 32767);
      }
    }
    await write(Buffer.from(samples.buffer));
  }
}

/** Loudness in dBFS: RMS over the 100 ms blocks louder than -50 dBFS (pauses do not count); null when silent. */
export function gatedLoudness(source: PcmSource, rate: number, channels: number): number | null {
  const block = Math.max(1, Math.round(rate / 10));
  const gate = 10 ** (-50 / 10); // mean square of -50 dBFS
  let sum = 0;
  let blocks = 0;
  for (let at = 0; at < source.frames; at += block * 10) {
    const samples = source.read(at, Math.min(block * 10, source.frames - at));
    for (let b = 0; b < samples.length; b += block * channels) {
      let sq = 0;
      const end = Math.min(samples.length, b + block * channels);
      for (let i = b; i < end; i++) {
        const x = samples[i]! / 32768;
        sq += x * x;
      }
      const ms = sq / (end - b);
      if (ms > gate) {
        sum += ms;
        blocks++;
      }
    }
  }
  return blocks ? 10 * Math.log10(sum / blocks) : null;
}

/** The linear gain that brings a source of `loudness` dBFS to `target`, within MIX's bounds. */
export function levelGain(loudness: number | null, target: number): number {
  if (loudness === null) return 1;
  return 10 ** (Math.min(MIX.maxBoost, Math.max(MIX.maxCut, target - loudness)) / 20);
}

/** A decoded file read in place (the OS page cache keeps it fast). */
export class FilePcm implements PcmSource {
  readonly frames: number;
  private fd: number | null = null;
  constructor(
    readonly file: string,
    private readonly channels: number,
  ) {
    this.frames = Math.floor(statSync(file).size / (2 * channels));
  }
  read(offset: number, count: number): Int16Array {
    this.fd ??= openSync(this.file, "r");
    const bytes = Buffer.alloc(count * this.channels * 2);
    readSync(this.fd, bytes, 0, bytes.length, offset * this.channels * 2);
    return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Writes to a stream, waiting when it is full; fails when the stream closes first. */
export function writeTo(stream: Writable): (chunk: Buffer) => Promise<void> {
  return (chunk) =>
    new Promise<void>((resolve, reject) => {
      if (stream.destroyed) return reject(new Error("the encoder stopped reading"));
      if (stream.write(chunk)) return resolve();
      const done = (err?: Error) => {
        stream.off("drain", onDrain);
        stream.off("close", onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new Error("the encoder stopped reading"));
      stream.once("drain", onDrain);
      stream.once("close", onClose);
    });
}

/** What the mixdown process is given: the sound inputs, each source's decoded PCM file, the format, the output. */
export interface MixdownJob {
  inputs: SoundInputs;
  /** Storage key -> raw s16le PCM file in `format` (sources that could not be decoded are absent). */
  pcm: [string, string][];
  format: AudioFormat;
  out: string;
  nice: number;
}

/**
 * Levels every source for its role, places them, mixes and encodes one faststart M4A at `job.out`.
 * Answers the mix's length in sample frames.
 */
export async function encodeMixdown(job: MixdownJob): Promise<{ frames: number }> {
  const { inputs, format } = job;
  const sources = new Map<string, FilePcm>(job.pcm.map(([k, f]) => [k, new FilePcm(f, format.channels)]));
  try {
    const target = new Map<string, number>();
    for (const k of inputs.music) target.set(k, MIX.musicLevel);
    for (const k of inputs.sounds) if (k) target.set(k, MIX.soundLevel);
    for (const k of inputs.voices.flat()) target.set(k, MIX.voiceLevel);
    const gains = new Map<string, number>();
    for (const [k, src] of sources) gains.set(k, levelGain(gatedLoudness(src, format.rate, format.channels), target.get(k) ?? MIX.soundLevel));
    const spec = placeSounds(inputs, sources, format.rate, format.channels, gains);
    await runFfmpeg(
      [
        "-f",
        "s16le",
        "-ar",
        String(format.rate),
        "-ac",
        String(format.channels),
        "-i",
        "pipe:0",
        "-c:a",
        "aac",
        "-aac_coder",
        "fast",
        "-b:a",
        format.bitrate,
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        job.out,
      ],
      { nice: job.nice, feed: (stdin) => mix(spec, writeTo(stdin)) },
    );
    return { frames: spec.frames };
  } finally {
    for (const s of sources.values()) s.close();
  }
}
