/**
 * What one run of a task makes, per scope and content type, through the same services as the
 * public AI endpoints (generate, adapt) and the shared content writers:
 *
 * - ai_generate, workout: POST /workouts/generate's engine -> a published workout;
 * - ai_generate, program: POST /plans/generate's engine -> a published plan;
 * - create_similar, workout: POST /workouts/{id}/adapt's engine on the source -> a published workout;
 * - create_similar, program: plan generation seeded with the source plan's goals, categories,
 *   level, length and weekly sessions -> a published plan;
 * - publish_existing: publishes the unpublished workout or plan.
 *
 * Every run applies the workspace's Programming DNA (its active team default profile, when its
 * applicability covers the content type) and the task's prompt guidance mode. Categories and
 * difficulties rotate through the task's options run by run (ai_driven: seeded choices), and each
 * run is seeded by the task and its execution count, so a daily task makes a different item daily.
 * A run is two calls: `prepareContent` does the AI work (the model call, seconds to minutes) with
 * reads on the pool only and no transaction or lock held, producing the content in memory;
 * `storeContent` writes it through `tx`, the run's short commit transaction (docs/autopilot.md
 * "Runs and locks").
 */
import type { Db, Tx } from "@/db/client";
import { findTeamDefaultMethodology, listTaskResults, summarizeWorkoutFeedback } from "@/db/queries/autopilot";
import { findOrgPlanState } from "@/db/queries/plans";
import type { AutopilotTaskRow } from "@/db/queries/autopilot";
import { seededRandom } from "@/server/ai/rng";
import { ApiError } from "@/server/core/errors";
import { AdaptWorkoutBody, GeneratePlanBody, GenerateWorkoutBody } from "@/server/contracts/ai";
import type { ContentChanges } from "@/server/services/content/content-changes";
import { createPlanFromGenerated, createWorkoutFromGenerated } from "@/server/services/content/create-workout";
import { publishPlan, publishWorkout } from "@/server/services/content/publish-content";
import { adaptWorkout } from "@/server/services/personalization/adapt-workout";
import { generatePlan } from "@/server/services/personalization/generate-plan";
import { generateWorkout } from "@/server/services/personalization/generate-workout";

/** A run that produced nothing, with the reason recorded as the event's errorMessage. */
export class RunFailure extends Error {}

export interface Produced {
  contentId: string;
  contentType: "workout" | "program";
  /** Minutes of new workout content (counted against autopilotMinutesLimit). */
  minutes: number;
}

const MAX_GUIDANCE = 2000;

/** The option for this run: rotating (categories fastest, then difficulties), or seeded for ai_driven. */
function choose<T>(options: readonly T[], task: AutopilotTaskRow, stride: number, salt: string): T | undefined {
  if (options.length === 0) return undefined;
  if (task.promptGuidanceMode === "ai_driven") return options[Math.floor(seededRandom(`${task.id}:${task.executions}:${salt}`)() * options.length)];
  return options[Math.floor(task.executions / Math.max(1, stride)) % options.length];
}

/** The workspace's Programming DNA for this content type, if it has one. */
async function workspaceMethodology(db: Db, task: AutopilotTaskRow): Promise<string | undefined> {
  const profile = await findTeamDefaultMethodology(db, task.organizationId);
  if (!profile) return undefined;
  const wanted = task.contentType === "workout" ? "workout" : "plan";
  return profile.applicability === "both" || profile.applicability === wanted ? profile.id : undefined;
}

/**
 * Free-text guidance of the run: custom uses the task's text; ai_tuned writes guidance from the
 * members' difficulty feedback on the task's earlier workouts (then the task's text); none and
 * ai_driven send none.
 */
export async function guidanceFor(db: Db, task: AutopilotTaskRow): Promise<string | undefined> {
  const own = task.customPromptGuidance?.trim() || undefined;
  if (task.promptGuidanceMode === "custom") return own;
  if (task.promptGuidanceMode !== "ai_tuned") return undefined;
  const results = await listTaskResults(db, task.id, 10);
  const feedback = await summarizeWorkoutFeedback(
    db,
    results.filter((r) => r.resultContentType === "workout").map((r) => r.resultContentId),
  );
  const tuned =
    feedback.tooHard > feedback.tooEasy
      ? "Make this session easier and gentle. Member feedback on the earlier sessions of this series asked for less."
      : feedback.tooEasy > feedback.tooHard
        ? "Make this session more challenging. Member feedback on the earlier sessions of this series asked for more."
        : undefined;
  const text = [tuned, own].filter(Boolean).join("\n");
  return text ? text.slice(0, MAX_GUIDANCE) : undefined;
}

function exerciseSources(task: AutopilotTaskRow) {
  const sources: ("free_stock" | "premium_stock" | "team_exercises")[] = [];
  if (task.includeFreeStock) sources.push("free_stock");
  if (task.includePremiumStock) sources.push("premium_stock");
  if (task.includeTeamContent) sources.push("team_exercises");
  return sources;
}

function workoutSources(task: AutopilotTaskRow) {
  const sources: ("team" | "template")[] = [];
  if (task.includeTeamContent) sources.push("team");
  if (task.includeFreeStock || task.includePremiumStock) sources.push("template");
  return sources.length ? sources : undefined;
}

/** Turns a rejected request of the AI services (400, 404) into the run's failure reason. */
async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw new RunFailure(`${what}: ${err.message}`);
    throw err;
  }
}

/** What a run made in memory, before it is stored. */
export type Prepared =
  | { kind: "publish" }
  | { kind: "workout"; generated: Parameters<typeof createWorkoutFromGenerated>[1]["generated"] }
  | { kind: "plan"; generated: Parameters<typeof createPlanFromGenerated>[1]["generated"] };

