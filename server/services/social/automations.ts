import type { Db, Tx } from "@/db/client";
import { findOrgDropsByIds } from "@/db/queries/drops";
import {
  type AutomationRow,
  type ListAutomationsArgs,
  findOrgAutomation,
  insertAutomation,
  listAutomations,
  listSocialAccounts,
  softDeleteAutomation,
  updateAutomation,
} from "@/db/queries/social-publish";
import type { CaptionOverride, ChannelPreset, SocialPlatform, SocialSchedule, SocialSourceMode } from "@/db/schema";
import { ApiError, type ErrorDetail, notFound, unprocessable } from "@/server/core/errors";
import { type SocialPublishAutomation, toAutomation } from "./serialize";
import { nextRunAfter } from "./schedule";

export interface AutomationInput {
  name: string;
  platforms: SocialPlatform[];
  sourceMode: SocialSourceMode;
  dropIds?: string[];
  schedule: SocialSchedule;
  channelPresets?: Partial<Record<SocialPlatform, ChannelPreset>>;
  captionOverrides?: Partial<Record<SocialPlatform, CaptionOverride>>;
  locale?: string;
}

export type AutomationPatch = Partial<AutomationInput> & { status?: "draft" | "active" };

/** Keeps only entries of target platforms. */
const onlyTargets = <T>(map: Partial<Record<SocialPlatform, T>> | undefined, platforms: SocialPlatform[]) =>
  Object.fromEntries(Object.entries(map ?? {}).filter(([p]) => platforms.includes(p as SocialPlatform))) as Partial<Record<SocialPlatform, T>>;

/** Problems with the drop ids of a manual_fixed automation: unknown ones, and (for an active one) unready ones. */
async function dropIdProblems(db: Tx, organizationId: string, dropIds: string[], requireReady: boolean): Promise<ErrorDetail[]> {
  const found = new Map((await findOrgDropsByIds(db, organizationId, dropIds)).map((d) => [d.id, d.status]));
  const details: ErrorDetail[] = [];
  for (const [i, id] of dropIds.entries()) {
    const status = found.get(id);
    if (!status) details.push({ code: "UnknownDrop", message: `${id} is not a drop of this workspace.`, target: `dropIds.${i}` });
    else if (requireReady && status !== "ready")
      details.push({ code: "DropNotReady", message: `Drop ${id} is ${status}; an active automation only posts ready drops.`, target: `dropIds.${i}` });
  }
  return details;
}

/**
 * What ties an automation's fields together: presets and caption overrides only for target
 * platforms, drop ids exactly for manual_fixed. Checked on create (400) and on PATCH (422).
 */
function crossFieldProblems(
  platforms: readonly string[],
  sourceMode: string,
  given: { channelPresets?: object; captionOverrides?: object; dropIds?: string[] },
  dropIds: string[],
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const field of ["channelPresets", "captionOverrides"] as const) {
    for (const key of Object.keys(given[field] ?? {})) {
      if (!platforms.includes(key)) details.push({ code: "NotATargetPlatform", message: `${key} is not one of the target platforms.`, target: `${field}.${key}` });
    }
  }
  if (sourceMode !== "manual_fixed" && given.dropIds?.length)
    details.push({ code: "DropIdsNotAllowed", message: "dropIds only apply to the manual_fixed source mode.", target: "dropIds" });
  if (sourceMode === "manual_fixed" && dropIds.length === 0)
    details.push({ code: "DropIdsRequired", message: "manual_fixed needs at least one drop id.", target: "dropIds" });
  return details;
}

/** Creates an automation in draft. 400 when fields contradict each other or a drop id is not a drop of the workspace. */
export async function createSocialPublishAutomation(db: Db, organizationId: string, input: AutomationInput): Promise<SocialPublishAutomation> {
  const dropIds = input.sourceMode === "manual_fixed" ? (input.dropIds ?? []) : [];
  const crossed = crossFieldProblems(input.platforms, input.sourceMode, input, dropIds);
  if (crossed.length) throw new ApiError({ code: "BadRequest", message: "Some fields contradict each other; see details.", details: crossed });
  const problems = await dropIdProblems(db, organizationId, dropIds, false);
  if (problems.length)
    throw new ApiError({ code: "BadRequest", message: "Some drop ids are not drops of this workspace.", target: "dropIds", details: problems });
  const row = await insertAutomation(db, {
    organizationId,
    name: input.name,
    status: "draft",
    sourceMode: input.sourceMode,
    platforms: input.platforms,
    channelPresets: onlyTargets(input.channelPresets, input.platforms),
    captionOverrides: onlyTargets(input.captionOverrides, input.platforms),
    dropIds,
    schedule: input.schedule,
    locale: input.locale ?? "en-US",
  });
  return toAutomation(row);
}

