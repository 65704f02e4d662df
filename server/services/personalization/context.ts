/**
 * What every AI use case needs before the engines run: the reference index, the methodology
 * profile (rule 2), reference-id validation, the member, the exercise pool, and the Inspector
 * snapshot writer.
 */
import { onCacheInvalidation } from "@/db/cache-invalidation";
import type { Tx } from "@/db/client";
import { findMethodologyProfile, insertGeneration } from "@/db/queries/ai";
import { type PoolRow, listPoolExercisesByIds, listStockPoolExercises } from "@/db/queries/catalog";
import { cachedTeamPool, toPoolExercise } from "./catalog-cache";
import { newId } from "@/db/schema/columns";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { ApiError, badRequest } from "@/server/core/errors";
import { goalCategoryKeysOf } from "@/server/ai/generate";
import type { AppliedRule, ExerciseSource, Infeasibility, MethodologyInput, PoolExercise, ReferenceIndex, Violation } from "@/server/ai/types";
import { resolveEndUserOrThrow } from "@/server/services/members/resolve-end-user";

/** Rule 2: one message for unknown, personal and inactive profiles, so none can be told apart. */
export const METHODOLOGY_REJECTED = "methodologyProfileId does not name an active team methodology profile of this organization.";

export async function resolveMethodology(db: Tx, organizationId: string, id: string | undefined): Promise<MethodologyInput | null> {
  if (!id) return null;
  const row = await findMethodologyProfile(db, organizationId, id);
  if (row?.scope !== "team" || !row.isActive) throw badRequest(METHODOLOGY_REJECTED, "methodologyProfileId");
  return { id: row.id, name: row.name, version: row.version, applicability: row.applicability, guidance: row.guidance, rules: row.rules };
}

/** Unknown reference ids are a 400 naming the field (never silently ignored). */
export function assertReferenceIds(
  ref: ReferenceIndex,
  checks: { field: string; ids: string[] | undefined; kind: "category" | "muscleGroup" | "equipmentCategory" | "goal" }[],
): void {
  for (const c of checks) {
    const map =
      c.kind === "category"
        ? ref.categoryById
        : c.kind === "muscleGroup"
          ? ref.muscleById
          : c.kind === "equipmentCategory"
            ? ref.equipmentCategoryById
            : ref.goalById;
    const unknown = (c.ids ?? []).filter((id) => !map.has(id));
    if (unknown.length) {
      throw new ApiError({
        code: "BadRequest",
        message: `Unknown ${c.kind === "equipmentCategory" ? "equipment category" : c.kind === "muscleGroup" ? "muscle group" : c.kind} id(s) in ${c.field}: ${unknown.join(", ")}.`,
        target: c.field,
      });
    }
  }
}

/** The member named by an identifier, or 404 (an unknown end user never yields 500). */
export async function resolveMember(db: Tx, organizationId: string, identifier: string | undefined) {
  if (!identifier) return null;
  return resolveEndUserOrThrow(db, organizationId, identifier);
}

/** Category keys the goals point to, strongest first, deduplicated. */
export const goalCategoryKeys = goalCategoryKeysOf;

// --- Exercise pool ------------------------------------------------------------------------

const STOCK_TTL_MS = 60_000;
const stockCache = new Map<string, { at: number; rows: Promise<PoolRow[]> }>();
onCacheInvalidation((topic) => {
  if (topic === "stock" || topic === "*") stockCache.clear();
});

/** The platform stock catalog changes only with a release or seed: kept in memory for a minute. */
function stockPool(db: Tx, tiers: ("free" | "premium")[]): Promise<PoolRow[]> {
  const key = [...tiers].sort().join(",");
  const hit = stockCache.get(key);
  if (hit && Date.now() - hit.at < STOCK_TTL_MS) return hit.rows;
  const rows = listStockPoolExercises(db, tiers);
  rows.catch(() => stockCache.delete(key));
  stockCache.set(key, { at: Date.now(), rows });
  return rows;
}

export const DEFAULT_GENERATE_SOURCES: ExerciseSource[] = ["free_stock", "premium_stock"];

/** Whether the organization's plan includes premium stock clips (the same gate GET /v1/video-asset applies). */
export async function premiumStockAllowed(organizationId: string): Promise<boolean> {
  const org = await organizationLimits(organizationId);
  return org?.entitlements.premiumStock === true;
}

/**
 * The clips of the selected sources (rule 4: `exerciseSources` is the final catalog). Premium
 * stock counts only when the organization's plan includes it, so every clip returned resolves
 * through GET /v1/video-asset/{id}.
 */
export async function loadExercisePool(db: Tx, organizationId: string, sources: ExerciseSource[], premiumAllowed = true): Promise<PoolExercise[]> {
  const tiers: ("free" | "premium")[] = [];
  if (sources.includes("free_stock")) tiers.push("free");
  if (sources.includes("premium_stock") && premiumAllowed) tiers.push("premium");
  const [team, stock] = await Promise.all([sources.includes("team_exercises") ? cachedTeamPool(db, organizationId) : [], stockPool(db, tiers)]);
  return [...team, ...stock.map(toPoolExercise)];
}

/** Pool entries for specific clips (e.g. the exercises of a workout being adapted). */
export async function loadPoolExercisesByIds(db: Tx, ids: string[]): Promise<PoolExercise[]> {
  return (await listPoolExercisesByIds(db, [...new Set(ids)])).map(toPoolExercise);
}

// --- Errors and snapshots ---------------------------------------------------------------

/** An infeasible request as the contract's 400: the message names the rule, details list them all. */
export function infeasibleError(reasons: Infeasibility[]): ApiError {
  const first = reasons[0]!;
  return new ApiError({
    code: "BadRequest",
    message: `${first.message} (rule: ${first.rule})`,
    target: first.target,
    details: reasons.map((r) => ({ code: "Infeasible", message: r.message, target: r.rule })),
  });
}

export interface InspectionInput {
  methodology: MethodologyInput | null;
  methodologyReason: string;
  hardRulesApplied: AppliedRule[];
  violations: Violation[];
  engine: "deterministic" | "model";
  model: string | null;
  fallbackReason?: string;
}

export function buildInspection(generationId: string, i: InspectionInput) {
  const methodology = i.methodology ? { id: i.methodology.id, name: i.methodology.name, version: i.methodology.version, reason: i.methodologyReason } : null;
  const methodologyViolations = i.violations.filter((v) => v.source === "methodology");
  return {
    methodology,
    inspection: {
      methodology,
      hardRulesApplied: i.hardRulesApplied,
      violations: i.violations,
      complianceStatus: (!i.methodology ? "not_applicable" : methodologyViolations.length ? "partial" : "compliant") as
        | "compliant"
        | "partial"
        | "not_applicable",
      generationId,
      engine: i.engine,
      model: i.model,
      ...(i.fallbackReason ? { fallbackReason: i.fallbackReason } : {}),
    },
  };
}

export const newGenerationId = newId;

export async function saveGeneration(
  db: Tx,
  row: {
    id: string;
    organizationId: string;
    kind: "workout" | "workout-adapt" | "plan" | "plan-adapt";
    engine: string;
    methodology: Record<string, unknown> | null;
    inspection: Record<string, unknown>;
    request: Record<string, unknown>;
    result: Record<string, unknown> | null;
  },
): Promise<void> {
  await insertGeneration(db, row);
}
