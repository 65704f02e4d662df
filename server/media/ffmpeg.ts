import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { env } from "@/server/env";

/** Which ffmpeg runs the media jobs, and why (logged at start, in `/health?deep=1`). */
export interface FfmpegChoice {
  path: string;
  /** What `ffmpeg -version` says, e.g. `5.1.9-0+deb12u1` or the bundled build's `N-47683-g0e8eb07980-static`. */
  version: string;
  source: "FFMPEG_PATH" | "PATH" | "bundled";
  /** Set for the bundled build: a 2018 ffmpeg decoding untrusted uploads. */
  warning?: string;
}

/** The first line of `ffmpeg -version`: "ffmpeg version <version> Copyright ...". */
export function parseFfmpegVersion(output: string): string | null {
  return /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? null;
}

/** The major version of a release (`5.1.9-0+deb12u1` is 5, `n6.1` is 6); null for a git build (`N-47683-g...`). */
export function ffmpegMajor(version: string): number | null {
  const m = /^n?(\d+)\.\d/.exec(version);
  return m ? Number(m[1]) : null;
}

function versionOf(file: string): string | null {
  const r = spawnSync(file, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 10_000 });
  return r.status === 0 ? parseFfmpegVersion(r.stdout) : null;
}

function onPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** The static build from the npm registry (`@ffmpeg-installer/ffmpeg`, 4.1 of 2018, no ffprobe), resolved only when used. */
function bundledPath(): string {
  return (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/**
 * Chooses the ffmpeg once: FFMPEG_PATH when set; else an `ffmpeg` on PATH of version 5 or newer
 * (a maintained build, such as Debian's: the Docker image installs it); else the bundled static
 * build, with a warning that names its age. Uploads are opened the same locked-down way whichever
 * runs (server/media/untrusted.ts).
 */
export function chooseFfmpeg(opts: { ffmpegPath?: string; searchPath: string; bundled: () => string }): FfmpegChoice {
  if (opts.ffmpegPath) return { path: opts.ffmpegPath, version: versionOf(opts.ffmpegPath) ?? "unknown", source: "FFMPEG_PATH" };
  const system = onPath("ffmpeg", opts.searchPath);
  const systemVersion = system ? versionOf(system) : null;
  if (system && systemVersion && (ffmpegMajor(systemVersion) ?? 0) >= 5) return { path: system, version: systemVersion, source: "PATH" };
  const bundled = opts.bundled();
  const version = versionOf(bundled) ?? "unknown";
  return {
    path: bundled,
    version,
    source: "bundled",
    warning: `using the bundled ffmpeg (${version}, a 2018 build) for media jobs and uploads: install ffmpeg 5 or newer (apt-get install ffmpeg) or set FFMPEG_PATH`,
  };
}

let chosen: FfmpegChoice | null = null;

export function ffmpegChoice(): FfmpegChoice {
  chosen ??= chooseFfmpeg({ ffmpegPath: env().FFMPEG_PATH, searchPath: env().PATH, bundled: bundledPath });
  return chosen;
}

/**
 * ffmpeg for every media job (workout exports, social drop variants, clip transcodes), as
 * {@link ffmpegChoice} decided. Probing parses `ffmpeg -i`'s report (the bundled build has no ffprobe).
 */
export function ffmpegPath(): string {
  return ffmpegChoice().path;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
    /** True when the process was killed for running past its time limit. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "FfmpegError";
  }
}

export interface RunFfmpegOptions {
  /** Aborts the process (SIGKILL) when signalled. */
  signal?: AbortSignal;
  /** Kills the process after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Called with the output position in seconds as ffmpeg reports progress. */
  onProgress?: (seconds: number) => void;
  /** Threads per process (default: ffmpeg's choice). */
  threads?: number;
  /** Niceness (0-19) for background work such as export renders, so API requests keep the CPU first. */
  nice?: number;
  /**
   * Writes ffmpeg's standard input (for `-i pipe:0`); the stream is ended when it resolves. A
   * rejection kills the process; a process that exits early makes the writes fail.
   */
  feed?: (stdin: Writable) => Promise<void>;
}

const TAIL_BYTES = 4000;

/**
 * Runs ffmpeg with `-hide_banner -nostdin -y` and the given arguments. Resolves with the tail of
 * stderr when it exits with 0, rejects with an FfmpegError carrying that tail otherwise.
 */
export function runFfmpeg(args: string[], opts: RunFfmpegOptions = {}): Promise<string> {
  const full = ["-hide_banner", "-nostdin", "-y", ...(opts.onProgress ? ["-progress", "pipe:1", "-nostats"] : []), ...(opts.threads ? ["-threads", String(opts.threads)] : []), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), full, { stdio: [opts.feed ? "pipe" : "ignore", "pipe", "pipe"] });
    if (opts.nice && child.pid) {
      try {
        setPriority(child.pid, opts.nice);
      } catch {
        // Not permitted here: run at normal priority.
      }
    }
    let feedError: unknown = null;
    if (opts.feed && child.stdin) {
      const stdin = child.stdin;
      // EPIPE when ffmpeg exits first: the exit code tells the story, not the write error.
      stdin.on("error", () => {});
      opts.feed(stdin).then(
        () => stdin.end(),
        (err: unknown) => {
          feedError = err;
          child.kill("SIGKILL");
        },
      );
    }
    let tail = "";
    // Both are pipes (see stdio above); only stdin depends on `feed`.
    const stderr = child.stderr!;
    const stdout = child.stdout!;
    stderr.setEncoding("utf8");
    stderr.on("data", (chunk: string) => {
      tail = (tail + chunk).slice(-TAIL_BYTES);
    });
    let progressBuf = "";
    stdout.setEncoding("utf8");
    stdout.on("data", (chunk: string) => {
      if (!opts.onProgress) return;
      progressBuf += chunk;
      const lines = progressBuf.split("\n");
      progressBuf = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m) opts.onProgress(Number(m[1]) / 1_000_000);
      }
    });
    const kill = () => child.kill("SIGKILL");
    let timedOut = false;
    const limitMs = opts.timeoutMs ?? 10 * 60_000;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, limitMs);
    opts.signal?.addEventListener("abort", kill, { once: true });
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new FfmpegError(`ffmpeg could not start: ${err.message}`, null, tail));
    });
    child.on("close", (code, sig) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", kill);
      // A feeder still writing sees its stream close and stops.
      child.stdin?.destroy();
      if (feedError) reject(feedError);
      else if (code === 0) resolve(tail);
      else if (timedOut) reject(new FfmpegError(`ffmpeg ran past its time limit of ${Math.round(limitMs / 1000)} s`, code, tail, true));
      else reject(new FfmpegError(`ffmpeg failed (${sig ?? `exit ${code}`}): ${lastLines(tail, 3)}`, code, tail));
    });
  });
}

