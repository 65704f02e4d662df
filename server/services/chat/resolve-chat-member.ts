import type { Tx } from "@/db/client";
import { findActiveEndUserByExternalId, findActiveEndUserByIdOrEmail } from "@/db/queries/end-users";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import type { ChatIdentity } from "@/server/contracts/chat";

export type ChatMember = NonNullable<Awaited<ReturnType<typeof findActiveEndUserByIdOrEmail>>>;

/**
 * The member a chat request speaks for: `organizationId` (403 unless the key may act for it)
 * and the one of `userEmail` or `userExternalUUID` the request sent (every chat operation's schema
 * requires exactly one: a 400 ValidationError from the kernel otherwise), resolved to an active
 * member of that organization. Unknown, suspended and other organizations' members are all 404.
 */
export async function resolveChatMember(db: Tx, caller: Caller, identity: ChatIdentity): Promise<ChatMember> {
  caller.assertOrganization(identity.organizationId);
  const member = identity.userEmail
    ? await findActiveEndUserByIdOrEmail(db, identity.organizationId, identity.userEmail)
    : await findActiveEndUserByExternalId(db, identity.organizationId, identity.userExternalUUID ?? "");
  if (!member) throw notFound("No active member of this organization has this userEmail or userExternalUUID.");
  return member;
}
