import type { Tx } from "@/db/client";
import { findActiveEndUserByExternalId, findActiveEndUserByIdOrEmail } from "@/db/queries/end-users";
import type { endUsers } from "@/db/schema";
import type { Caller } from "@/server/core/caller";
import { badRequest, notFound } from "@/server/core/errors";

/** The attribution fields accepted on every session and feedback call (body for POST/PATCH, query for GET). */
export interface AttributionFields {
  /** Internal 24-hex id or email (case-insensitive). */
  endUserId?: string;
  externalUserId?: string;
  /** Required for keys that span several organizations. */
  organizationId?: string;
}

export interface Identity {
  organizationId: string;
  /** The member, or null for an anonymous (key-only) caller. */
  endUser: typeof endUsers.$inferSelect | null;
}

/**
 * Who a session call acts for. A member Bearer token wins and the fields are ignored; otherwise
 * the fields name the member within the key's organization (`organizationId` for multi-organization
 * keys, 400 without it); without either the caller is anonymous. A named member who is unknown,
 * suspended or of another organization is 404.
 */
export async function resolveIdentity(db: Tx, caller: Caller, fields: AttributionFields, target: string): Promise<Identity> {
  if (caller.member) {
    const user = await findActiveEndUserByIdOrEmail(db, caller.member.organizationId, caller.member.endUserId);
    if (!user) throw notFound("End user not found in this organization.");
    return { organizationId: caller.member.organizationId, endUser: user };
  }
  const organizationId = caller.resolveOrganizationId(fields.organizationId, target);
  const [byId, byExternal] = await Promise.all([
    fields.endUserId ? findActiveEndUserByIdOrEmail(db, organizationId, fields.endUserId) : null,
    fields.externalUserId ? findActiveEndUserByExternalId(db, organizationId, fields.externalUserId) : null,
  ]);
  if ((fields.endUserId && !byId) || (fields.externalUserId && !byExternal)) throw notFound("End user not found in this organization.");
  if (byId && byExternal && byId.id !== byExternal.id) throw badRequest("endUserId and externalUserId name different members.", target);
  return { organizationId, endUser: byId ?? byExternal ?? null };
}
