import { randomInt } from "node:crypto";
import type { Db } from "@/db/client";
import { insertCastSession } from "@/db/queries/cast";
import type { Caller } from "@/server/api/auth";
import { retryOnUniqueViolation } from "@/db/errors";
import { CAST_SESSION_TTL_MS } from "./limits";
import { toCastSession } from "./serialize";

const DEFAULT_DISPLAY_NAME = "TV";

/** A random 6-digit code (leading zeros kept). */
export function newPairingCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * Display side: a new session with a 6-digit code unique among sessions that have not ended (the
 * partial unique index decides; a collision draws again), expiring in 80 minutes. The organization
 * is the team key's own, or `organizationId` for a key spanning several (400 without it, 403 for
 * one it does not hold).
 */
export async function createCastSession(db: Db, caller: Caller, input: { displayName?: string; organizationId?: string }, target: string, opts: { linkBase?: string } = {}) {
  const organizationId = caller.resolveOrganizationId(input.organizationId, target);
  const row = await retryOnUniqueViolation(
    "cast_sessions_live_code_uq",
    () =>
      insertCastSession(db, {
        organizationId,
        apiKeyId: caller.apiKey?.id ?? null,
        code: newPairingCode(),
        displayName: input.displayName ?? DEFAULT_DISPLAY_NAME,
        expiresAt: new Date(Date.now() + CAST_SESSION_TTL_MS),
      }),
    8,
  );
  return toCastSession(row, Date.now(), opts.linkBase);
}
