/**
 * Mozilla's HTTP Observatory (@mdn/mdn-http-observatory), run offline against every page kind and
 * API answer kind of a running Forma server. Fails (exit 1) when any test that does not need TLS
 * fails on any of them; the TLS tests (redirection to HTTPS, HSTS) cannot pass on a plain-HTTP
 * local server and are reported but not judged.
 *
 *   tsx scripts/observatory.ts                       starts `npm start` on a free port and a fresh DATA_DIR, scans, stops it
 *   tsx scripts/observatory.ts --base http://127.0.0.1:3000 --data-dir .data   scans a running server
 *   add --markdown for a table (docs/operations.md, BENCHMARKS.md)
 *
 * The package's own CLI scans a host name's root over HTTPS only; its retriever takes a port and a
 * path, so this calls the retriever and the tests directly and scores as its scanner does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureTools, toolsDir } from "./tools";

interface TestOutput {
  result: string | null;
  pass: boolean;
  scoreModifier?: number;
}
type Test = ((requests: unknown) => TestOutput) & { name: string };

/** The tests that need TLS to pass (an HTTPS redirect, HSTS): judged only behind a TLS proxy. */
const TLS_TESTS = new Set(["redirectionTest", "strictTransportSecurityTest"]);
/** Cookies are judged too, except for the Secure flag, which plain HTTP cannot carry. */
const TLS_ONLY_COOKIE_RESULTS = new Set(["cookies-without-secure-flag", "cookies-session-without-secure-flag"]);

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ base: string; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "forma-observatory-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (output.includes("Forma is running")) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, dataDir, stop };
}

/** One URL of each page kind and API answer kind, made from the demo workspace of the server's DATA_DIR. */
interface Target {
  kind: string;
  path: string;
  /** Sent as X-Api-Key (an API answer that succeeds). */
  apiKey?: string;
}

async function targets(base: string, dataDir: string): Promise<Target[]> {
  const demo = JSON.parse(readFileSync(path.join(path.resolve(dataDir), "demo-workspace.json"), "utf8")) as { organizationId: string; apiKey: string };
  const org = demo.organizationId;
  // A public workout: the first card of the organization's grid (RUN-CONTRACT.md's data-workout-id hook).
  const grid = await (await fetch(`${base}/workouts?orgId=${org}`)).text();
  const workoutId = /data-workout-id="([0-9a-f]{24})"/.exec(grid)?.[1];
  if (!workoutId) throw new Error("the demo workspace's grid shows no workout");
  const playlist = (await (await fetch(`${base}/v1/workouts/${workoutId}/playlist`, { headers: { "x-api-key": demo.apiKey } })).json()) as unknown;
  const media = JSON.stringify(playlist).match(/https?:\/\/[^"]+\/media\/[^"]+/)?.[0];
  return [
    { kind: "landing", path: "/" },
    { kind: "workout grid", path: `/workouts?orgId=${org}` },
    { kind: "plan grid", path: `/plans?orgId=${org}` },
    { kind: "player page", path: `/workouts/${workoutId}?orgId=${org}` },
    { kind: "member sign-in", path: `/sign-in?orgId=${org}` },
    { kind: "cast display", path: `/cast?orgId=${org}` },
    { kind: "cast controller", path: `/cast?sessionId=${"0".repeat(24)}&code=000000` },
    { kind: "embed player", path: `/embed/workout/${workoutId}?organizationId=${org}&apiKey=${demo.apiKey}` },
    { kind: "JSON receiver", path: `/embed/workout-json-receiver?organizationId=${org}` },
    { kind: "console sign-in", path: "/console/sign-in" },
    { kind: "console (signed out)", path: "/console" },
    { kind: "API reference", path: "/docs" },
    { kind: "embed guide", path: "/docs/embed" },
    { kind: "page not found", path: "/no-such-page" },
    { kind: "API (401)", path: `/v1/orgs/${org}/workouts` },
    { kind: "API (200)", path: `/v1/orgs/${org}/workouts?limit=1`, apiKey: demo.apiKey },
    { kind: "openapi.json", path: "/openapi.json" },
    { kind: "llms.txt", path: "/llms.txt" },
    { kind: "health", path: "/health" },
    ...(media ? [{ kind: "media", path: new URL(media).pathname + new URL(media).search }] : []),
  ];
}

export interface PageScore {
  kind: string;
  path: string;
  status: number;
  score: number;
  grade: string;
  /** The score with the TLS tests' deductions taken back (what the non-TLS tests earn). */
  nonTlsScore: number;
  nonTlsGrade: string;
  /** Failed tests that do not need TLS (must be empty). */
  failed: string[];
  /** Failed tests that need TLS (expected on plain HTTP). */
  tlsFailed: string[];
}

