/**
 * Generates Forma's demo media into db/seed/media/ and writes db/seed/media/manifest.json.
 *
 * Run once by a developer after changing the media plan or the exercise instructions:
 *
 *   npx tsx scripts/generate-media.ts
 *
 * The output is committed, so neither the running service nor the seed command ever needs
 * ffmpeg, espeak-ng or the network. Requirements on the developer machine: the
 * `@ffmpeg-installer/ffmpeg` devDependency (a static ffmpeg) and `espeak-ng` on PATH
 * (`apt-get install -y espeak-ng`). Everything is synthesized: test-pattern backgrounds with
 * moving figures for video, espeak-ng for speech, and a tiny additive synthesizer for music,
 * so there are no third-party assets with licenses to track. Instruction texts come from
 * db/seed/data/exercises.ts and track lengths from db/seed/data/music.ts, so the files and
 * the seed data cannot drift apart.
 */
import { mulberry32 } from "../lib/mulberry32";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { EXERCISES, INSTRUCTION_LOCALES, type InstructionLocale } from "../db/seed/data/exercises";
import { MUSIC_TRACKS } from "../db/seed/data/music";
import { isFaststart } from "../server/media/mp4";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "db/seed/media");
const FFMPEG = ffmpegInstaller.path;

// ---------------------------------------------------------------------------------------------
// The media plan
// ---------------------------------------------------------------------------------------------

/** Spoken tracks exist for the instruction locales of the seed data. */
const LOCALES = INSTRUCTION_LOCALES;
type SpeechLocale = InstructionLocale;

/** espeak-ng voice per locale; speed in words per minute, a little slower than the default 175. */
const VOICES: Record<SpeechLocale, { voice: string; speed: number }> = {
  "en-US": { voice: "en-us", speed: 160 },
  "de-DE": { voice: "de", speed: 155 },
  "es-ES": { voice: "es", speed: 160 },
  "fr-FR": { voice: "fr-fr", speed: 160 },
};

const VOICE_OVERS: Record<"workout-intro" | "workout-outro", Record<SpeechLocale, string>> = {
  "workout-intro": {
    "en-US": "Welcome. Let's warm up and get started.",
    "de-DE": "Willkommen. Lass uns aufwärmen und loslegen.",
    "es-ES": "Bienvenido. Vamos a calentar y a empezar.",
    "fr-FR": "Bienvenue. Échauffons-nous et commençons.",
  },
  "workout-outro": {
    "en-US": "Great work. You finished your workout. See you next time.",
    "de-DE": "Super gemacht. Du hast dein Training geschafft. Bis zum nächsten Mal.",
    "es-ES": "¡Buen trabajo! Has terminado tu entrenamiento. Hasta la próxima.",
    "fr-FR": "Bravo. Vous avez terminé votre séance. À la prochaine.",
  },
};
const EXERCISE_CUE = "Next exercise. Get ready.";

/** Upright figures stand on the floor line; floor figures lie along it (planks, bridges). */
type Pose = "stand" | "floor";
/** Periodic paths, so every clip ends where it started and loops without a jump. */
type Motion = "bob" | "jump" | "sway" | "stride" | "circle" | "twist" | "hold";
interface ClipPlan {
  pose: Pose;
  motion: Motion;
  /** Clip length in seconds (3 for dynamic moves, 4 for holds and slow moves). */
  seconds: 3 | 4;
  /** Movement cycles per clip. */
  reps: number;
}

/** How each exercise of db/seed/data/exercises.ts moves in its demo clip. */
const EXERCISE_CLIPS: Record<string, ClipPlan> = {
  squat: { pose: "stand", motion: "bob", seconds: 3, reps: 2 },
  lunge: { pose: "stand", motion: "stride", seconds: 3, reps: 2 },
  "reverse-lunge": { pose: "stand", motion: "stride", seconds: 3, reps: 1 },
  "jump-squat": { pose: "stand", motion: "jump", seconds: 3, reps: 3 },
  "push-up": { pose: "floor", motion: "bob", seconds: 3, reps: 2 },
  "knee-push-up": { pose: "floor", motion: "bob", seconds: 3, reps: 3 },
  plank: { pose: "floor", motion: "hold", seconds: 4, reps: 1 },
  "side-plank": { pose: "floor", motion: "hold", seconds: 4, reps: 2 },
  "mountain-climber": { pose: "floor", motion: "twist", seconds: 3, reps: 6 },
  burpee: { pose: "stand", motion: "jump", seconds: 3, reps: 1 },
  "jumping-jack": { pose: "stand", motion: "jump", seconds: 3, reps: 4 },
  "high-knees": { pose: "stand", motion: "twist", seconds: 3, reps: 6 },
  "glute-bridge": { pose: "floor", motion: "jump", seconds: 3, reps: 2 },
  "dead-bug": { pose: "floor", motion: "sway", seconds: 4, reps: 2 },
  "bird-dog": { pose: "floor", motion: "sway", seconds: 4, reps: 1 },
  "bicycle-crunch": { pose: "floor", motion: "twist", seconds: 3, reps: 4 },
  "russian-twist": { pose: "floor", motion: "twist", seconds: 3, reps: 3 },
  superman: { pose: "floor", motion: "jump", seconds: 4, reps: 2 },
  "tricep-dip": { pose: "stand", motion: "bob", seconds: 3, reps: 3 },
  "pike-push-up": { pose: "floor", motion: "circle", seconds: 3, reps: 2 },
  "dumbbell-row": { pose: "stand", motion: "sway", seconds: 3, reps: 3 },
  "dumbbell-shoulder-press": { pose: "stand", motion: "jump", seconds: 3, reps: 2 },
  "dumbbell-bicep-curl": { pose: "stand", motion: "twist", seconds: 3, reps: 3 },
  "goblet-squat": { pose: "stand", motion: "bob", seconds: 4, reps: 2 },
  "romanian-deadlift": { pose: "stand", motion: "bob", seconds: 4, reps: 1 },
  "kettlebell-swing": { pose: "stand", motion: "circle", seconds: 3, reps: 2 },
  "band-pull-apart": { pose: "stand", motion: "sway", seconds: 3, reps: 4 },
  "band-squat": { pose: "stand", motion: "bob", seconds: 3, reps: 3 },
  "skater-jump": { pose: "stand", motion: "sway", seconds: 3, reps: 2 },
  inchworm: { pose: "floor", motion: "stride", seconds: 4, reps: 1 },
  "bear-crawl": { pose: "floor", motion: "stride", seconds: 3, reps: 2 },
  "wall-sit": { pose: "stand", motion: "hold", seconds: 4, reps: 1 },
  "calf-raise": { pose: "stand", motion: "jump", seconds: 3, reps: 4 },
  "step-up": { pose: "stand", motion: "stride", seconds: 3, reps: 2 },
  "lateral-lunge": { pose: "stand", motion: "sway", seconds: 4, reps: 2 },
  "hip-thrust": { pose: "floor", motion: "jump", seconds: 3, reps: 2 },
  "v-up": { pose: "floor", motion: "circle", seconds: 3, reps: 2 },
  "flutter-kick": { pose: "floor", motion: "twist", seconds: 3, reps: 8 },
  "downward-dog": { pose: "floor", motion: "hold", seconds: 4, reps: 1 },
  "childs-pose": { pose: "floor", motion: "hold", seconds: 4, reps: 1 },
  "cat-cow": { pose: "floor", motion: "bob", seconds: 4, reps: 1 },
  "worlds-greatest-stretch": { pose: "stand", motion: "circle", seconds: 4, reps: 1 },
};

