/**
 * Times the render of the seed's demo drop (HIIT Burn: six variants, 9:16, 1:1 and 16:9 x 15 s
 * and 30 s, and three covers) with the render job's own code, in this process, on a scratch copy
 * of the demo media; no server or database. BENCHMARKS.md ("Social drop renders") reports it.
 *
 *   npx tsx scripts/bench-drop-render.ts [--runs 3] [--full]
 *
 * `--full` first replaces the demo clips (320x180) by 1920x1080 copies (untimed), so that the
 * variants render at the platforms' full size instead of the source's. The script also runs in
 * a checkout of an earlier version (it uses whichever render entry point the checkout has), so
 * old and new code can be measured back to back on the same machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { WORKOUTS } from "../db/seed/data/workouts";
import { runFfmpeg } from "../server/media/ffmpeg";
import { importSeedMedia, readSeedMediaManifest } from "../server/media/import-seed-media";
import { LocalDiskStorage } from "../server/media/storage";
import * as media from "../server/services/drops/render-media";

const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf("--runs") + 1]) || 3;
const full = argv.includes("--full");
const OUT = path.resolve(import.meta.dirname, "../db/seed/media");
const ASPECTS = ["9:16", "1:1", "16:9"] as const;

type Clip = { key: string; seconds: number };
type Api = {
  renderCover: typeof media.renderCover;
  renderDropVideos?: (args: {
    clips: Clip[];
    aspects: { aspectRatio: string; durations: number[]; keyFor: (d: number) => string }[];
    storage: unknown;
  }) => Promise<unknown>;
  renderAspectVariants?: (args: {
    clips: Clip[];
    aspectRatio: string;
    durations: number[];
    keyFor: (d: number) => string;
    storage: unknown;
  }) => Promise<unknown>;
};
const api = media as unknown as Api;

const tmp = await mkdtemp(path.join(tmpdir(), "forma-bench-drops-"));
try {
  const storage = new LocalDiskStorage(tmp);
  await importSeedMedia(storage, OUT);
  const manifest = await readSeedMediaManifest(OUT);
  // The clips the render job takes from HIIT Burn: exercise clips in playlist order, repeats once, up to 60 s.
  const keys = (WORKOUTS.find((w) => w.key === "hiit-burn")?.segments ?? []).flatMap((s) => (s.kind === "exercise" ? [s.exerciseKey] : []));
  let clips: Clip[] = [];
  let total = 0;
  for (const [i, k] of keys.entries()) {
    if ((i > 0 && keys[i - 1] === k) || total >= 60) continue;
    const seconds = manifest[`clips/${k}.mp4`]?.durationSeconds ?? 3;
    clips.push({ key: `seed/clips/${k}.mp4`, seconds });
    total += seconds;
  }
  if (full) {
    const big: Clip[] = [];
    for (const [i, c] of clips.entries()) {
      const key = `bench/clips/${i}-1080p.mp4`;
      const file = path.join(tmp, key);
      await import("node:fs/promises").then((fs) => fs.mkdir(path.dirname(file), { recursive: true }));
      await runFfmpeg([
        "-i",
        path.join(tmp, c.key),
        "-vf",
        "scale=1920:1080:flags=bicubic",
        "-r",
        "30",
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "20",
        "-c:a",
        "copy",
        file,
      ]);
      big.push({ key, seconds: c.seconds });
    }
    clips = big;
  }
  // CPU seconds of this process and its finished children (ffmpeg), from /proc: a figure the other load on a shared machine does not inflate.
  const cpuSeconds = async () => {
    const stat = (await import("node:fs/promises").then((fs) => fs.readFile("/proc/self/stat", "utf8"))).split(") ")[1]!.split(" ");
    const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(stat[i]), 0); // utime, stime, cutime, cstime
    return ticks / 100;
  };
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const cpuStarted = await cpuSeconds();
    for (const aspectRatio of ASPECTS) {
      await api.renderCover({
        aspectRatio,
        text: { title: "HIIT Burn: 4 rounds, zero equipment", primaryLine: "HIIT Burn", secondaryLine: "4 rounds. No equipment." },
        thumbnailKey: "seed/thumbs/jumping-jack.jpg",
        key: `bench/out/${run}/cover-${aspectRatio.replace(":", "x")}.jpg`,
        storage,
      });
    }
    const keyFor = (aspectRatio: string) => (d: number) => `bench/out/${run}/${aspectRatio.replace(":", "x")}_${d * 1000}.mp4`;
    if (api.renderDropVideos) {
      await api.renderDropVideos({
        clips,
        aspects: ASPECTS.map((aspectRatio) => ({ aspectRatio, durations: [15, 30], keyFor: keyFor(aspectRatio) })),
        storage,
      });
    } else {
      for (const aspectRatio of ASPECTS) await api.renderAspectVariants!({ clips, aspectRatio, durations: [15, 30], keyFor: keyFor(aspectRatio), storage });
    }
    times.push((performance.now() - started) / 1000);
    cpu.push((await cpuSeconds()) - cpuStarted);
  }
  const probe = await import("../server/media/ffmpeg").then((f) => f.probeMedia(path.join(tmp, `bench/out/0/9x16_30000.mp4`)));
  console.log(
    JSON.stringify({
      code: api.renderDropVideos ? "new" : "old",
      sources: full ? "1920x1080" : "demo 320x180",
      clips: clips.length,
      seconds: times.map((t) => Math.round(t * 10) / 10),
      cpuSeconds: cpu.map((t) => Math.round(t * 10) / 10),
      variant9x16: probe.video,
    }),
  );
} finally {
  await rm(tmp, { recursive: true, force: true });
}
