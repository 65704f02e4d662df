import type { Tx } from "@/db/client";
import { type SocialAccountRow, findSocialAccount } from "@/db/queries/social-publish";
import { GrantRevokedError, type SocialPost } from "../adapters/types";
import { pollPlan } from "./config";
import { accessTokenFor } from "./grants";
import { PlatformError, sleep } from "./http";
import type { GrantTokens } from "./oauth";

/** The account row behind a post and its (refreshed) tokens. */
export async function grantOf(db: Tx, post: SocialPost): Promise<{ account: SocialAccountRow; tokens: GrantTokens }> {
  const account = await findSocialAccount(db, post.organizationId, post.platform);
  if (!account) throw new GrantRevokedError(`No ${post.platform} account is connected.`);
  return { account, tokens: await accessTokenFor(db, account) };
}

/**
 * Checks a platform's processing status until `done` says finished (returns the last answer) or
 * the attempt's polls run out: then a retryable error, and the next attempt resumes polling the
 * same container or upload (its id is saved), never starting over.
 */
export async function pollUntil<T>(what: string, check: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const { intervalMs, polls } = pollPlan();
  for (let i = 0; i < polls; i++) {
    const answer = await check();
    if (done(answer)) return answer;
    if (i < polls - 1) await sleep(intervalMs);
  }
  throw new PlatformError(`${what} is still processing; the next attempt checks again.`, "unavailable", 0);
}

/** Reads one of Forma's own signed media links (the drop's video or cover) into memory. */
export async function readOwnMedia(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!res.ok) throw new PlatformError(`The drop's media could not be read for uploading (${res.status}).`, "unavailable", res.status);
  return Buffer.from(await res.arrayBuffer());
}
