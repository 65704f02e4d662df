/**
 * Adds the lockfile entries of platform-specific optional packages that `npm install` could not
 * record because this machine's registry mirror does not carry them (other operating systems'
 * builds of @next/swc, @biomejs/cli, @tailwindcss/oxide...). Without them `npm ci` refuses the
 * lockfile as out of sync on every machine. Each entry gets the version its parent asks for and
 * the os/cpu/libc fields that npm itself would record (read from a sibling platform entry's
 * naming), marked optional, without `resolved`/`integrity`: npm fetches them by name and version
 * on the platforms that need them and skips them elsewhere.
 *
 * Run after `npm install` changed the lockfile: `npm run lockfile:complete`.
 *
 * `--check` changes nothing and fails (exit 1, naming them) when entries are missing: `npm run lint`
 * and .ci/run use it, so an `npm install` that drops them cannot pass CI and break `npm ci` for
 * other platforms later. `--dir tools` works on the tools package's lockfile (tools/package-lock.json).
 */
import { readFileSync, writeFileSync } from "node:fs";

const dirArg = process.argv.indexOf("--dir");
const file = new URL(dirArg > 0 ? `../${process.argv[dirArg + 1]}/package-lock.json` : "../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** os, cpu and libc from a platform package name such as cli-linux-x64-musl or oxide-win32-arm64-msvc. */
function platformOf(name) {
  const tail = name.split("/").pop();
  const os = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "sunos", "aix", "wasm32"].find((o) => new RegExp(`(^|-)${o}(-|$)`).test(tail));
  const cpu = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"].find((c) => new RegExp(`(^|-)${c}(-|$)`).test(tail.replace(/^.*?(darwin|linux|win32|android|freebsd|openbsd|sunos|aix)-?/, "")) || new RegExp(`-${c}(-|$)`).test(tail));
  if (!os || !cpu) return null;
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const out = { os: [os], cpu: [cpu] };
  if (/-musl(-|$)/.test(tail)) out.libc = ["musl"];
  else if (os === "linux" && /-gnu/.test(tail)) out.libc = ["glibc"];
  return out;
}

const check = process.argv.includes("--check");
const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === "" ? "" : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${dep}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    missing.push(`${dep}@${version}`);
  }
}
if (check) {
  if (missing.length === 0) {
    console.log("package-lock.json holds every platform's optional packages.");
    process.exit(0);
  }
  console.error(
    `package-lock.json lacks ${missing.length} platform-specific optional package(s), so \`npm ci\` fails on other platforms:\n  ${missing.join("\n  ")}\nRun \`npm run lockfile:complete\` and commit package-lock.json.`,
  );
  process.exit(1);
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${missing.length} platform entries`);