/** Display names for the on-screen label; English only, since clips are shared by all locales. */
const NAME_OVERRIDES: Record<string, string> = {
  "push-up": "Push-up",
  "knee-push-up": "Knee Push-up",
  "pike-push-up": "Pike Push-up",
  "step-up": "Step-up",
  "v-up": "V-up",
  "childs-pose": "Child's Pose",
  "worlds-greatest-stretch": "World's Greatest Stretch",
  "cat-cow": "Cat-Cow",
};

/** Sound of each music track; length and tempo come from db/seed/data/music.ts. */
const MUSIC_STYLES: Record<string, Omit<SongSpec, "bpm">> = {
  "track-1": { root: 57, minor: true, chords: [0, 5, 2, 6], seed: 1, drums: "four" },
  "track-2": { root: 60, minor: false, chords: [0, 4, 5, 3], seed: 2, drums: "half" },
  "track-3": { root: 55, minor: false, chords: [0, 3, 4, 3], seed: 3, drums: "four" },
  "track-4": { root: 52, minor: true, chords: [0, 3, 6, 4], seed: 4, drums: "half" },
  "track-5": { root: 62, minor: true, chords: [0, 6, 5, 6], seed: 5, drums: "four" },
  "track-6": { root: 58, minor: false, chords: [5, 3, 0, 4], seed: 6, drums: "four" },
  "track-7": { root: 53, minor: false, chords: [0, 5, 3, 4], seed: 7, drums: "half" },
  "track-8": { root: 59, minor: true, chords: [0, 2, 5, 4], seed: 8, drums: "four" },
};

// ---------------------------------------------------------------------------------------------
// Encoding settings
// ---------------------------------------------------------------------------------------------

const W = 320;
const H = 180;
const FPS = 25;
const AUDIO_RATE = 32000;
const SPEECH_RATE = 22050;
/**
 * ffmpeg's native AAC encoder overshoots low targets on speech: a nominal 24 kbps at 22.05 kHz
 * measures about 32 kbps, while a nominal 32 kbps measures about 42.
 */
const SPEECH_KBPS = 24;

/**
 * H.264 Main at a low ceiling: synthetic pictures compress well, and the folder stays small.
 * One x264 thread, because threaded x264 here varies its output with machine load, and
 * regenerating unchanged media should not produce a diff.
 */
const VIDEO_ARGS = [
  "-c:v", "libx264", "-profile:v", "main", "-level", "3.0", "-pix_fmt", "yuv420p", "-threads", "1",
  "-preset", "slow", "-crf", "28", "-maxrate", "200k", "-bufsize", "400k", "-r", String(FPS),
];
const AAC_ARGS = (kbps: number) => ["-c:a", "aac", "-b:a", `${kbps}k`, "-ac", "1"];
/** Progressive-download friendly and reproducible: moov first, no encoder/version tags. */
const CONTAINER_ARGS = ["-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact"];

