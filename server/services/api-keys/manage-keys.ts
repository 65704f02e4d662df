import { z } from "zod";
import type { Tx } from "@/db/client";
import type { ApiKeyKind } from "@/db/schema";
import { listOrganizationApiKeys, revokeOrganizationApiKey } from "@/db/queries/api-keys";
import { forgetApiKey } from "./key-cache";
import { notFound } from "@/server/core/errors";
import { limitParam, offsetParam } from "@/server/contracts/schemas";
import { createApiKey } from "@/server/services/organizations/create-organization";

/**
 * API keys of a workspace, as its owners manage them: team-scoped keys (pinned to the workspace)
 * or content-only keys (401 on every route; kept for content delivery tools). Multi-organization
 * keys are issued by the platform, not by a workspace. A key is shown once, when issued.
 */
export const IssueApiKeyInput = z
  .object({
    name: z.string().trim().min(1, "give the key a name").max(100),
    kind: z.enum(["team", "content"]),
  })
  .strict();
export type IssueApiKeyInput = z.output<typeof IssueApiKeyInput>;

export const ListApiKeysQuery = z
  .object({
    limit: limitParam(50, 20),
    offset: offsetParam,
    includeRevoked: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  })
  .strict();

export function toApiKeyResource(r: {
  id: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}) {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Tx, organizationId: string, query: z.output<typeof ListApiKeysQuery>) {
  const { rows, total } = await listOrganizationApiKeys(db, { organizationId, ...query });
  return { items: rows.map(toApiKeyResource), total, limit: query.limit, offset: query.offset };
}

/** Issues a key; the answer carries the key in clear text, the only time it is ever shown. */
export async function issueApiKey(db: Tx, organizationId: string, input: IssueApiKeyInput) {
  const { id, key } = await createApiKey(db, { organizationId, kind: input.kind, name: input.name });
  return { id, key, kind: input.kind, name: input.name, prefix: key.slice(0, 12) };
}

/**
 * Revokes a key of the workspace and evicts it from this process's key cache, so the API answers
 * 401 for it from the next request on.
 */
export async function revokeApiKey(db: Tx, organizationId: string, keyId: string): Promise<void> {
  const hash = await revokeOrganizationApiKey(db, organizationId, keyId);
  if (!hash) throw notFound("No live key with this id in this workspace.");
  forgetApiKey(hash);
}
