import type { Db, Tx } from "@/db/client";
import type { Translations } from "@/db/schema/columns";
import { insertOutboxNotifications } from "@/db/queries/notifications";
import { getOrganization } from "@/db/queries/organizations";
import { ApiError } from "@/server/core/errors";
import { sendJobEventSafely } from "@/server/jobs";
import { type AssignmentKind, assignmentNotificationRows } from "./assignment-notifications";
import { resolveEndUserOrThrow } from "./resolve-end-user";

export interface AssignResult {
  added: string[];
  alreadyAssigned: string[];
  notifications: { email: boolean; push: boolean };
}

/** 400 naming every id that may not be assigned; nothing has been written. */
export function ineligibleIds(field: string, requested: string[], eligible: Set<string>, what: string): ApiError | null {
  const bad = requested.map((id, index) => ({ id, index })).filter((x) => !eligible.has(x.id));
  if (bad.length === 0) return null;
  return new ApiError({
    code: "BadRequest",
    message: `${bad.length === 1 ? "One id is" : `${bad.length} ids are`} not ${what} of this organization; nothing was assigned.`,
    target: field,
    details: bad.map((b) => ({ code: "NotEligible", message: `${b.id} is not ${what} of this organization.`, target: `${field}.${b.index}` })),
  });
}

/**
 * The shared assign flow for workouts and plans, all or nothing in one transaction: every id
 * must be eligible; rows already in the library are skipped (the primary key decides, so
 * concurrent assigns never duplicate); only newly added rows are announced, by outbox rows
 * written in the same transaction and handed to the delivery job after commit.
 */
export async function assignToLibrary(
  db: Db,
  args: {
    kind: AssignmentKind;
    field: string;
    what: string;
    organizationId: string;
    endUserIdentifier: string;
    ids: string[];
    sendAssignmentEmail: boolean;
    sendAssignmentPush: boolean;
    findEligible: (tx: Tx, organizationId: string, ids: string[]) => Promise<{ id: string; name: Translations }[]>;
    insertRows: (tx: Tx, endUserId: string, ids: string[]) => Promise<string[]>;
  },
): Promise<AssignResult> {
  const requested = [...new Set(args.ids)];
  const { result, outboxIds } = await db.transaction(async (tx) => {
    const member = await resolveEndUserOrThrow(tx, args.organizationId, args.endUserIdentifier);
    const eligible = await args.findEligible(tx, args.organizationId, requested);
    const err = ineligibleIds(args.field, requested, new Set(eligible.map((e) => e.id)), args.what);
    if (err) throw err;
    const added = new Set(await args.insertRows(tx, member.id, requested));
    let outboxIds: string[] = [];
    if (added.size > 0 && (args.sendAssignmentEmail || args.sendAssignmentPush)) {
      const org = await getOrganization(tx, args.organizationId);
      outboxIds = await insertOutboxNotifications(
        tx,
        assignmentNotificationRows({
          kind: args.kind,
          organizationId: args.organizationId,
          organizationName: org?.name ?? "Your trainer",
          member,
          items: requested.filter((id) => added.has(id)).map((id) => eligible.find((e) => e.id === id)!),
          email: args.sendAssignmentEmail,
          push: args.sendAssignmentPush,
        }),
      );
    }
    const result: AssignResult = {
      added: requested.filter((id) => added.has(id)),
      alreadyAssigned: requested.filter((id) => !added.has(id)),
      notifications: { email: added.size > 0 && args.sendAssignmentEmail && Boolean(member.email), push: added.size > 0 && args.sendAssignmentPush },
    };
    return { result, outboxIds };
  });
  if (outboxIds.length > 0) await sendJobEventSafely({ name: "notifications/outbox.enqueued", data: { outboxIds } });
  return result;
}
