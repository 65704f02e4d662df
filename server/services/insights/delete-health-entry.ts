import type { Db } from "@/db/client";
import { type InsightsMember, resolveInsightsMember } from "./resolve-member";
import { deleteHealthEntry, findHealthEntry, lockMemberInsights, updateHealthEntry } from "@/db/queries/health";
import type { HealthDataType } from "@/db/schema";
import { badRequest, notFound } from "@/server/core/errors";
import { mergeWrites } from "./ingest-health-data";
import { recomputeDays } from "./recompute-days";

/**
 * Deletes what was pushed for an entry and recomputes its day. An entry that a wearable also
 * synced falls back to the wearable's values; an entry only a wearable wrote cannot be deleted
 * here (400): it belongs to the device integration.
 */
export async function deletePushedHealthEntry(db: Db, member: InsightsMember, dataType: HealthDataType, externalId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberInsights(tx, member.id); // before the read, which must see every write committed before it
    const row = await findHealthEntry(tx, member.id, dataType, externalId);
    if (!row) throw notFound(`No ${dataType} entry with externalId "${externalId}" for this member.`);
    if (!row.pushed) {
      throw badRequest(
        dataType === "activity"
          ? "Wearable-synced activities cannot be deleted through the API; remove them in the wearable's app."
          : `This ${dataType} entry was synced from a wearable and cannot be deleted through the API.`,
        "externalId",
      );
    }
    if (row.synced) {
      const merged = mergeWrites(null, row.synced);
      await recomputeDays(tx, member, [row.localDate, merged.localDate], () => updateHealthEntry(tx, row.id, { ...merged, updatedAt: new Date() }));
    } else {
      await recomputeDays(tx, member, [row.localDate], () => deleteHealthEntry(tx, row.id));
    }
  });
}

/** DELETE health-data/{dataType}/{externalId} for the member named in the path. */
export async function deleteMemberHealthEntry(db: Db, organizationId: string, identifier: string, dataType: HealthDataType, externalId: string): Promise<void> {
  await deletePushedHealthEntry(db, await resolveInsightsMember(db, organizationId, identifier), dataType, externalId);
}
