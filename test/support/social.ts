import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { expect, onTestFinished } from "vitest";
import { type Tx, getDb } from "@/db/client";
import { CHANNEL_PRESETS, type DropAspectRatio, type SocialPlatform, videoAssets } from "@/db/schema";
import { probeMedia } from "@/server/media/ffmpeg";
import { CHANNEL_PRESET_SPECS } from "@/server/services/drops/presets";
import type { JobIo } from "@/server/jobs/types";
import { connectSocialAccount } from "@/server/services/social/accounts";

/**
 * Test and benchmark support for social drops and publishing (not used by the service).
 */

/** A JobIo that runs steps inline, as the local provider does; records step ids. */
export function inlineIo(): JobIo & { steps: string[] } {
  const steps: string[] = [];
  return {
    steps,
    run: (stepId, fn) => {
      steps.push(stepId);
      return fn();
    },
    sleep: async () => {},
    sendEvent: async (stepId) => {
      steps.push(stepId);
    },
  };
}

/**
 * A daily schedule (UTC) whose time is twelve hours after the file's start: a run never crosses it,
 * so an automation a test made active and left behind does not fall due again in a later test's
 * tick (with a fixed "06:00", a run across 06:00 UTC published every automation of the file).
 */
export function dailyFarFromNow(now = Date.now()): { type: "weekly"; timeZone: "UTC"; days: string[]; times: [string] } {
  const at = new Date(now + 12 * 3600_000).toISOString().slice(11, 16);
  return { type: "weekly", timeZone: "UTC", days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], times: [at] };
}

/** Points a clip at the stored file `key` for the rest of the test (the clip's own file is put back afterwards). */
export async function pointClipAt(clipId: string, key: string): Promise<void> {
  const [before] = await getDb().select({ videoKey: videoAssets.videoKey }).from(videoAssets).where(eq(videoAssets.id, clipId));
  await getDb().update(videoAssets).set({ videoKey: key }).where(eq(videoAssets.id, clipId));
  onTestFinished(async () => {
    await getDb().update(videoAssets).set({ videoKey: before!.videoKey }).where(eq(videoAssets.id, clipId));
  });
}

/** Connects sandbox accounts for the platforms (what the console does after a platform sign-in). */
export async function connectSandboxAccounts(db: Tx, organizationId: string, platforms: SocialPlatform[]): Promise<void> {
  for (const platform of platforms)
    await connectSocialAccount(db, organizationId, { platform, accountId: `${platform}-acct-${organizationId.slice(-6)}`, accountName: `@studio_${platform}` });
}

/** Width and height of a JPEG from its SOF marker; throws for anything that is not a JPEG. */
export function jpegSize(buf: Buffer): { width: number; height: number } {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error("not a JPEG (no SOI marker)");
  let at = 2;
  while (at < buf.length) {
    if (buf[at] !== 0xff) throw new Error(`broken JPEG marker at ${at}`);
    const marker = buf[at + 1]!;
    const length = buf.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error("JPEG without a frame header");
}

/** The file of a media key in the test run's disk storage. */
/** A stored media object as a local file (a downloaded copy when the run keeps its media in S3). */
export { localFileOf as mediaFile } from "./media-files";

/** The H.264 profile and level an MP4 declares in its avcC box (AVCProfileIndication 100 is High; level 40 is 4.0). */
export function avcConfig(mp4: Buffer): { profile: number; level: number } {
  const at = mp4.indexOf("avcC", 0, "latin1");
  if (at < 0) throw new Error("no avcC box: not an H.264 MP4");
  // avcC payload: configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication.
  return { profile: mp4[at + 5]!, level: mp4[at + 7]! };
}

/**
 * Probes a rendered drop variant with ffmpeg (`ffmpeg -i`, the same distribution the renderer
 * uses; the bundled build has no ffprobe) and checks it against the published rules of every
 * channel preset taking its aspect ratio: size, H.264 High@4.0, frame rate, AAC-LC sample rate and
 * channels, file size and length. Returns the probe and the file's size.
 */
export async function expectPresetCompliantVariant(file: string, aspectRatio: DropAspectRatio, expected: { width: number; height: number; seconds: number }) {
  const bytes = await readFile(file);
  const probe = await probeMedia(file);
  expect(probe.video, file).toMatchObject({ codec: "h264", profile: "High", width: expected.width, height: expected.height });
  expect(avcConfig(bytes), file).toEqual({ profile: 100, level: 40 });
  expect(probe.video!.fps).toBe(30);
  expect(probe.audio, file).toEqual({ codec: "aac", sampleRate: 48_000, channels: 2 });
  expect(Math.abs(probe.durationSeconds - expected.seconds), file).toBeLessThanOrEqual(0.2);
  const presets = CHANNEL_PRESETS.map((p) => CHANNEL_PRESET_SPECS[p]).filter((p) => p.aspectRatios.includes(aspectRatio));
  expect(presets.length).toBeGreaterThan(0);
  for (const p of presets) {
    expect(probe.video!.fps, p.id).toBeGreaterThanOrEqual(p.video.minFps);
    expect(probe.video!.fps, p.id).toBeLessThanOrEqual(p.video.maxFps);
    expect(p.video.audioSampleRates, p.id).toContain(probe.audio!.sampleRate);
    expect(probe.audio!.channels, p.id).toBe(p.video.audioChannels);
    expect(bytes.length, p.id).toBeLessThanOrEqual(p.video.maxFileBytes);
    // The peak bitrate rule, on average over the file (a VBV cap of the same figure bounds the peaks).
    expect((bytes.length * 8) / probe.durationSeconds / 1000, p.id).toBeLessThanOrEqual(p.video.maxVideoKbps);
  }
  return { probe, bytes: bytes.length };
}
