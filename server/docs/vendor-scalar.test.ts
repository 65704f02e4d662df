import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** vendor/scalar is the registry's file, unchanged: its sha256 is the one scripts/vendor-scalar.mjs recorded. */
describe("vendor/scalar", () => {
  it("holds the standalone bundle of the version its SOURCE.json and package.json name", () => {
    const dir = path.resolve(import.meta.dirname, "..", "..", "vendor", "scalar");
    const source = JSON.parse(readFileSync(path.join(dir, "SOURCE.json"), "utf8")) as { package: string; version: string; sha256: string; tarballIntegrity: string };
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name: string; version: string; license: string };
    expect(pkg).toMatchObject({ name: source.package, version: source.version, license: "MIT" });
    expect(source.tarballIntegrity).toMatch(/^sha512-/);
    expect(createHash("sha256").update(readFileSync(path.join(dir, "standalone.js"))).digest("hex")).toBe(source.sha256);
  });
});