/**
 * The AI part of a run: generates (or adapts) the content in memory through the model when one is
 * configured, reading through `db` only; throws RunFailure when the services reject the request.
 */
export async function prepareContent(db: Db, task: AutopilotTaskRow): Promise<Prepared> {
  if (task.scope === "publish_existing") return { kind: "publish" };
  const seed = `autopilot:${task.id}:${task.executions}`;
  const categoryId = choose(task.categoryIds, task, 1, "category");
  const difficulty = choose(task.difficultyOptions, task, task.categoryIds.length || 1, "difficulty");

  const [methodologyProfileId, guidance] = await Promise.all([workspaceMethodology(db, task), guidanceFor(db, task)]);

  if (task.contentType === "workout") {
    const generated =
      task.scope === "ai_generate"
        ? await attempt("Generation was rejected", () =>
            generateWorkout(
              db,
              task.organizationId,
              GenerateWorkoutBody.parse({
                endUserProfileDetails: { ...(difficulty ? { fitnessLevels: [difficulty] } : {}), ...(task.goalIds.length ? { goalIds: task.goalIds } : {}) },
                exerciseSources: exerciseSources(task),
                ...(task.durationMin !== null || task.durationMax !== null
                  ? { durationOptions: { ...(task.durationMin !== null ? { minMinutes: task.durationMin } : {}), ...(task.durationMax !== null ? { maxMinutes: task.durationMax } : {}) } }
                  : {}),
                ...(categoryId ? { categoryId } : {}),
                ...(guidance ? { userRequirements: guidance } : {}),
                ...(methodologyProfileId ? { methodologyProfileId } : {}),
              }),
              { seed, allLocales: true },
            ),
          )
        : await attempt("Adapting the source workout was rejected", () =>
            adaptWorkout(
              db,
              task.organizationId,
              task.sourceContentId!,
              AdaptWorkoutBody.parse({
                ...(difficulty ? { endUserProfileDetails: { fitnessLevels: [difficulty] } } : {}),
                exerciseSources: exerciseSources(task).length ? exerciseSources(task) : undefined,
                ...(guidance ? { userGuidance: guidance } : {}),
              }),
              { allLocales: true },
            ),
          );
    return { kind: "workout", generated };
  }

  let planBody: Record<string, unknown>;
  if (task.scope === "ai_generate") {
    planBody = {
      endUserProfileDetails: { ...(difficulty ? { fitnessLevels: [difficulty] } : {}), ...(task.goalIds.length ? { goalIds: task.goalIds } : {}) },
      workoutCollectionSources: workoutSources(task),
      ...(task.categoryIds.length ? { categoryIds: task.categoryIds } : {}),
    };
  } else {
    const source = await findOrgPlanState(db, task.organizationId, task.sourceContentId!);
    if (!source || source.visibility === "end-user-ai-generated") throw new RunFailure(`The source plan ${task.sourceContentId} no longer exists in this organization.`);
    planBody = {
      endUserProfileDetails: {
        fitnessLevels: [difficulty ?? source.difficulty],
        ...(source.goalIds.length ? { goalIds: source.goalIds } : {}),
        trainingDaysPerWeek: Math.min(7, Math.max(1, source.daysPerWeek)),
      },
      workoutCollectionSources: workoutSources(task),
      ...(source.categoryIds.length ? { categoryIds: source.categoryIds } : {}),
      durationWeeks: Math.min(12, Math.max(1, source.durationWeeks)),
    };
  }
  const plan = await attempt("Plan generation was rejected", () =>
    generatePlan(
      db,
      task.organizationId,
      GeneratePlanBody.parse({ ...planBody, ...(guidance ? { userRequirements: guidance } : {}), ...(methodologyProfileId ? { methodologyProfileId } : {}) }),
      { seed, allLocales: true },
    ),
  );
  return { kind: "plan", generated: plan };
}

/** The storing part of a run, in its commit transaction: publishes, or writes the prepared workout or plan as published content. */
export async function storeContent(tx: Tx, task: AutopilotTaskRow, prepared: Prepared, changes: ContentChanges): Promise<Produced> {
  const owner = { organizationId: task.organizationId, trainerId: task.ownerId };
  if (prepared.kind === "publish") {
    const id = task.existingContentId!;
    const outcome = task.contentType === "workout" ? await publishWorkout(tx, task.organizationId, id, changes) : await publishPlan(tx, task.organizationId, id);
    const what = task.contentType === "workout" ? "workout" : "plan";
    if (outcome === "not_found") throw new RunFailure(`The ${what} ${id} no longer exists in this organization.`);
    if (outcome === "already_published") throw new RunFailure(`The ${what} ${id} is already published; there is nothing to publish.`);
    if (outcome === "empty") throw new RunFailure(`The ${what} ${id} has no ${task.contentType === "workout" ? "playlist" : "scheduled workouts"} and cannot be published.`);
    return { contentId: id, contentType: task.contentType, minutes: 0 };
  }
  if (prepared.kind === "workout") {
    const created = await attempt("Storing the workout was rejected", () =>
      createWorkoutFromGenerated(tx, { ...owner, generated: prepared.generated, status: "published", visibility: "public", source: "ai-generated" }, changes),
    );
    return { contentId: created.id, contentType: "workout", minutes: Math.round((created.duration / 60) * 10) / 10 };
  }
  const created = await attempt("Storing the plan was rejected", () =>
    createPlanFromGenerated(tx, { ...owner, generated: prepared.generated, status: "published", visibility: "public" }),
  );
  return { contentId: created.id, contentType: "program", minutes: 0 };
}
