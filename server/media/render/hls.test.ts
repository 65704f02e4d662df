import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/server/env";
import { signPlaylist } from "@/server/services/exports/export-hls";
import { avcCodec, packageFiles, parseMediaPlaylist, renditionEncodeArgs, renditionLadder } from "./hls";

describe("HLS packaging helpers", () => {
  afterEach(() => {
    delete process.env.MEDIA_SIGNING_SECRET;
    resetEnvCache();
  });

  it("ladders three renditions at or below the export's size", () => {
    expect(renditionLadder({ width: 1280, height: 720, fps: 25 }).map((r) => `${r.format.width}x${r.format.height}`)).toEqual(["1280x720", "960x540", "640x360"]);
    expect(renditionLadder({ width: 320, height: 180, fps: 25 }).map((r) => r.name)).toEqual(["180p", "144p", "96p"]);
    expect(renditionLadder({ width: 1920, height: 1080, fps: 30 }).every((r) => r.format.fps === 30 && r.format.width % 2 === 0)).toBe(true);
  });

  it("encodes a smaller rendition with key frames exactly at the piece's own, none of x264's", () => {
    const args = renditionEncodeArgs({ width: 256, height: 144, fps: 25 }, [0, 50, 73], 75);
    const value = (flag: string) => args[args.lastIndexOf(flag) + 1];
    // A quarter frame before each key frame: ffmpeg rounds the time to the nearest frame, then forces the first frame at or after it.
    expect(value("-force_key_frames")).toBe("0.000000,1.990000,2.910000");
    // At 30 fps too, every time rounds to its own frame (half a frame, 1.9833 for frame 60, rounded to frame 59).
    const at30 = renditionEncodeArgs({ width: 256, height: 144, fps: 30 }, [0, 60, 120], 150);
    const frames30 = at30[at30.lastIndexOf("-force_key_frames") + 1]!.split(",").map((t) => Math.round(Number(t) * 30));
    expect(frames30).toEqual([0, 60, 120]);
    expect(value("-sc_threshold")).toBe("0");
    expect(args.filter((a) => a === "-g")).toHaveLength(1);
    expect(value("-g")).toBe("76"); // longer than the piece: no key frame of its own
  });

  it("reads codecs, media playlists and the files of a package", async () => {
    expect(avcCodec("0000002f61766343014d401effe1")).toBe("avc1.4d401e");
    expect(avcCodec("014d401fffe1")).toBe("avc1.4d401f");
    const media = '#EXTM3U\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:4.0,\nseg0.m4s\n#EXTINF:1.5,\nseg1.m4s\n#EXT-X-ENDLIST\n';
    expect(parseMediaPlaylist(media)).toEqual({ init: "init_0.mp4", segments: [{ uri: "seg0.m4s", seconds: 4 }, { uri: "seg1.m4s", seconds: 1.5 }] });
    const files: Record<string, string> = {
      "master.m3u8": '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",URI="audio/index.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1\n180p/index.m3u8\n',
      "audio/index.m3u8": media,
      "180p/index.m3u8": media,
    };
    expect(await packageFiles(async (rel) => files[rel]!)).toEqual([
      "master.m3u8",
      "audio/index.m3u8",
      "audio/init_0.mp4",
      "audio/seg0.m4s",
      "audio/seg1.m4s",
      "180p/index.m3u8",
      "180p/init_0.mp4",
      "180p/seg0.m4s",
      "180p/seg1.m4s",
    ]);
  });

  it("signs every URI of a playlist with the playlist's own expiry", () => {
    process.env.MEDIA_SIGNING_SECRET = "unit-test-secret";
    resetEnvCache();
    const now = 1_800_000_000_000;
    const exp = now / 1000 + 3600;
    const key = "exports/0123456789abcdef01234567/en-US-video-0123456789abcdef01234567-hls/180p/index.m3u8";
    const out = signPlaylist('#EXTM3U\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:4.0,\nseg0.m4s\nhttps://elsewhere/x.m4s\n', key, exp, now);
    const lines = out.split("\n");
    expect(lines[1]).toMatch(/^#EXT-X-MAP:URI="http[^"]+\/media\/exports\/[0-9a-f]{24}\/en-US-video-[0-9a-f]{24}-hls\/180p\/init_0\.mp4\?exp=1800003600&sig=[\w-]+"$/);
    expect(lines[3]).toMatch(/\/180p\/seg0\.m4s\?exp=1800003600&sig=/);
    expect(lines[4]).toBe("https://elsewhere/x.m4s"); // absolute URIs are left alone
  });
});
