import { z } from "zod";
import {
  AUTOPILOT_CONTENT_TYPES,
  AUTOPILOT_EVENT_TYPES,
  AUTOPILOT_GUIDANCE_MODES,
  AUTOPILOT_REPEAT_MODES,
  AUTOPILOT_SCOPES,
  AUTOPILOT_STATUSES,
  DIFFICULTIES,
} from "@/db/schema";
import { defineOperation } from "../operation";
import { HexId, ListLinks, limitParam, offsetParam } from "../schemas";
import { deprecatedId, deprecatedNullableId } from "./workouts";

/**
 * Content autopilot (spec "Content autopilot", base path /v1/orgs/{organizationId}/content-autopilot):
 * scheduled tasks that generate, vary or publish workspace content, and the events of their runs.
 * Key-only (the spec leaves Bearer open; member tokens never manage workspace automation).
 * Weight 1 except run-now (10). Decisions: docs/autopilot.md.
 */

const TAG = "Content autopilot";
const BASE = "/v1/orgs/{organizationId}/content-autopilot";
const OrgParams = z.object({ organizationId: HexId });
const TaskParams = z.object({ organizationId: HexId, taskId: HexId });

const Iso = z.string().meta({ description: "ISO 8601 timestamp." });
const Scope = z.enum(AUTOPILOT_SCOPES).meta({
  description:
    "ai_generate: new content from the AI engine; create_similar: a new item adapted from sourceContentId; publish_existing: publishes the unpublished existingContentId.",
});
const ContentType = z.enum(AUTOPILOT_CONTENT_TYPES).meta({ description: "workout, or program (a multi-week plan)." });
const RepeatMode = z.enum(AUTOPILOT_REPEAT_MODES).meta({
  description: "daily or weekly: runs every 1 or 7 days from nextRunAt; once: one run, after which the task returns to draft.",
});
const GuidanceMode = z.enum(AUTOPILOT_GUIDANCE_MODES).meta({
  description:
    "none: no free-text guidance; custom: customPromptGuidance steers each run; ai_tuned: guidance tuned from members' feedback on the task's earlier results (plus customPromptGuidance when set); ai_driven: the service varies category, difficulty and length itself. The workspace's Programming DNA (its active team default profile) applies in every mode.",
});
const Difficulty = z.enum(DIFFICULTIES);
const Minutes = z.number().int().min(5).max(120);

