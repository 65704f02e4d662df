import type { AUTOPILOT_GUIDANCE_MODES, AUTOPILOT_SCOPES } from "@/db/schema";

/** Shared by the create body's schema (server/api/operations/autopilot.ts) and the PATCH check of the merged task. */
export const DURATION_ORDER = "durationMin must not exceed durationMax.";

/** The fields the task rules read (a create body after defaults, or a stored task with a PATCH applied). */
export interface TaskRuleValues {
  scope: (typeof AUTOPILOT_SCOPES)[number];
  difficultyOptions: readonly string[];
  categoryIds: readonly string[];
  goalIds: readonly string[];
  durationMin: number | null;
  durationMax: number | null;
  includeFreeStock: boolean;
  includePremiumStock: boolean;
  includeTeamContent: boolean;
  promptGuidanceMode: (typeof AUTOPILOT_GUIDANCE_MODES)[number];
  customPromptGuidance: string | null;
  sourceContentId: string | null;
  existingContentId: string | null;
}

/**
 * The rules a task must satisfy whatever its values came from (spec "Content autopilot", POST /):
 * what each scope needs, custom guidance text, ordered durations. One list for both checks: the
 * create body's refinement and, on PATCH, the merged task (server/services/autopilot/validate-task.ts),
 * each failure a ValidationError detail naming the field. TASK_RULES_SCHEMA says the same to the
 * document; rules about what references point to stay with the service (BadRequest).
 */
export function taskRuleIssues(t: TaskRuleValues): { field: keyof TaskRuleValues; message: string }[] {
  const issues: { field: keyof TaskRuleValues; message: string }[] = [];
  if (t.durationMin !== null && t.durationMax !== null && t.durationMin > t.durationMax) issues.push({ field: "durationMin", message: DURATION_ORDER });
  if (t.promptGuidanceMode === "custom" && !t.customPromptGuidance?.trim()) {
    issues.push({ field: "customPromptGuidance", message: "promptGuidanceMode custom needs a non-empty customPromptGuidance." });
  }
  switch (t.scope) {
    case "ai_generate":
      if (t.categoryIds.length === 0 && t.goalIds.length === 0) issues.push({ field: "categoryIds", message: "ai_generate needs categoryIds or goalIds." });
      if (t.difficultyOptions.length === 0) issues.push({ field: "difficultyOptions", message: "ai_generate needs difficultyOptions (at least one difficulty)." });
      if (!t.includeFreeStock && !t.includePremiumStock && !t.includeTeamContent) {
        issues.push({ field: "includeFreeStock", message: "ai_generate needs a content source: includeFreeStock, includePremiumStock or includeTeamContent." });
      }
      break;
    case "create_similar":
      if (!t.sourceContentId) issues.push({ field: "sourceContentId", message: "create_similar needs sourceContentId." });
      break;
    case "publish_existing":
      if (!t.existingContentId) issues.push({ field: "existingContentId", message: "publish_existing needs existingContentId." });
      break;
  }
  return issues;
}
