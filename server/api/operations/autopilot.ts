import { z } from "zod";
import { AUTOPILOT_EVENT_TYPES, AUTOPILOT_STATUSES } from "@/db/schema";
import { defineOperation } from "../operation";
import {
  ContentType,
  CreateContentAutopilotTaskBody,
  Difficulty,
  GuidanceMode,
  ListTasksQuery,
  RepeatMode,
  Scope,
  UpdateContentAutopilotTaskBody,
} from "@/server/contracts/autopilot";
import { HexId, ListLinks, limitParam, offsetParam } from "@/server/contracts/schemas";
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
  idempotency: "transaction",
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
  idempotency: "transaction",
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
  idempotency: "transaction",
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
  idempotency: "transaction",
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
  idempotency: "transaction",
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
