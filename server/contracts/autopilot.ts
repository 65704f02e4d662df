import { z } from "zod";
import {
  AUTOPILOT_CONTENT_TYPES,
  AUTOPILOT_GUIDANCE_MODES,
  AUTOPILOT_REPEAT_MODES,
  AUTOPILOT_SCOPES,
  AUTOPILOT_STATUSES,
  DIFFICULTIES,
} from "@/db/schema";
import { HexId, limitParam, offsetParam } from "./schemas";

/**
 * Content autopilot's task bodies and list query (server/api/operations/autopilot.ts declares the
 * operations; the task services take the parsed inputs) and the task rules both the create body
 * and the PATCH check of the merged task apply.
 */

/** Shared by the body schemas below and the PATCH check of the merged task. */
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

// ---------------------------------------------------------------------------------------------
// Task fields and bodies

export const Scope = z.enum(AUTOPILOT_SCOPES).meta({
  description:
    "ai_generate: new content from the AI engine; create_similar: a new item adapted from sourceContentId; publish_existing: publishes the unpublished existingContentId.",
});
export const ContentType = z.enum(AUTOPILOT_CONTENT_TYPES).meta({ description: "workout, or program (a multi-week plan)." });
export const RepeatMode = z.enum(AUTOPILOT_REPEAT_MODES).meta({
  description: "daily or weekly: runs every 1 or 7 days from nextRunAt; once: one run, after which the task returns to draft.",
});
export const GuidanceMode = z.enum(AUTOPILOT_GUIDANCE_MODES).meta({
  description:
    "none: no free-text guidance; custom: customPromptGuidance steers each run; ai_tuned: guidance tuned from members' feedback on the task's earlier results (plus customPromptGuidance when set); ai_driven: the service varies category, difficulty and length itself. The workspace's Programming DNA (its active team default profile) applies in every mode.",
});
export const Difficulty = z.enum(DIFFICULTIES);
const Minutes = z.number().int().min(5).max(120);

const TaskFields = {
  name: z.string().trim().min(1).max(200),
  scope: Scope,
  contentType: ContentType,
  difficultyOptions: z.array(Difficulty).max(3),
  categoryIds: z.array(HexId).max(20),
  goalIds: z.array(HexId).max(20),
  durationMin: Minutes.nullable().meta({ description: "Minutes, 5 to 120." }),
  durationMax: Minutes.nullable().meta({ description: "Minutes, 5 to 120, at least durationMin." }),
  includeFreeStock: z.boolean(),
  includePremiumStock: z.boolean(),
  includeTeamContent: z.boolean(),
  repeatMode: RepeatMode,
  promptGuidanceMode: GuidanceMode,
  customPromptGuidance: z.string().trim().max(2000).nullable().meta({ description: "Required (non-empty) for promptGuidanceMode custom." }),
  sourceContentId: HexId.nullable(),
  existingContentId: HexId.nullable(),
  nextRunAt: z.iso.datetime({ offset: true }).max(40).nullable().meta({ description: "ISO 8601; kept on activation when in the future." }),
};

const orderedDurations = (b: { durationMin?: number | null; durationMax?: number | null }, ctx: z.RefinementCtx) => {
  if (b.durationMin != null && b.durationMax != null && b.durationMin > b.durationMax) {
    ctx.addIssue({ code: "custom", path: ["durationMin"], message: DURATION_ORDER });
  }
};

const nonEmpty = (field: string) => ({ required: [field], properties: { [field]: { minItems: 1 } } });
const isTrue = (field: string, required: boolean) => ({ ...(required ? { required: [field] } : {}), properties: { [field]: { const: true } } });
const NOT_NULL = { not: { type: "null" } };
const given = (field: string) => ({ required: [field], properties: { [field]: NOT_NULL } });
const when = (field: string, value: string, then: Record<string, unknown>) => ({ if: { required: [field], properties: { [field]: { const: value } } }, then });

/**
 * taskRuleIssues for the document, against the create body's defaults (includeFreeStock and
 * includeTeamContent default true, includePremiumStock false). Only durationMin <= durationMax
 * cannot be said here; its description says it.
 */
const TASK_RULES_SCHEMA = [
  when("scope", "ai_generate", {
    ...nonEmpty("difficultyOptions"),
    allOf: [
      { anyOf: [nonEmpty("categoryIds"), nonEmpty("goalIds")] },
      { anyOf: [isTrue("includeFreeStock", false), isTrue("includePremiumStock", true), isTrue("includeTeamContent", false)] },
    ],
  }),
  when("scope", "create_similar", given("sourceContentId")),
  when("scope", "publish_existing", given("existingContentId")),
  when("promptGuidanceMode", "custom", { required: ["customPromptGuidance"], properties: { customPromptGuidance: { ...NOT_NULL, pattern: "\\S" } } }),
];

export const CreateContentAutopilotTaskBody = z
  .object({
    ...TaskFields,
    contentType: ContentType.default("workout"),
    difficultyOptions: TaskFields.difficultyOptions.default([]),
    categoryIds: TaskFields.categoryIds.default([]),
    goalIds: TaskFields.goalIds.default([]),
    durationMin: TaskFields.durationMin.default(null),
    durationMax: TaskFields.durationMax.default(null),
    includeFreeStock: TaskFields.includeFreeStock.default(true),
    includePremiumStock: TaskFields.includePremiumStock.default(false),
    includeTeamContent: TaskFields.includeTeamContent.default(true),
    repeatMode: TaskFields.repeatMode.default("once"),
    promptGuidanceMode: TaskFields.promptGuidanceMode.default("none"),
    customPromptGuidance: TaskFields.customPromptGuidance.default(null),
    sourceContentId: TaskFields.sourceContentId.default(null),
    existingContentId: TaskFields.existingContentId.default(null),
    nextRunAt: TaskFields.nextRunAt.default(null),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const issue of taskRuleIssues(body)) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  })
  .meta({
    id: "CreateContentAutopilotTaskBody",
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.allOf = TASK_RULES_SCHEMA;
    },
  });
export type CreateTaskInput = z.output<typeof CreateContentAutopilotTaskBody>;

export const UpdateContentAutopilotTaskBody = z
  .object(TaskFields)
  .partial()
  .strict()
  .superRefine(orderedDurations)
  .meta({
    id: "UpdateContentAutopilotTaskBody",
    description:
      "Any task field except status (use activate and deactivate); nextRunAt reschedules. The task as updated must satisfy the create body's rules (what its scope needs, custom guidance text, durationMin <= durationMax): 400 ValidationError naming the field otherwise.",
  });
export type UpdateTaskInput = z.output<typeof UpdateContentAutopilotTaskBody>;

export const ListTasksQuery = z
  .object({
    limit: limitParam(50, 20),
    offset: offsetParam,
    status: z.enum(AUTOPILOT_STATUSES).optional(),
    scope: z.enum(AUTOPILOT_SCOPES).optional(),
    contentType: z.enum(AUTOPILOT_CONTENT_TYPES).optional(),
    sortBy: z.enum(["updatedAt", "createdAt"]).default("updatedAt").meta({ description: "Default updatedAt." }),
    sortOrder: z.enum(["ascend", "descend"]).default("descend").meta({ description: "Default descend." }),
  })
  .strict();
export type ListTasksQuery = z.output<typeof ListTasksQuery>;