export async function getSocialPublishAutomation(db: Tx, organizationId: string, id: string): Promise<SocialPublishAutomation> {
  const row = await findOrgAutomation(db, organizationId, id);
  if (!row) throw notFound("Automation not found.");
  return toAutomation(row);
}

export async function listSocialPublishAutomations(db: Tx, args: ListAutomationsArgs) {
  const search = args.search?.trim() || undefined;
  const { rows, total } = await listAutomations(db, { ...args, search });
  return { items: rows.map(toAutomation), total };
}

/**
 * Applies a PATCH following the contract's state table, all or nothing: the row is locked, the
 * change merged and checked as a whole, and any problem is a 422 with one detail per problem
 * while the row stays as it was. The result, when active, must have a connected account for
 * every target platform (each missing one is named in `details`), and a manual_fixed one ready
 * drops. Activating (or changing the schedule while active) computes the next run; draft clears it.
 */
export async function updateSocialPublishAutomation(
  db: Db,
  organizationId: string,
  id: string,
  patch: AutomationPatch,
  now = new Date(),
): Promise<SocialPublishAutomation> {
  return db.transaction(async (tx) => {
    const row = await findOrgAutomation(tx, organizationId, id, { lock: true });
    if (!row) throw notFound("Automation not found.");
    const platforms = patch.platforms ?? row.platforms;
    const sourceMode = patch.sourceMode ?? row.sourceMode;
    const status = patch.status ?? row.status;
    const dropIds = sourceMode === "manual_fixed" ? (patch.dropIds ?? row.dropIds) : [];
    const details = crossFieldProblems(platforms, sourceMode, patch, dropIds);
    if (sourceMode === "manual_fixed" && dropIds.length > 0 && (patch.dropIds || status === "active")) {
      details.push(...(await dropIdProblems(tx, organizationId, dropIds, status === "active")));
    }
    if (status === "active") {
      const connected = new Set((await listSocialAccounts(tx, organizationId)).map((a) => a.platform));
      for (const p of platforms) {
        if (!connected.has(p))
          details.push({ code: "PlatformNotConnected", message: `No ${p} account is connected to this workspace.`, target: `platforms.${p}` });
      }
    }
    if (details.length) {
      const missing = details.filter((d) => d.code === "PlatformNotConnected").map((d) => d.target.slice("platforms.".length));
      throw unprocessable(
        missing.length
          ? `Connect ${missing.join(", ")} in the team workspace before this automation can be active; nothing was changed.`
          : "The change cannot be applied; nothing was changed.",
        details,
      );
    }

    const schedule = patch.schedule ?? row.schedule;
    const set: Partial<AutomationRow> = {
      name: patch.name ?? row.name,
      status,
      sourceMode,
      platforms,
      dropIds,
      schedule,
      locale: patch.locale ?? row.locale,
      channelPresets: onlyTargets(patch.channelPresets ?? row.channelPresets, platforms),
      captionOverrides: onlyTargets(patch.captionOverrides ?? row.captionOverrides, platforms),
      updatedAt: now,
    };
    if (status === "draft") set.nextRunAt = null;
    else if (row.status !== "active" || patch.schedule || !row.nextRunAt) set.nextRunAt = nextRunAfter(schedule, now);
    if (sourceMode !== row.sourceMode || patch.dropIds) set.cursor = 0;
    return toAutomation(await updateAutomation(tx, row.id, set));
  });
}

/** Soft delete: 204; the automation stops at once and later reads are 404. */
export async function deleteSocialPublishAutomation(db: Tx, organizationId: string, id: string): Promise<void> {
  if (!(await softDeleteAutomation(db, organizationId, id))) throw notFound("Automation not found.");
}
