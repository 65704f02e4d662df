import type { Db } from "@/db/client";
import { findWorkspaceOwner, insertAutopilotTask } from "@/db/queries/autopilot";
import type { CreateTaskInput } from "@/server/contracts/autopilot";
import { assertEntitled } from "./entitlements";
import { taskResource } from "./serialize";
import { validateTaskReferences } from "./validate-task";

/**
 * POST /v1/orgs/{organizationId}/content-autopilot: a new task in draft (201). The body's schema
 * already holds the task rules (what the scope needs: 400 ValidationError); this checks what the
 * ids point to (400 BadRequest naming the field), then the entitlements (403); nothing is written
 * unless both pass. The owner is the workspace's owning trainer (API keys have no user).
 */
export async function createTask(db: Db, organizationId: string, body: CreateTaskInput, now = new Date()) {
  const values = {
    ...body,
    difficultyOptions: [...new Set(body.difficultyOptions)],
    categoryIds: [...new Set(body.categoryIds)],
    goalIds: [...new Set(body.goalIds)],
  };
  await validateTaskReferences(db, organizationId, values, "all");
  await assertEntitled(db, { organizationId, ...values }, now);
  const owner = await findWorkspaceOwner(db, organizationId);
  const row = await insertAutopilotTask(db, {
    ...values,
    organizationId,
    ownerId: owner?.id ?? null,
    status: "draft",
    nextRunAt: values.nextRunAt ? new Date(values.nextRunAt) : null,
    createdAt: now,
    updatedAt: now,
  });
  return taskResource(row);
}