export const ContentAutopilotTask = z
  .object({
    id: z.string(),
    _id: deprecatedId("id"),
    organizationId: z.string(),
    _teamId: deprecatedId("organizationId"),
    ownerId: z
      .string()
      .nullable()
      .meta({ description: "The workspace's owning trainer (its first trainer) when the task was created; null while the workspace has no trainer. Runs count against this owner's daily limit." }),
    _ownerId: deprecatedNullableId("ownerId"),
    name: z.string(),
    status: z.enum(AUTOPILOT_STATUSES).meta({ description: "draft (not scheduled) or active (runs at nextRunAt)." }),
    scope: Scope,
    contentType: ContentType,
    difficultyOptions: z.array(Difficulty).meta({ description: "Difficulties the runs rotate through." }),
    categoryIds: z.array(z.string()).meta({ description: "Workout categories (GET /v1/workouts/metadata) the runs rotate through." }),
    goalIds: z.array(z.string()).meta({ description: "Plan goals (GET /v1/plans/metadata) that steer generation." }),
    durationMin: z.number().int().nullable().meta({ description: "Minutes." }),
    durationMax: z.number().int().nullable().meta({ description: "Minutes." }),
    includeFreeStock: z.boolean(),
    includePremiumStock: z.boolean().meta({ description: "Needs the premium stock entitlement (403 on create or update otherwise)." }),
    includeTeamContent: z.boolean(),
    repeatMode: RepeatMode,
    promptGuidanceMode: GuidanceMode,
    customPromptGuidance: z.string().nullable(),
    sourceContentId: z.string().nullable().meta({ description: "create_similar: the workout or plan the runs adapt." }),
    existingContentId: z.string().nullable().meta({ description: "publish_existing: the unpublished workout or plan to publish." }),
    nextRunAt: Iso.nullable().meta({ description: "When the next scheduled run is due; null while the task is draft or done." }),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .meta({ id: "ContentAutopilotTask" });

export const ContentAutopilotEvent = z
  .object({
    id: z.string(),
    _id: deprecatedId("id"),
    taskId: z.string(),
    organizationId: z.string(),
    _teamId: deprecatedId("organizationId"),
    ownerId: z.string().nullable(),
    _ownerId: deprecatedNullableId("ownerId"),
    eventType: z.enum(AUTOPILOT_EVENT_TYPES).meta({
      description:
        "success (content created or published), failed (see errorMessage), skipped_limit (the owner's 20 executions of the day were used; retried the next day), skipped_premium_lost (premium stock entitlement lost; the schedule advanced).",
    }),
    resultContentId: z.string().optional().meta({ description: "On success: the workout or plan created or published." }),
    resultContentType: ContentType.optional().meta({ description: "On success." }),
    errorMessage: z.string().optional().meta({ description: "On failure: why the run produced nothing." }),
    trigger: z.enum(["schedule", "run_now"]).meta({ description: "Addition: what started the run." }),
    scheduledFor: Iso.nullable().meta({ description: "Addition: the due time a scheduled run served; null for run-now." }),
    createdAt: Iso,
  })
  .meta({ id: "ContentAutopilotEvent" });

const Explanation = z.string().meta({ description: "A sentence describing the filters and the result." });

export const ContentAutopilotTaskList = z
  .object({ data: z.array(ContentAutopilotTask), links: ListLinks, explanation: Explanation })
  .meta({ id: "ContentAutopilotTaskList" });
export const ContentAutopilotEventList = z
  .object({ data: z.array(ContentAutopilotEvent), links: ListLinks, explanation: Explanation })
  .meta({ id: "ContentAutopilotEventList" });

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

const DURATION_ORDER = "durationMin must not exceed durationMax.";

const orderedDurations = (b: { durationMin?: number | null; durationMax?: number | null }, ctx: z.RefinementCtx) => {
  if (b.durationMin != null && b.durationMax != null && b.durationMin > b.durationMax) {
    ctx.addIssue({ code: "custom", path: ["durationMin"], message: DURATION_ORDER });
  }
};

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

const ListTasksQuery = z
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

const EventType = z.enum(AUTOPILOT_EVENT_TYPES).optional();
const TaskResponse = z.object({ data: ContentAutopilotTask }).meta({ id: "ContentAutopilotTaskResponse" });

export const listContentAutopilotTasks = defineOperation({
  operationId: "ContentAutopilotApi_listTasks",
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List autopilot tasks",
  description: "Live (not deleted) tasks of the organization, newest change first by default, with an `explanation` of the filters and the result.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: OrgParams,
  query: ListTasksQuery,
  success: { status: 200, description: "A page of tasks.", schema: ContentAutopilotTaskList },
  errors: [403, 404],
});

export const createContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_createTask",
  method: "post",
  path: BASE,
  tag: TAG,
  summary: "Create an autopilot task (draft)",
  description:
    "Required per scope (stated in the body schema; 400 ValidationError naming the field): ai_generate needs categoryIds or goalIds, difficultyOptions and a content source; create_similar needs sourceContentId; publish_existing needs existingContentId; promptGuidanceMode custom needs customPromptGuidance. Referenced content, categories and goals must exist and belong to the organization (400 BadRequest naming the field). 403 when the autopilot minutes entitlement has no capacity for the task's runs or includePremiumStock lacks the premium stock entitlement; nothing is created then.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: OrgParams,
  body: CreateContentAutopilotTaskBody,
  bodyRequired: true,
  success: { status: 201, description: "The task, in draft.", schema: TaskResponse },
  errors: [403, 404],
});

export const listContentAutopilotEvents = defineOperation({
  operationId: "ContentAutopilotApi_listEvents",
  method: "get",
  path: `${BASE}/events`,
  tag: TAG,
  summary: "List autopilot run events of the organization",
  description: "Newest first. Events of deleted tasks are not listed. `taskId` filters to one task (an unknown id gives an empty page).",
  auth: ["X-Api-Key"],
  weight: 1,
  params: OrgParams,
  query: z.object({ limit: limitParam(50, 20), offset: offsetParam, eventType: EventType, taskId: HexId.optional() }).strict(),
  success: { status: 200, description: "A page of events.", schema: ContentAutopilotEventList },
  errors: [403, 404],
});