/** Scans one path the way the Observatory's scanner scans a site's root. */
export async function scanPath(base: string, target: Target): Promise<PageScore> {
  // The scanner is in the tools package (scripts/tools.ts), installed on first use.
  ensureTools();
  const obs = pathToFileURL(path.join(toolsDir, "node_modules", "@mdn", "mdn-http-observatory", "src")).href;
  const { retrieve } = (await import(`${obs}/retriever/retriever.js`)) as { retrieve: (host: string, o: object) => Promise<{ responses: { auto?: { status: number } } }> };
  const { ALL_TESTS } = (await import(`${obs}/constants.js`)) as { ALL_TESTS: Test[] };
  const { getGradeForScore, getScoreModifier } = (await import(`${obs}/grader/grader.js`)) as {
    getGradeForScore: (s: number) => { grade: string; score: number };
    getScoreModifier: (r: string) => number;
  };
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = (await import(`${obs}/grader/charts.js`)) as { MINIMUM_SCORE_FOR_EXTRA_CREDIT: number };
  const url = new URL(base);
  // No HTTPS listener: the HTTPS attempt goes to a closed port and fails at once.
  const headers = ["Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", ...(target.apiKey ? [`X-Api-Key: ${target.apiKey}`] : [])];
  const requests = await retrieve(url.hostname, { httpPort: url.port, httpsPort: "1", path: target.path, headers });
  const status = requests.responses.auto?.status;
  if (!status) throw new Error(`${target.path}: no answer`);
  let withCredit = 100;
  let uncurved = 100;
  /** What the TLS tests cost: the score a TLS-terminating proxy in front would add back (at least). */
  let tlsPenalty = 0;
  const failed: string[] = [];
  const tlsFailed: string[] = [];
  for (const test of ALL_TESTS) {
    const name = test.name.replace(/Test$/, "");
    let out: TestOutput;
    try {
      out = test(requests);
    } catch (err) {
      // The HSTS preload list is downloaded by the package's install script, which stays off (offline).
      if (TLS_TESTS.has(test.name)) {
        // (needs the HSTS preload list, which the package downloads at install time: off here)
        tlsFailed.push(`${name} (not run offline)`);
        uncurved -= 20;
        withCredit -= 20;
        tlsPenalty += 20;
        continue;
      }
      throw err;
    }
    if (!out.result) continue;
    const modifier = getScoreModifier(out.result);
    withCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    const tls = TLS_TESTS.has(test.name) || TLS_ONLY_COOKIE_RESULTS.has(out.result);
    if (tls && modifier < 0) tlsPenalty -= modifier;
    if (out.pass) continue;
    (tls ? tlsFailed : failed).push(out.result);
  }
  const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withCredit : uncurved);
  const withoutTls = getGradeForScore(uncurved + tlsPenalty >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withCredit + tlsPenalty : uncurved + tlsPenalty);
  return { kind: target.kind, path: target.path, status, score, grade, nonTlsScore: withoutTls.score, nonTlsGrade: withoutTls.grade, failed, tlsFailed };
}

async function main() {
  let base = arg("--base");
  let dataDir = arg("--data-dir");
  let stop = async () => {};
  if (!base) {
    const s = await startServer();
    ({ base, dataDir, stop } = s);
  }
  if (!dataDir) throw new Error("--data-dir is needed with --base (for the demo workspace)");
  try {
    const results: PageScore[] = [];
    for (const t of await targets(base, dataDir)) results.push(await scanPath(base, t));
    if (args.includes("--markdown")) {
      console.log("| Page kind | Path | Status | Score (grade) on plain HTTP | Without the TLS tests | Failed non-TLS tests | TLS tests failed |");
      console.log("|---|---|---|---|---|---|---|");
      for (const r of results) {
        const p = r.path.replace(/apiKey=[^&]+/, "apiKey=…").replace(/[0-9a-f]{24}/g, "…").replace(/\?exp=.*/, "?exp=…");
        console.log(`| ${r.kind} | \`${p}\` | ${r.status} | ${r.score} (${r.grade}) | ${r.nonTlsScore} (${r.nonTlsGrade}) | ${r.failed.join(", ") || "none"} | ${r.tlsFailed.join(", ") || "none"} |`);
      }
    } else {
      for (const r of results) {
        console.log(`${r.failed.length ? "FAIL" : "ok  "} ${r.grade.padEnd(2)} ${String(r.score).padStart(3)}/100 (${String(r.nonTlsScore).padStart(3)} without TLS tests)  ${r.kind.padEnd(22)} ${r.status}  ${r.failed.join(", ")}${r.tlsFailed.length ? `  (TLS: ${r.tlsFailed.join(", ")})` : ""}`);
      }
    }
    const bad = results.filter((r) => r.failed.length);
    if (bad.length) {
      console.error(`\n${bad.length} page kind(s) fail HTTP Observatory tests that do not need TLS.`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

await main();
