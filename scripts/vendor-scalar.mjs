/**
 * Refreshes vendor/scalar/, the browser bundle of the reference at /docs (server/docs/reference-page.ts),
 * from the npm registry:
 *
 *   node scripts/vendor-scalar.mjs [version]     (default: the version vendor/scalar/package.json names)
 *
 * `npm pack` fetches @scalar/api-reference's tarball (checked against the registry's integrity); this
 * keeps its one self-contained file, `dist/browser/standalone.js` (no further chunks, fonts or CDN
 * requests), with the package's package.json (version, MIT licence) and records where it came from in
 * SOURCE.json (the tarball's integrity and the bundle's sha256, which a unit test checks the committed
 * file against). The package is not a dependency: installed, it brought 263 packages and 32,000 files
 * (Vue, icon sets, highlighters, all inside the standalone bundle already), a third of the files of
 * every `npm install`, for this one file.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "vendor", "scalar");
const version = process.argv[2] ?? JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
const tmp = mkdtempSync(path.join(os.tmpdir(), "forma-scalar-"));
try {
  const packed = spawnSync("npm", ["pack", `@scalar/api-reference@${version}`, "--pack-destination", tmp, "--json"], { encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [{ filename, integrity, version: got }] = JSON.parse(packed.stdout);
  const files = ["package/dist/browser/standalone.js", "package/package.json"];
  const untar = spawnSync("tar", ["-xzf", path.join(tmp, filename), "-C", tmp, ...files], { encoding: "utf8" });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  copyFileSync(path.join(tmp, files[0]), path.join(dir, "standalone.js"));
  copyFileSync(path.join(tmp, files[1]), path.join(dir, "package.json"));
  const sha256 = createHash("sha256").update(readFileSync(path.join(dir, "standalone.js"))).digest("hex");
  const source = { package: "@scalar/api-reference", version: got, tarballIntegrity: integrity, file: "dist/browser/standalone.js", sha256 };
  writeFileSync(path.join(dir, "SOURCE.json"), `${JSON.stringify(source, null, 2)}\n`);
  console.log(`vendor/scalar: @scalar/api-reference ${got}, standalone.js sha256 ${sha256}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
