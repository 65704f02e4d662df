import type { AutopilotEventRow, AutopilotTaskRow } from "@/db/queries/autopilot";

/** The public task resource (ContentAutopilotTask), with the deprecated `_id`, `_teamId`, `_ownerId` (versioning rule 4). */
export function taskResource(t: AutopilotTaskRow) {
  return {
    id: t.id,
    _id: t.id,
    organizationId: t.organizationId,
    _teamId: t.organizationId,
    ownerId: t.ownerId,
    _ownerId: t.ownerId,
    name: t.name,
    status: t.status,
    scope: t.scope,
    contentType: t.contentType,
    difficultyOptions: t.difficultyOptions,
    categoryIds: t.categoryIds,
    goalIds: t.goalIds,
    durationMin: t.durationMin,
    durationMax: t.durationMax,
    includeFreeStock: t.includeFreeStock,
    includePremiumStock: t.includePremiumStock,
    includeTeamContent: t.includeTeamContent,
    repeatMode: t.repeatMode,
    promptGuidanceMode: t.promptGuidanceMode,
    customPromptGuidance: t.customPromptGuidance,
    sourceContentId: t.sourceContentId,
    existingContentId: t.existingContentId,
    nextRunAt: t.nextRunAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** The public event resource (ContentAutopilotEvent): result fields on success, errorMessage on failure. */
export function eventResource(e: AutopilotEventRow) {
  return {
    id: e.id,
    _id: e.id,
    taskId: e.taskId,
    organizationId: e.organizationId,
    _teamId: e.organizationId,
    ownerId: e.ownerId,
    _ownerId: e.ownerId,
    eventType: e.eventType,
    ...(e.eventType === "success" && e.resultContentId && e.resultContentType ? { resultContentId: e.resultContentId, resultContentType: e.resultContentType } : {}),
    ...(e.eventType === "failed" && e.errorMessage ? { errorMessage: e.errorMessage } : {}),
    trigger: e.trigger,
    scheduledFor: e.scheduledFor?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}