// ---------------------------------------------------------------------------------------------
// Process helpers
// ---------------------------------------------------------------------------------------------

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(stderr);
      else reject(new Error(`${path.basename(cmd)} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}

const ffmpeg = (args: string[]) => run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...args]);

/** Runs tasks with bounded concurrency; ffmpeg is mostly single-threaded at these sizes. */
async function runPool<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const lanes = Math.max(1, Math.min(availableParallelism(), 6));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await worker(item);
    }),
  );
}

let tmpRoot = "";
let tmpCounter = 0;
function tmpFile(ext: string): string {
  tmpCounter += 1;
  return path.join(tmpRoot, `t${tmpCounter}.${ext}`);
}

/** Output path inside db/seed/media, creating the folder. */
async function outPath(rel: string): Promise<string> {
  const file = path.join(OUT, rel);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

// ---------------------------------------------------------------------------------------------
// Audio: a small deterministic synthesizer and espeak-ng speech, mixed as PCM in Node
// ---------------------------------------------------------------------------------------------

interface SongSpec {
  bpm: number;
  /** MIDI note of the key's tonic (bass octave is one below). */
  root: number;
  minor: boolean;
  /** Scale degrees (0-based) of the chord on each bar, repeated. */
  chords: number[];
  seed: number;
  /** "four": kick on every beat; "half": kick on 1 and 3 with a backbeat snare. */
  drums: "four" | "half";
}


const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Adds a note with a few harmonics and an attack/exponential-decay envelope. */
function addTone(
  buf: Float32Array,
  at: number,
  seconds: number,
  hz: number,
  amp: number,
  opts: { harmonics?: number; attack?: number; decay?: number } = {},
): void {
  const { harmonics = 1, attack = 0.01, decay = 3 } = opts;
  const start = Math.floor(at * AUDIO_RATE);
  const len = Math.min(Math.floor(seconds * AUDIO_RATE), buf.length - start);
  const release = Math.min(0.05 * AUDIO_RATE, len);
  for (let i = 0; i < len; i++) {
    const t = i / AUDIO_RATE;
    let env = Math.min(1, t / attack) * Math.exp(-decay * t);
    if (i > len - release) env *= (len - i) / release;
    let s = 0;
    for (let h = 1; h <= harmonics; h++) s += Math.sin(2 * Math.PI * hz * h * t) / h;
    buf[start + i]! += amp * env * s;
  }
}

function addKick(buf: Float32Array, at: number, amp: number): void {
  const start = Math.floor(at * AUDIO_RATE);
  const len = Math.min(Math.floor(0.32 * AUDIO_RATE), buf.length - start);
  let phase = 0;
  for (let i = 0; i < len; i++) {
    const t = i / AUDIO_RATE;
    phase += (2 * Math.PI * (45 + 110 * Math.exp(-t * 35))) / AUDIO_RATE;
    buf[start + i]! += amp * Math.exp(-t * 9) * Math.sin(phase);
  }
}

/** Noise bursts: short and bright for hats, longer with a tone body for snares. */
function addNoiseHit(buf: Float32Array, at: number, amp: number, decay: number, body: number, rnd: () => number): void {
  const start = Math.floor(at * AUDIO_RATE);
  const len = Math.min(Math.floor((6 / decay) * AUDIO_RATE), buf.length - start);
  let prev = 0;
  for (let i = 0; i < len; i++) {
    const t = i / AUDIO_RATE;
    const white = rnd() * 2 - 1;
    const bright = white - prev; // first difference: a cheap high-pass
    prev = white;
    const tone = body * Math.sin(2 * Math.PI * 185 * t);
    buf[start + i]! += amp * Math.exp(-decay * t) * (bright * 0.7 + tone);
  }
}

/** Bars of drums, bass, pad chords and an arpeggiated lead over a diatonic progression. */
function renderSong(song: SongSpec, seconds: number): Float32Array {
  const buf = new Float32Array(Math.round(seconds * AUDIO_RATE));
  const rnd = mulberry32(song.seed);
  const scale = song.minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11];
  const degree = (d: number) => song.root + Math.floor(d / 7) * 12 + scale[((d % 7) + 7) % 7]!;
  const beat = 60 / song.bpm;
  const bars = Math.ceil(seconds / (4 * beat));
  const leadRhythm = Array.from({ length: 8 }, () => rnd() < 0.7);

  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * beat;
    const chordDeg = song.chords[bar % song.chords.length]!;
    const triad = [chordDeg, chordDeg + 2, chordDeg + 4].map(degree);
    for (const note of triad) addTone(buf, t0, 4 * beat, midiHz(note), 0.05, { harmonics: 2, attack: 0.3, decay: 0.25 });
    for (let b = 0; b < 4; b++) {
      const tb = t0 + b * beat;
      if (song.drums === "four" || b % 2 === 0) addKick(buf, tb, 0.55);
      if (song.drums === "half" && b % 2 === 1) addNoiseHit(buf, tb, 0.22, 18, 0.5, rnd);
      addNoiseHit(buf, tb + beat / 2, 0.1, 70, 0, rnd);
      const bassNote = degree(chordDeg) - 12 + (b === 3 ? 7 : 0);
      addTone(buf, tb, beat * 0.9, midiHz(bassNote), 0.22, { harmonics: 4, decay: 2.5 });
    }
    if (bar % 8 >= 1) {
      for (let step = 0; step < 8; step++) {
        if (!leadRhythm[step]) continue;
        const pick = triad[Math.floor(rnd() * 3)]! + 12;
        addTone(buf, t0 + (step * beat) / 2, beat / 2, midiHz(pick), 0.1, { harmonics: 3, decay: 6 });
      }
    }
  }
  return finishMix(buf, 0.5, 1.5);
}

/** Fades the ends, soft-clips and normalizes to a consistent peak. */
function finishMix(buf: Float32Array, fadeIn: number, fadeOut: number): Float32Array {
  const inLen = fadeIn * AUDIO_RATE;
  const outLen = fadeOut * AUDIO_RATE;
  let peak = 0;
  for (let i = 0; i < buf.length; i++) {
    let g = 1;
    if (i < inLen) g = i / inLen;
    if (i > buf.length - outLen) g = Math.min(g, (buf.length - i) / outLen);
    const v = Math.tanh(buf[i]! * 1.2) * g;
    buf[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  if (peak > 0) for (let i = 0; i < buf.length; i++) buf[i] = (buf[i]! / peak) * 0.89;
  return buf;
}

/**
 * Speaks text with espeak-ng into raw s16le mono PCM at SPEECH_RATE, trimming the silence
 * espeak leaves around the words (speech should start at 0 and end with the last word).
 * Returns the file and its length in seconds.
 */
async function speak(text: string, locale: SpeechLocale): Promise<{ file: string; seconds: number }> {
  const { voice, speed } = VOICES[locale];
  const wav = tmpFile("wav");
  const file = tmpFile("s16");
  await run("espeak-ng", ["-v", voice, "-s", String(speed), "-w", wav, "--", text]);
  const trim = "silenceremove=start_periods=1:start_threshold=-50dB";
  const pad = `apad=pad_len=${SPEECH_RATE / 10}`;
  await ffmpeg(["-i", wav, "-af", `${trim},areverse,${trim},areverse,${pad}`, "-ar", String(SPEECH_RATE), "-ac", "1", "-f", "s16le", file]);
  const { size } = await stat(file);
  return { file, seconds: size / 2 / SPEECH_RATE };
}

const speechInput = (file: string) => ["-f", "s16le", "-ar", String(SPEECH_RATE), "-ac", "1", "-i", file];

/** Speech as PCM at AUDIO_RATE, for mixing into video soundtracks. */
async function speakToPcm(text: string, locale: SpeechLocale): Promise<Float32Array> {
  const { file } = await speak(text, locale);
  const raw = tmpFile("f32");
  await ffmpeg([...speechInput(file), "-ar", String(AUDIO_RATE), "-f", "f32le", raw]);
  const bytes = await readFile(raw);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
}

/** Lays voice lines over a music bed, ducking the bed while someone speaks. */
function mixVoiceOver(bed: Float32Array, lines: { at: number; pcm: Float32Array }[]): Float32Array {
  const out = bed.slice();
  const duck = new Float32Array(bed.length).fill(1);
  const ramp = 0.15 * AUDIO_RATE;
  for (const { at, pcm } of lines) {
    const start = Math.floor(at * AUDIO_RATE);
    for (let i = Math.max(0, start - ramp); i < Math.min(out.length, start + pcm.length + ramp); i++) {
      const edge = Math.min(i - (start - ramp), start + pcm.length + ramp - i) / ramp;
      duck[i] = Math.min(duck[i]!, 1 - 0.7 * Math.min(1, edge));
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * duck[i]!;
  for (const { at, pcm } of lines) {
    const start = Math.floor(at * AUDIO_RATE);
    for (let i = 0; i < pcm.length && start + i < out.length; i++) out[start + i]! += pcm[i]! * 0.95;
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-1, Math.min(1, out[i]!));
  return out;
}

/**
 * Writes PCM as 16-bit raw for ffmpeg. The length is cut to whole AAC frames minus one, so the
 * audio track never outlasts the video and MP4 durations come out exact.
 */
async function writePcm(pcm: Float32Array, seconds?: number): Promise<string> {
  const frames = seconds === undefined ? pcm.length : (Math.floor((seconds * AUDIO_RATE) / 1024) - 1) * 1024;
  const out = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) {
    const v = Math.max(-1, Math.min(1, pcm[i] ?? 0));
    out.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  const file = tmpFile("s16");
  await writeFile(file, out);
  return file;
}

const pcmInput = (file: string) => ["-f", "s16le", "-ar", String(AUDIO_RATE), "-ac", "1", "-i", file];

// ---------------------------------------------------------------------------------------------
// Video: backgrounds, moving figures and labels as ffmpeg filtergraphs
// ---------------------------------------------------------------------------------------------

const FONT = findFont();

/** A system font for labels if one exists without downloads; otherwise clips carry no text. */
function findFont(): string | null {
  const candidates = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
  ];
  return candidates.find((f) => existsSync(f) && /^[\w/.\- ]+$/.test(f)) ?? null;
}

/** drawtext reading from a temp file, which sidesteps filtergraph escaping of the text. */
async function drawText(text: string, opts: string): Promise<string> {
  if (!FONT) return "null";
  const file = tmpFile("txt");
  await writeFile(file, text);
  return `drawtext=fontfile='${FONT}':textfile='${file}':${opts}`;
}

function hsl(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, "0");
  };
  return `0x${f(0)}${f(8)}${f(4)}`;
}

type Background = "testsrc2" | "mandelbrot" | "life" | "cellauto" | "gradient";
const BACKGROUNDS: Background[] = ["gradient", "testsrc2", "life", "mandelbrot", "cellauto"];

/** BT.601 chroma of a hue, for tinting in YUV. */
function chromaOf(hue: number): { cb: number; cr: number } {
  const hex = hsl(hue, 0.65, 0.5);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(1 + i, 3 + i), 16)) as [number, number, number];
  const muted = 0.6; // a calmer tint than the full colour
  return {
    cb: Math.round(128 + muted * (-0.1687 * r - 0.3313 * g + 0.5 * b)),
    cr: Math.round(128 + muted * (0.5 * r - 0.4187 * g - 0.0813 * b)),
  };
}

/**
 * A still backdrop from one of ffmpeg's pattern sources, reduced to a dark duotone in the
 * scene's hue: the pattern tells exercises apart, the tint spreads them around the colour
 * wheel, and the white figure stays readable on any of them.
 */
function backgroundGraph(kind: Background, hue: number, variant: number, out: string): string {
  const size = `${W}x${H}`;
  const source: Record<Background, string> = {
    testsrc2: `testsrc2=s=${size}:r=${FPS}`,
    mandelbrot: `mandelbrot=s=${size}:r=${FPS}:start_scale=${0.4 + (variant % 5) * 0.3}:start_x=${-0.74 - (variant % 3) * 0.02}`,
    life: `life=s=${size}:r=${FPS}:seed=${variant + 1}:ratio=0.35:mold=8`,
    cellauto: `cellauto=s=${size}:r=${FPS}:rule=${[30, 90, 110, 150, 18, 45][variant % 6]}:seed=${variant + 1}:full=1:scroll=0`,
    gradient: `color=c=black:s=${size}:r=${FPS},format=rgb24,geq=r='40+150*X/W':g='60+120*Y/H':b='200-120*X/W'`,
  };
  const { cb, cr } = chromaOf(hue);
  const duotone = `format=yuv444p,geq=lum='20+0.45*lum(X,Y)':cb=${cb}:cr=${cr},boxblur=2:1`;
  const still = `trim=end_frame=1,loop=loop=-1:size=1:start=0,setpts=N/${FPS}/TB`;
  return `${source[kind]},${duotone},${still},format=yuv420p[${out}]`;
}

/** Anchor path (x, y) of the figure as ffmpeg expressions in t, periodic with `period`. */
function motionPath(motion: Motion, pose: Pose, period: number): { x: string; y: string } {
  const cx = W / 2;
  const cy = pose === "stand" ? 118 : 138;
  const w = `2*PI*t/${period}`;
  switch (motion) {
    case "bob":
      return { x: `${cx}`, y: `${cy}+${pose === "stand" ? 16 : 10}*(1-cos(${w}))/2` };
    case "jump":
      return { x: `${cx}`, y: `${cy}-${pose === "stand" ? 26 : 14}*abs(sin(PI*t/${period}))` };
    case "sway":
      return { x: `${cx}+46*sin(${w})`, y: `${cy}` };
    case "stride":
      return { x: `${cx}+34*sin(${w})`, y: `${cy}+10*(1-cos(2*${w}))/2` };
    case "circle":
      return { x: `${cx}+26*cos(${w})`, y: `${cy}-12+12*sin(${w})` };
    case "twist":
      return { x: `${cx}+10*sin(${w})`, y: `${cy}-6*abs(sin(${w}))` };
    case "hold":
      return { x: `${cx}`, y: `${cy}+2*sin(${w})` };
  }
}

interface SceneOptions {
  label: string;
  seconds: number;
  hue: number;
  background: Background;
  variant: number;
  pose: Pose;
  motion: Motion;
  /** Length of one movement cycle; must divide `seconds` for a seamless loop. */
  period: number;
  title?: string;
  /** Draws a countdown of the scene's remaining seconds. */
  countdown?: boolean;
}

/**
 * One scene: backdrop, floor line, a two-box figure (body and head) moving along a periodic
 * path, a per-cycle progress bar and an optional title. Produces the stream `[label]`.
 */
async function sceneGraph(o: SceneOptions): Promise<string> {
  const p = o.label;
  const { x, y } = motionPath(o.motion, o.pose, o.period);
  const body = o.pose === "stand" ? { w: 24, h: 52 } : { w: 70, h: 16 };
  const head = o.pose === "stand" ? { w: 20, h: 20, dx: -10, dy: -50 } : { w: 18, h: 18, dx: 38, dy: -10 };
  const accent = hsl(o.hue + 150, 0.75, 0.6);
  const parts = [
    backgroundGraph(o.background, o.hue, o.variant, `${p}bg`),
    `color=c=white:s=${body.w}x${body.h}:r=${FPS}[${p}body]`,
    `color=c=${accent}:s=${head.w}x${head.h}:r=${FPS}[${p}head]`,
    `color=c=${accent}:s=${W}x4:r=${FPS}[${p}bar]`,
    `[${p}bg]drawbox=x=0:y=${o.pose === "stand" ? 146 : 148}:w=${W}:h=3:color=white@0.5:t=fill[${p}floor]`,
    `[${p}floor][${p}body]overlay=x='${x}-${body.w / 2}':y='${y}-${body.h / 2}':shortest=1[${p}a]`,
    `[${p}a][${p}head]overlay=x='${x}+${head.dx}':y='${y}+${head.dy}':shortest=1[${p}b]`,
    `[${p}b][${p}bar]overlay=x='-W+W*mod(t,${o.period})/${o.period}':y=H-4:shortest=1[${p}c]`,
  ];
  const texts: string[] = [];
  if (o.title) {
    texts.push(await drawText(o.title, "fontsize=16:fontcolor=white:x=10:y=10:box=1:boxcolor=black@0.45:boxborderw=6"));
  }
  if (o.countdown) {
    texts.push(
      await drawText(
        `%{eif:ceil(${o.seconds}-t):d}`,
        "fontsize=22:fontcolor=white:x=w-tw-12:y=10:box=1:boxcolor=black@0.45:boxborderw=6",
      ),
    );
  }
  parts.push(`[${p}c]${texts.length ? texts.join(",") : "null"},trim=duration=${o.seconds},setpts=PTS-STARTPTS[${p}]`);
  return parts.join(";");
}

/** Encodes a filtergraph's `[v]` plus a PCM soundtrack into a faststart MP4. */
async function encodeVideo(rel: string, graph: string, audio: Float32Array, seconds: number): Promise<void> {
  const pcm = await writePcm(audio, seconds);
  const file = await outPath(rel);
  await ffmpeg([
    ...pcmInput(pcm),
    // One filter thread: the mandelbrot source reuses the previous frame per slice, which
    // makes its output (and the file hash) vary run to run when sliced across threads.
    "-filter_complex_threads", "1",
    "-filter_complex", graph,
    "-map", "[v]", "-map", "0:a",
    "-t", String(seconds),
    ...VIDEO_ARGS, "-g", String(FPS * 2),
    ...AAC_ARGS(32),
    ...CONTAINER_ARGS,
    file,
  ]);
}

/** Poster (320 wide) and thumbnail (160 wide) JPEGs from the frame at `atSeconds`. */
async function writeStills(videoRel: string, name: string, atSeconds: number): Promise<void> {
  const input = path.join(OUT, videoRel);
  for (const [dir, width] of [["posters", 320], ["thumbs", 160]] as const) {
    const file = await outPath(`${dir}/${name}.jpg`);
    await ffmpeg(["-ss", String(atSeconds), "-i", input, "-frames:v", "1", "-vf", `scale=${width}:-2`, "-q:v", "4", file]);
  }
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** Known durations and transcripts, keyed by path relative to OUT, for the manifest. */
const durations = new Map<string, number>();
const transcripts = new Map<string, string>();

function displayName(key: string): string {
  return NAME_OVERRIDES[key] ?? key.split("-").map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ");
}

async function generateClip(key: string): Promise<void> {
  const index = EXERCISES.findIndex((e) => e.key === key);
  const plan = EXERCISE_CLIPS[key];
  if (!plan) throw new Error(`Add a clip plan to EXERCISE_CLIPS for exercise "${key}"`);
  // Golden-angle steps give every exercise its own hue, far from its neighbours'.
  const hue = Math.round((index * 137.508) % 360);
  const graph = await sceneGraph({
    label: "s",
    seconds: plan.seconds,
    hue,
    background: BACKGROUNDS[index % BACKGROUNDS.length]!,
    variant: index,
    pose: plan.pose,
    motion: plan.motion,
    period: plan.seconds / plan.reps,
    title: displayName(key),
  });
  const rel = `clips/${key}.mp4`;
  await encodeVideo(rel, `${graph};[s]null[v]`, new Float32Array(0), plan.seconds);
  durations.set(rel, plan.seconds);
  await writeStills(rel, key, 0);
}

interface LongVideo {
  name: string;
  seconds: number;
  build: () => Promise<{ graph: string; audio: Float32Array }>;
  posterAt: number;
}

const fadeInOut = (seconds: number, d = 0.5) => `fade=t=in:st=0:d=${d},fade=t=out:st=${seconds - d}:d=${d}`;

/** A full-width bar sliding in over the whole video: overall progress. */
const progressBar = (input: string, seconds: number, output: string) =>
  `color=c=white@0.8:s=${W}x3:r=${FPS}[pb];[${input}][pb]overlay=x='-W+W*t/${seconds}':y=H-3:shortest=1[${output}]`;

interface Chapter {
  title: string;
  seconds: number;
  motion: Motion;
  pose: Pose;
  background: Background;
  /** Spoken (en-US) at the start of the chapter. */
  voice: string;
}

/** Consecutive scenes with a countdown each, an overall progress bar and announced chapters. */
async function chapters(list: Chapter[], song: SongSpec): Promise<{ graph: string; audio: Float32Array }> {
  const starts = list.map((_, i) => list.slice(0, i).reduce((sum, c) => sum + c.seconds, 0));
  const total = list.reduce((sum, c) => sum + c.seconds, 0);
  const scenes = await Promise.all(
    list.map((c, i) =>
      sceneGraph({
        label: `c${i}`,
        seconds: c.seconds,
        hue: (i * 97 + 20) % 360,
        background: c.background,
        variant: i + 3,
        pose: c.pose,
        motion: c.motion,
        period: c.motion === "hold" ? 4 : 2,
        title: c.title,
        countdown: true,
      }),
    ),
  );
  const joined = list.map((_, i) => `[c${i}]`).join("");
  const graph = [
    ...scenes,
    `${joined}concat=n=${list.length}:v=1:a=0[cat]`,
    progressBar("cat", total, "pre"),
    `[pre]${fadeInOut(total)}[v]`,
  ].join(";");
  const lines = await Promise.all(
    list.map(async (c, i) => ({ at: starts[i]! + 0.4, pcm: await speakToPcm(c.voice, "en-US") })),
  );
  return { graph, audio: mixVoiceOver(renderSong(song, total), lines) };
}

/** Centered brand text over a tinted pattern, fading in and out (intro, outro, promo). */
async function titleCard(
  seconds: number,
  background: string,
  title: string,
  subtitle: string,
): Promise<string> {
  const big = await drawText(title, "fontsize=40:fontcolor=white:x=(w-tw)/2:y=(h-th)/2-14:shadowx=2:shadowy=2");
  const small = await drawText(subtitle, "fontsize=16:fontcolor=white@0.9:x=(w-tw)/2:y=(h/2)+22");
  return `${background},trim=duration=${seconds},format=yuv420p,${big},${small},${fadeInOut(seconds)}[v]`;
}

const LONG_VIDEOS: LongVideo[] = [
  {
    name: "class-flow",
    seconds: 60,
    posterAt: 1,
    // Chapters match db/seed/data/workouts.ts: 0-12, 12-28, 28-46 and 46-60 seconds.
    build: () =>
      chapters(
        [
          { title: "Centering", seconds: 12, motion: "hold", pose: "floor", background: "gradient", voice: "Centering. Breathe and settle in." },
          { title: "Cat-Cow Warm-Up", seconds: 16, motion: "bob", pose: "floor", background: "life", voice: "Cat cow. Move with your breath." },
          { title: "Downward Dog Flow", seconds: 18, motion: "stride", pose: "floor", background: "mandelbrot", voice: "Downward dog. Lengthen your spine." },
          { title: "Lunge Opener", seconds: 14, motion: "circle", pose: "stand", background: "cellauto", voice: "Lunge opener. Open your hips." },
        ],
        { bpm: 84, root: 57, minor: false, chords: [0, 4, 5, 3], seed: 11, drums: "half" },
      ),
  },
  {
    name: "multi-circuit",
    seconds: 30,
    posterAt: 1,
    // Four stations, as in db/seed/data/workouts.ts: 0-8, 8-15, 15-23 and 23-30 seconds.
    build: () =>
      chapters(
        [
          { title: "Squat", seconds: 8, motion: "bob", pose: "stand", background: "cellauto", voice: "Squats. Go." },
          { title: "Push-up", seconds: 7, motion: "bob", pose: "floor", background: "gradient", voice: "Push ups." },
          { title: "Mountain Climber", seconds: 8, motion: "twist", pose: "floor", background: "life", voice: "Mountain climbers." },
          { title: "Reverse Lunge", seconds: 7, motion: "stride", pose: "stand", background: "testsrc2", voice: "Reverse lunges." },
        ],
        { bpm: 128, root: 55, minor: true, chords: [0, 5, 6, 4], seed: 12, drums: "four" },
      ),
  },
  {
    name: "promo-spot",
    seconds: 10,
    posterAt: 2,
    build: async () => ({
      graph: await titleCard(
        10,
        `mandelbrot=s=${W}x${H}:r=${FPS}:start_scale=2.5:end_scale=0.5:end_pts=250,hue=h=200:s=0.8,eq=brightness=-0.15`,
        "FORMA",
        "Train anywhere. Any time.",
      ),
      audio: mixVoiceOver(
        renderSong({ bpm: 132, root: 60, minor: false, chords: [0, 4, 5, 3], seed: 13, drums: "four" }, 10),
        [{ at: 1.5, pcm: await speakToPcm("Forma. Train anywhere, any time.", "en-US") }],
      ),
    }),
  },
  {
    name: "edu-breathing",
    seconds: 20,
    posterAt: 2.5,
    build: async () => {
      // A circle that grows for 5 s (inhale) and shrinks for 5 s (exhale), twice.
      const r = "(34+30*(1-cos(2*PI*T/10))/2)";
      const inside = `lte(hypot(X-${W / 2},Y-${H / 2}),${r})`;
      const breatheIn = await drawText("Breathe in", "fontsize=18:fontcolor=white:x=(w-tw)/2:y=h-34:enable='lt(mod(t,10),5)'");
      const breatheOut = await drawText("Breathe out", "fontsize=18:fontcolor=white:x=(w-tw)/2:y=h-34:enable='gte(mod(t,10),5)'");
      const graph =
        `color=c=black:s=${W}x${H}:r=${FPS},format=yuv444p,` +
        `geq=lum='if(${inside},190,40+20*Y/H)':cb='if(${inside},150,140)':cr='if(${inside},105,118)',` +
        `format=yuv420p,${breatheIn},${breatheOut},${fadeInOut(20)}[v]`;
      const lines = await Promise.all(
        [0, 5, 10, 15].map(async (at, i) => ({ at: at + 0.3, pcm: await speakToPcm(i % 2 ? "Breathe out." : "Breathe in.", "en-US") })),
      );
      const pad: SongSpec = { bpm: 72, root: 50, minor: false, chords: [0, 3], seed: 14, drums: "half" };
      const bed = renderSong(pad, 20).map((v) => v * 0.5);
      return { graph, audio: mixVoiceOver(bed, lines) };
    },
  },
  {
    name: "workout-intro",
    seconds: 5,
    posterAt: 1.5,
    build: async () => ({
      graph: await titleCard(5, `${backgroundGraph("gradient", 0, 0, "bgx")};[bgx]null`, "FORMA", "Let's go"),
      audio: renderSong({ bpm: 120, root: 60, minor: false, chords: [0, 4], seed: 15, drums: "four" }, 5),
    }),
  },
  {
    name: "workout-outro",
    seconds: 5,
    posterAt: 1.5,
    build: async () => ({
      graph: await titleCard(5, `${backgroundGraph("gradient", 140, 0, "bgx")};[bgx]null`, "FORMA", "Workout complete"),
      audio: renderSong({ bpm: 100, root: 60, minor: false, chords: [3, 0], seed: 16, drums: "half" }, 5),
    }),
  },
];

async function generateLongVideo(v: LongVideo): Promise<void> {
  const { graph, audio } = await v.build();
  const rel = `video/${v.name}.mp4`;
  await encodeVideo(rel, graph, audio, v.seconds);
  durations.set(rel, v.seconds);
  await writeStills(rel, v.name, v.posterAt);
}

/** 640x360 JPEGs from RGB expressions: workout covers and the break visual. */
async function generateImages(): Promise<void> {
  const palettes: [number, number, number, number, number, number][] = [
    [255, 94, 58, 255, 149, 0],
    [0, 122, 255, 88, 86, 214],
    [52, 199, 89, 0, 150, 136],
    [255, 45, 85, 175, 82, 222],
    [255, 204, 0, 255, 94, 58],
    [90, 200, 250, 0, 122, 255],
  ];
  const patterns = [
    "0.85+0.15*sin((X+Y)/18)",
    "0.8+0.2*gt(sin(hypot(X-W*0.7,Y-H*0.3)/14),0)",
    "0.85+0.15*sin(X/22)*sin(Y/22)",
    "0.8+0.2*gt(mod(X+Y,48),24)",
    "0.85+0.15*cos(hypot(X-W/2,Y-H)/20)",
    "0.82+0.18*gt(sin(X/30+sin(Y/40)*2),0.3)",
  ];
  const jobs = palettes.map((pal, i) => async () => {
    const [r1, g1, b1, r2, g2, b2] = pal;
    const mix = "(X/W*0.6+Y/H*0.4)";
    const shade = patterns[i]!;
    const ch = (a: number, b: number) => `'(${a}+(${b}-${a})*${mix})*(${shade})'`;
    await renderImage(`images/cover-${i + 1}.jpg`, `geq=r=${ch(r1, r2)}:g=${ch(g1, g2)}:b=${ch(b1, b2)}`);
  });
  jobs.push(async () => {
    const rings = "(0.9+0.1*cos(hypot(X-W/2,Y-H/2)/12))";
    await renderImage(
      "images/break.jpg",
      `geq=r='(30+40*Y/H)*${rings}':g='(110+50*Y/H)*${rings}':b='(140+60*(1-Y/H))*${rings}'`,
    );
  });
  await Promise.all(jobs.map((job) => job()));
}

async function renderImage(rel: string, geq: string): Promise<void> {
  const file = await outPath(rel);
  await ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=640x360,format=rgb24", "-vf", geq, "-frames:v", "1", "-q:v", "3", file]);
}

/** Encodes speech to a mono AAC .m4a and records its duration and transcript. */
async function generateSpeech(rel: string, text: string, locale: SpeechLocale): Promise<void> {
  const speech = await speak(text, locale);
  const file = await outPath(rel);
  await ffmpeg([...speechInput(speech.file), ...AAC_ARGS(SPEECH_KBPS), ...CONTAINER_ARGS, file]);
  const seconds = speech.seconds;
  durations.set(rel, Math.round(seconds * 100) / 100);
  transcripts.set(rel, text);
}

async function generateMusic(track: (typeof MUSIC_TRACKS)[number]): Promise<void> {
  const style = MUSIC_STYLES[track.key];
  if (!style) throw new Error(`Add a style to MUSIC_STYLES for music track "${track.key}"`);
  const pcm = await writePcm(renderSong({ ...style, bpm: track.bpm }, track.durationSeconds));
  const rel = `music/${track.key}.m4a`;
  const file = await outPath(rel);
  await ffmpeg([...pcmInput(pcm), ...AAC_ARGS(40), ...CONTAINER_ARGS, file]);
  durations.set(rel, track.durationSeconds);
}

/** Speaks every exercise's instructions in every instruction locale. */
async function generateInstructionAudio(): Promise<void> {
  const jobs = EXERCISES.flatMap((e) =>
    LOCALES.map((locale) => ({ rel: `audio/instructions/${e.key}.${locale}.m4a`, text: e.instructions[locale], locale })),
  );
  await runPool(jobs, (j) => generateSpeech(j.rel, j.text, j.locale));
}

// ---------------------------------------------------------------------------------------------
// Verification and manifest
// ---------------------------------------------------------------------------------------------

interface ManifestEntry {
  contentType: "video/mp4" | "audio/mp4" | "image/jpeg";
  bytes: number;
  durationSeconds?: number;
  /** Verbatim transcript of synthesized speech, for the playlist's `scriptText`. */
  scriptText?: string;
  sha256: string;
}

const CONTENT_TYPES: Record<string, ManifestEntry["contentType"]> = {
  ".mp4": "video/mp4",
  ".m4a": "audio/mp4",
  ".jpg": "image/jpeg",
};

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(OUT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Checks faststart, codecs and duration of every MP4/M4A (ffmpeg -i, since there is no ffprobe). */
async function verifyMedia(rel: string, data: Buffer, expected: number): Promise<void> {
  if (!isFaststart(data)) throw new Error(`${rel}: moov atom is not before mdat`);
  const info = await run(FFMPEG, ["-hide_banner", "-i", path.join(OUT, rel)]).catch((e: Error) => e.message);
  const match = /Duration: (\d+):(\d+):(\d+\.\d+)/.exec(info);
  if (!match) throw new Error(`${rel}: ffmpeg reported no duration`);
  const actual = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  if (Math.abs(actual - expected) > 0.1) throw new Error(`${rel}: duration ${actual}s, expected ${expected}s`);
  if (!/Audio: aac/.test(info)) throw new Error(`${rel}: no AAC audio track`);
  if (rel.endsWith(".mp4") && !/Video: h264 \((Main|Constrained Baseline|Baseline)\)/.test(info)) {
    throw new Error(`${rel}: video is not H.264 Main/Baseline`);
  }
}

async function writeManifest(): Promise<Record<string, ManifestEntry>> {
  // The seed drops' renders (drops/...) are made from this media by scripts/render-seed-drops.ts:
  // kept as they are (run that script after this one when the clips changed).
  const previous = JSON.parse(await readFile(path.join(OUT, "manifest.json"), "utf8").catch(() => "{}")) as Record<string, ManifestEntry>;
  const manifest: Record<string, ManifestEntry> = {};
  for (const rel of await listFiles(OUT)) {
    if (rel === "manifest.json") continue;
    if (rel.startsWith("drops/")) {
      if (previous[rel]) manifest[rel] = previous[rel];
      continue;
    }
    const contentType = CONTENT_TYPES[path.extname(rel)];
    if (!contentType || (contentType !== "image/jpeg" && !durations.has(rel))) {
      // Left over from an earlier plan (e.g. a renamed music track): not ours any more.
      await rm(path.join(OUT, rel));
      console.log(`removed stale ${rel}`);
      continue;
    }
    const data = await readFile(path.join(OUT, rel));
    const durationSeconds = durations.get(rel);
    if (durationSeconds !== undefined) await verifyMedia(rel, data, durationSeconds);
    const scriptText = transcripts.get(rel);
    manifest[rel] = {
      contentType,
      bytes: data.length,
      ...(durationSeconds !== undefined && { durationSeconds }),
      ...(scriptText !== undefined && { scriptText }),
      sha256: createHash("sha256").update(data).digest("hex"),
    };
  }
  await writeFile(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  await run("espeak-ng", ["--version"]).catch(() => {
    throw new Error("espeak-ng is required: apt-get install -y espeak-ng");
  });
  if (!FONT) console.warn("No system font found: clips and videos are rendered without text labels.");
  tmpRoot = await mkdtemp(path.join(tmpdir(), "forma-media-"));
  await mkdir(OUT, { recursive: true });
  const started = Date.now();
  const step = async (name: string, fn: () => Promise<void>) => {
    await fn();
    console.log(`${name} done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  try {
    await step("images", generateImages);
    await step("exercise clips", () => runPool(EXERCISES.map((e) => e.key), generateClip));
    await step("videos", () => runPool(LONG_VIDEOS, generateLongVideo));
    await step("music", () => runPool([...MUSIC_TRACKS], generateMusic));
    await step("voice-overs", async () => {
      const jobs = LOCALES.flatMap((locale) =>
        (["workout-intro", "workout-outro"] as const).map((name) => ({
          rel: `audio/${name}.${locale}.m4a`,
          text: VOICE_OVERS[name][locale],
          locale,
        })),
      );
      jobs.push({ rel: "audio/exercise-cue.en-US.m4a", text: EXERCISE_CUE, locale: "en-US" });
      await runPool(jobs, (j) => generateSpeech(j.rel, j.text, j.locale));
    });
    await step("instruction audio", generateInstructionAudio);
    const manifest = await writeManifest();
    const files = Object.values(manifest);
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`manifest.json: ${files.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB`);
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
}

await main();
