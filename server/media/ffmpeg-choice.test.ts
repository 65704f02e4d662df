import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseFfmpeg, ffmpegMajor, parseFfmpegVersion } from "./ffmpeg";

/** A directory holding an `ffmpeg` that prints `version` (a shell script). */
function fakeFfmpeg(version: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "forma-fake-ffmpeg-"));
  const file = path.join(dir, "ffmpeg");
  writeFileSync(file, `#!/bin/sh\necho "ffmpeg version ${version} Copyright (c) 2000-2024 the FFmpeg developers"\n`);
  chmodSync(file, 0o755);
  return dir;
}

describe("choosing the ffmpeg", () => {
  const bundled = () => path.join(fakeFfmpeg("N-47683-g0e8eb07980-static"), "ffmpeg");

  it("reads versions of releases and of git builds", () => {
    expect(parseFfmpegVersion("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2025")).toBe("5.1.9-0+deb12u1");
    expect(ffmpegMajor("5.1.9-0+deb12u1")).toBe(5);
    expect(ffmpegMajor("n6.1.2")).toBe(6);
    expect(ffmpegMajor("N-47683-g0e8eb07980-static")).toBeNull();
  });

  it("takes FFMPEG_PATH first, then an ffmpeg 5+ on PATH, else the bundled build with a warning naming its age", () => {
    const system7 = fakeFfmpeg("7.1");
    const configured = path.join(fakeFfmpeg("6.0"), "ffmpeg");
    expect(chooseFfmpeg({ ffmpegPath: configured, searchPath: system7, bundled })).toMatchObject({ path: configured, version: "6.0", source: "FFMPEG_PATH" });
    expect(chooseFfmpeg({ searchPath: `/nowhere${path.delimiter}${system7}`, bundled })).toEqual({ path: path.join(system7, "ffmpeg"), version: "7.1", source: "PATH" });
    const old = chooseFfmpeg({ searchPath: fakeFfmpeg("4.4.2"), bundled });
    expect(old).toMatchObject({ source: "bundled", version: "N-47683-g0e8eb07980-static" });
    expect(old.warning).toMatch(/2018 build.*ffmpeg 5 or newer/);
    expect(chooseFfmpeg({ searchPath: "", bundled }).source).toBe("bundled");
  });
});
