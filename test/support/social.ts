import type { Tx } from "@/db/client";
import type { SocialPlatform } from "@/db/schema";
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

