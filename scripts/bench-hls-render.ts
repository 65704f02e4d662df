/**
 * Times the HLS packaging of a 30-minute interval workout's export (three renditions and the
 * audio rendition) with the render job's own code, in this process, on a scratch copy of the demo
 * media and an empty render cache; no server or database. BENCHMARKS.md ("HLS renditions") reports it.
 *
 *   npx tsx scripts/bench-hls-render.ts [--height 720] [--minutes 30]
 *
 * The demo clips (320x180) are first re-encoded at `--height` in the export format (untimed), as
 * uploads are normalized when they are stored; the sound is a silent AAC track of the workout's
 * length (untimed: the sound is the MP4 export's, rendered before). Timed: the export picture as
 * today (plan and join: the reference) and then the HLS renditions and packaging.
 */
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const argv = process.argv.slice(2);
const arg = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const height = arg("--height", 720);
const minutes = arg("--minutes", 30);
const tmp = await mkdtemp(path.join(tmpdir(), "forma-bench-hls-"));
process.env.DATA_DIR = tmp; // the render cache starts empty

const { runFfmpeg } = await import("../server/media/ffmpeg");
const { importSeedMedia } = await import("../server/media/import-seed-media");
const { LocalDiskStorage } = await import("../server/media/storage");
const { videoEncodeArgs, videoFilter } = await import("../server/media/render/format");
const { planVideo, buildVideo } = await import("../server/media/render/video");
const { buildRenditions, packageHls, renditionLadder } = await import("../server/media/render/hls");
const { intervalWorkout } = await import("../test/support/exports");
const { EXERCISES } = await import("../db/seed/data/exercises");

try {
  const storage = new LocalDiskStorage(path.join(tmp, "media"));
  await importSeedMedia(storage, path.resolve(import.meta.dirname, "../db/seed/media"));
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const format = { width, height, fps: 25 };
  const big = new Map<string, string>();
  const scaled = async (key: string) => {
    if (!big.has(key)) {
      const out = `bench/${path.basename(key, ".mp4")}-${height}p.mp4`;
      const file = path.join(storage.root, out);
      await mkdir(path.dirname(file), { recursive: true });
      await runFfmpeg(["-i", path.join(storage.root, key), "-map", "0:v:0", "-vf", videoFilter(format), ...videoEncodeArgs(format), "-an", file]);
      big.set(key, out);
    }
    return big.get(key)!;
  };
  const segments = [];
  for (const s of intervalWorkout(minutes)) {
    if (s.kind === "break") segments.push({ kind: "break", seconds: s.seconds, visual: { type: "still" as const, key: "seed/images/break.jpg" }, sound: null });
    else if (s.kind === "exercise") {
      const e = EXERCISES.find((x) => x.key === s.exercise)!;
      const seconds = s.workSeconds ?? Math.round((s.reps ?? 10) * e.estimatedRepDurationSeconds);
      segments.push({ kind: "exercise", seconds, visual: { type: "clip" as const, key: await scaled(`seed/clips/${s.exercise}.mp4`) }, sound: null });
    } else {
      const name = s.kind === "intro" ? "workout-intro" : s.kind === "outro" ? "workout-outro" : "promo-spot";
      const key = await scaled(`seed/video/${name}.mp4`);
      const probe = await import("../server/media/mp4").then((m) => m.readMp4Tracks(path.join(storage.root, key)));
      segments.push({ kind: s.kind, seconds: (probe?.video?.frames ?? 75) / 25, visual: { type: "clip" as const, key }, sound: null });
    }
  }
  const seconds = segments.reduce((n, s) => n + s.seconds, 0);
  const sound = path.join(tmp, "sound.m4a");
  await runFfmpeg(["-f", "lavfi", "-i", `anullsrc=r=32000:cl=mono`, "-t", String(seconds), "-c:a", "aac", "-b:a", "64k", sound]);

  const load = loadavg()[0]!.toFixed(1);
  const t0 = performance.now();
  const plan = await planVideo(storage, segments, 0);
  const picture = await buildVideo(plan);
  const t1 = performance.now();
  const ladder = renditionLadder(plan.format);
  const files = await buildRenditions(plan, ladder);
  const t2 = performance.now();
  const out = path.join(tmp, "hls");
  const written = await packageHls(
    files.map((file, i) => ({ file, rendition: ladder[i]! })),
    sound,
    out,
    0,
  );
  const t3 = performance.now();
  let bytes = 0;
  for (const f of written) bytes += (await stat(path.join(out, f))).size;
  const pieces = (await readdir(path.join(tmp, "cache", "render", "pieces"))).filter((f) => f.startsWith("hls-")).length;
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      loadBefore: Number(load),
      loadAfter: Number(loadavg()[0]!.toFixed(1)),
      workoutSeconds: Math.round(seconds),
      frames: plan.frames,
      format: `${plan.format.width}x${plan.format.height}p${plan.format.fps}`,
      renditions: ladder.map((r) => r.name),
      pictureMs: Math.round(t1 - t0),
      renditionsMs: Math.round(t2 - t1),
      packageMs: Math.round(t3 - t2),
      hlsMs: Math.round(t3 - t1),
      renditionPieces: pieces,
      files: written.length,
      megabytes: Math.round(bytes / 1e5) / 10,
      picture: path.basename(picture),
    }),
  );
} finally {
  await rm(tmp, { recursive: true, force: true });
}
