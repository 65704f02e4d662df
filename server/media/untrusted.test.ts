import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ffconcatList, hlsPlaylist, hugePngHeader, silentWav } from "@/test/support/hostile-media";
import { sniffContainer, untrustedInputArgs } from "./untrusted";

const media = (p: string) => readFileSync(path.resolve(import.meta.dirname, "../../db/seed/media", p));

const ts = () => {
  const b = Buffer.alloc(188 * 3);
  for (const at of [0, 188, 376]) b[at] = 0x47;
  return b;
};

describe("sniffContainer", () => {
  it("accepts the self-contained containers by their magic numbers and names ffmpeg's demuxer", () => {
    expect(sniffContainer(media("clips/plank.mp4"))).toMatchObject({ ok: true, container: "mov" });
    expect(sniffContainer(media("audio/instructions/burpee.en-US.m4a"))).toMatchObject({ ok: true, container: "mov", label: "M4A" });
    // QuickTime without ftyp starts with moov, mdat, wide...
    expect(sniffContainer(Buffer.from("\0\0\0\x08wide\0\0\0\x10mdat", "latin1"))).toMatchObject({ ok: true, container: "mov" });
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toMatchObject({ ok: true, container: "matroska" });
    expect(sniffContainer(Buffer.from("RIFF\x10\0\0\0AVI LIST", "latin1"))).toMatchObject({ ok: true, container: "avi" });
    expect(sniffContainer(silentWav(1))).toMatchObject({ ok: true, container: "wav" });
    expect(sniffContainer(Buffer.from("fLaC\0\0\0\x22", "latin1"))).toMatchObject({ ok: true, container: "flac" });
    expect(sniffContainer(Buffer.from("OggS\0\x02", "latin1"))).toMatchObject({ ok: true, container: "ogg" });
    expect(sniffContainer(ts())).toMatchObject({ ok: true, container: "mpegts" });
    expect(sniffContainer(Buffer.from("ID3\x04\0\0\0\0\0\0", "latin1"))).toMatchObject({ ok: true, container: "mp3" });
    expect(sniffContainer(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({ ok: true, container: "mp3" });
    expect(sniffContainer(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toMatchObject({ ok: true, container: "aac" });
  });

  it("refuses playlists, lists, images, text and unknown bytes, saying what the file is", () => {
    const refused = (b: Buffer) => {
      const r = sniffContainer(b);
      if (r.ok) throw new Error(`accepted as ${r.container}`);
      return r.reason;
    };
    expect(refused(hlsPlaylist("file:///etc/passwd"))).toMatch(/playlist \(M3U\/HLS\)/);
    expect(refused(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), hlsPlaylist("http://example.com/a.ts")]))).toMatch(/playlist/);
    expect(refused(ffconcatList("/etc/passwd"))).toMatch(/ffconcat list/);
    expect(refused(hugePngHeader(20000, 20000))).toMatch(/image/);
    expect(refused(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toMatch(/image/);
    expect(refused(Buffer.from("GIF89a"))).toMatch(/image/);
    expect(refused(Buffer.from("concat:/a.mp4|/b.mp4"))).toMatch(/text/);
    expect(refused(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toMatch(/not a video or audio file we accept/);
    expect(refused(Buffer.alloc(0))).toMatch(/not a video or audio file we accept/);
    // The reason also says what is accepted.
    expect(refused(Buffer.from("hello"))).toMatch(/MP4, MOV/);
  });
});

describe("untrustedInputArgs", () => {
  it("forces the demuxer, allows only the file protocol and the listed decoders, and turns QuickTime references off", () => {
    const args = untrustedInputArgs("/tmp/x/source", "mov");
    const opt = (name: string) => args[args.indexOf(name) + 1];
    expect(opt("-protocol_whitelist")).toBe("file");
    expect(opt("-format_whitelist")).toBe("mov");
    expect(opt("-f")).toBe("mov");
    expect(opt("-enable_drefs")).toBe("0");
    expect(opt("-codec_whitelist")!.split(",")).toEqual(expect.arrayContaining(["h264", "aac", "opus"]));
    expect(opt("-codec_whitelist")!.split(",")).not.toContain("png");
    // The input comes last, after every option that governs it.
    expect(args.slice(-2)).toEqual(["-i", "/tmp/x/source"]);
    expect(untrustedInputArgs("/tmp/x/source", "wav")).not.toContain("-enable_drefs");
  });
});