function lastLines(text: string, n: number): string {
  return text.trim().split("\n").slice(-n).join(" | ");
}

export interface MediaProbe {
  durationSeconds: number;
  video: { codec: string; profile: string | null; width: number; height: number; fps: number | null } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}

/** Parses the input report that `ffmpeg -i <file>` prints to stderr. Exported for tests. */
export function parseProbe(report: string): MediaProbe | null {
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(report);
  if (!d) return null;
  const durationSeconds = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
  const v = /Stream #\d+:\d+[^:]*: Video: (\w+)(?: \(([^)]+)\))?[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(report);
  const fps = v ? /(\d+(?:\.\d+)?) fps/.exec(v[0]) : null;
  const a = /Stream #\d+:\d+[^:]*: Audio: (\w+)[^\n]*?, (\d+) Hz, (mono|stereo|[\d.]+ channels|5\.1|7\.1)/.exec(report);
  const channels = a ? (a[3] === "mono" ? 1 : a[3] === "stereo" ? 2 : a[3] === "5.1" ? 6 : a[3] === "7.1" ? 8 : Number.parseInt(a[3]!, 10)) : 0;
  return {
    durationSeconds,
    video: v ? { codec: v[1]!, profile: v[2] ?? null, width: Number(v[3]), height: Number(v[4]), fps: fps ? Number(fps[1]) : null } : null,
    audio: a ? { codec: a[1]!, sampleRate: Number(a[2]), channels } : null,
  };
}

/**
 * Duration and stream parameters of a media file (ffmpeg exits 1 without an output; that is
 * expected). `input` replaces the plain `-i file` for untrusted files (see `untrustedInputArgs`).
 */
export async function probeMedia(file: string, opts: { input?: string[]; timeoutMs?: number } = {}): Promise<MediaProbe> {
  const report = await runFfmpeg(opts.input ?? ["-i", file], { timeoutMs: opts.timeoutMs }).catch((err: unknown) =>
    err instanceof FfmpegError && !err.timedOut ? err.stderrTail : Promise.reject(err),
  );
  const probe = parseProbe(report);
  if (!probe) throw new FfmpegError(`not a media file ffmpeg can read: ${file}`, 1, report);
  return probe;
}