export const getContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_getTask",
  method: "get",
  path: `${BASE}/{taskId}`,
  tag: TAG,
  summary: "Get an autopilot task",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  success: { status: 200, description: "The task.", schema: TaskResponse },
  errors: [403, 404],
});

export const updateContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_updateTask",
  method: "patch",
  path: `${BASE}/{taskId}`,
  tag: TAG,
  summary: "Update an autopilot task",
  description:
    "Partial: any field except status keeps the task in its state. The result must still satisfy the create body's rules (400 ValidationError naming the field); changed references are checked again; turning on includePremiumStock or raising a run's length needs the entitlements (403). nextRunAt reschedules (null clears it).",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  body: UpdateContentAutopilotTaskBody,
  bodyRequired: true,
  success: { status: 200, description: "The updated task.", schema: TaskResponse },
  errors: [403, 404],
});

export const deleteContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_deleteTask",
  method: "delete",
  path: `${BASE}/{taskId}`,
  tag: TAG,
  summary: "Delete an autopilot task",
  description: "Soft delete: the task is no longer listed, read (404) or executed. Content it created stays.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  success: { status: 204, description: "Deleted." },
  errors: [403, 404],
});

export const activateContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_activateTask",
  method: "post",
  path: `${BASE}/{taskId}/activate`,
  tag: TAG,
  summary: "Activate an autopilot task",
  description:
    "draft -> active (idempotent). nextRunAt is kept when it is in the future; otherwise once runs now, and daily or weekly run one period from now (or at the next occurrence of a past nextRunAt's time).",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  success: { status: 200, description: "The active task.", schema: TaskResponse },
  errors: [403, 404],
});

export const deactivateContentAutopilotTask = defineOperation({
  operationId: "ContentAutopilotApi_deactivateTask",
  method: "post",
  path: `${BASE}/{taskId}/deactivate`,
  tag: TAG,
  summary: "Deactivate an autopilot task",
  description: "active -> draft (idempotent); nextRunAt is cleared.",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  success: { status: 200, description: "The task, in draft.", schema: TaskResponse },
  errors: [403, 404],
});

export const runContentAutopilotTaskNow = defineOperation({
  operationId: "ContentAutopilotApi_runTaskNow",
  method: "post",
  path: `${BASE}/{taskId}/run-now`,
  tag: TAG,
  summary: "Run an autopilot task now",
  description:
    "Executes the task immediately (draft or active; its state and nextRunAt are unchanged) and answers with the run's event: success with the created or published content, or failed with errorMessage. At most 20 executions per owner per UTC day (scheduled runs included); past that, and when the entitlements do not allow the run (minutes capacity, premium stock), 403 and nothing runs or is recorded. Runs in progress count against the daily limit. While another run of the same task is in progress (run-now or scheduled), 409 Conflict and nothing runs. The task may be edited, deactivated or deleted during the run (no lock is held while the AI works); a task deleted meanwhile answers 404 and nothing is published.",
  auth: ["X-Api-Key"],
  weight: 10,
  params: TaskParams,
  success: { status: 200, description: "The run's event.", schema: z.object({ data: ContentAutopilotEvent }).meta({ id: "ContentAutopilotEventResponse" }) },
  errors: [403, 404, 409],
});

export const listContentAutopilotTaskEvents = defineOperation({
  operationId: "ContentAutopilotApi_listTaskEvents",
  method: "get",
  path: `${BASE}/{taskId}/events`,
  tag: TAG,
  summary: "List the run events of one autopilot task",
  auth: ["X-Api-Key"],
  weight: 1,
  params: TaskParams,
  query: z.object({ limit: limitParam(50, 20), offset: offsetParam, eventType: EventType }).strict(),
  success: { status: 200, description: "A page of events, newest first.", schema: ContentAutopilotEventList },
  errors: [403, 404],
});
