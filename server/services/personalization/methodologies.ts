import { z } from "zod";
import type { Db, Tx } from "@/db/client";
import {
  type MethodologyRow,
  clearTeamDefault,
  countWorkspaceMethodologies,
  deleteMethodology,
  insertMethodology,
  listGenerationsByMethodology,
  listWorkspaceMethodologies,
  lockOrganization,
  updateMethodology,
} from "@/db/queries/methodologies";
import { findMethodologyProfile } from "@/db/queries/ai";
import { conflict, notFound } from "@/server/api/errors";
import { HexId } from "@/server/api/schemas";
import { PLATFORM } from "@/server/ai/knowledge";

/** Team Programming DNA profiles per workspace (spec Limits). */
export const MAX_METHODOLOGIES_PER_WORKSPACE = 10;

const MOVEMENT_PATTERNS = ["squat", "hinge", "lunge", "push", "pull", "core", "carry", "locomotion", "mobility", "plyometric"] as const;
const Work = z.number().int().min(PLATFORM.workSeconds.min).max(PLATFORM.workSeconds.max);
const Rest = z.number().int().min(PLATFORM.restSeconds.min).max(PLATFORM.restSeconds.max);

/**
 * The structured hard rules of a profile (MethodologyRules), bounded by the platform's own work,
 * rest and RPE ranges so every saved profile can be applied: a range that is empty or outside the
 * platform's would make every generation with the profile a 400.
 */
export const MethodologyRulesInput = z
  .object({
    workSecondsMin: Work.optional(),
    workSecondsMax: Work.optional(),
    restSecondsMin: Rest.optional(),
    restSecondsMax: Rest.optional(),
    workRestRatio: z.object({ work: z.number().int().min(1).max(10), rest: z.number().int().min(1).max(10) }).strict().optional(),
    requireWarmup: z.boolean().optional(),
    requireCooldown: z.boolean().optional(),
    bannedExerciseIds: z.array(HexId).max(200).optional(),
    bannedMovementPatterns: z.array(z.enum(MOVEMENT_PATTERNS)).max(MOVEMENT_PATTERNS.length).optional(),
    maxImpact: z.enum(["low", "high"]).optional(),
    maxConsecutiveSetsPerMuscleGroup: z.number().int().min(1).max(20).optional(),
    maxRpe: z.number().min(PLATFORM.rpe.min).max(PLATFORM.rpe.max).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.workSecondsMin !== undefined && r.workSecondsMax !== undefined && r.workSecondsMin > r.workSecondsMax) {
      ctx.addIssue({ code: "custom", path: ["workSecondsMax"], message: "must be at least workSecondsMin" });
    }
    if (r.restSecondsMin !== undefined && r.restSecondsMax !== undefined && r.restSecondsMin > r.restSecondsMax) {
      ctx.addIssue({ code: "custom", path: ["restSecondsMax"], message: "must be at least restSecondsMin" });
    }
  });

const Fields = {
  name: z.string().trim().min(1, "give the profile a name").max(100),
  version: z.string().trim().min(1).max(20),
  applicability: z.enum(["workout", "plan", "both"]),
  scope: z.enum(["team", "personal"]),
  isTeamDefault: z.boolean(),
  isActive: z.boolean(),
  ruleSummary: z.string().trim().min(1, "summarize the rules in a sentence").max(500),
  guidance: z.string().max(4000),
  rules: MethodologyRulesInput,
};

/** A profile to create (the console's form; the API would take the same body). */
export const CreateMethodologyInput = z
  .object({
    ...Fields,
    version: Fields.version.default("1.0"),
    applicability: Fields.applicability.default("both"),
    scope: Fields.scope.default("team"),
    isTeamDefault: Fields.isTeamDefault.default(false),
    isActive: Fields.isActive.default(true),
    guidance: Fields.guidance.default(""),
    rules: MethodologyRulesInput.default({}),
  })
  .strict()
  .refine((m) => !(m.isTeamDefault && m.scope === "personal"), { path: ["isTeamDefault"], message: "a personal profile cannot be the team default" });
export type CreateMethodologyInput = z.output<typeof CreateMethodologyInput>;

export const UpdateMethodologyInput = z.object(Fields).partial().strict();
export type UpdateMethodologyInput = z.output<typeof UpdateMethodologyInput>;

/** The console's view of a profile: the API's list item plus what only the workspace sees (guidance, rules). */
export function toMethodologyResource(m: MethodologyRow) {
  return {
    id: m.id,
    name: m.name,
    version: m.version,
    applicability: m.applicability,
    scope: m.scope,
    ownerTrainerId: m.ownerTrainerId,
    isTeamDefault: m.isTeamDefault,
    isActive: m.isActive,
    ruleSummary: m.ruleSummary,
    guidance: m.guidance,
    rules: m.rules,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export async function listMethodologyProfiles(db: Tx, organizationId: string, page: { limit: number; offset: number }) {
  const { rows, total } = await listWorkspaceMethodologies(db, organizationId, page.limit, page.offset);
  return { items: rows.map(toMethodologyResource), total, limit: MAX_METHODOLOGIES_PER_WORKSPACE };
}

export async function getMethodologyProfile(db: Tx, organizationId: string, id: string) {
  const row = await findMethodologyProfile(db, organizationId, id);
  if (!row) throw notFound("Programming DNA profile not found in this workspace.");
  return toMethodologyResource(row);
}

/**
 * Creates a profile; the 11th of a workspace is a 409. The count and the insert run under a lock
 * on the workspace, so concurrent creates cannot pass the limit together; a new team default
 * takes the flag from the previous one (one team default per workspace).
 */
export async function createMethodologyProfile(db: Db, args: { organizationId: string; trainerId: string; input: CreateMethodologyInput }) {
  const { organizationId, input } = args;
  return db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound("Organization not found.");
    if ((await countWorkspaceMethodologies(tx, organizationId)) >= MAX_METHODOLOGIES_PER_WORKSPACE) {
      throw conflict(`A workspace has at most ${MAX_METHODOLOGIES_PER_WORKSPACE} Programming DNA profiles; delete one first.`);
    }
    const row = await insertMethodology(tx, {
      organizationId,
      ownerTrainerId: input.scope === "personal" ? args.trainerId : null,
      scope: input.scope,
      name: input.name,
      version: input.version,
      applicability: input.applicability,
      isTeamDefault: input.isTeamDefault,
      isActive: input.isActive,
      ruleSummary: input.ruleSummary,
      guidance: input.guidance,
      rules: input.rules,
    });
    if (row.isTeamDefault) await clearTeamDefault(tx, organizationId, row.id);
    return toMethodologyResource(row);
  });
}

/** Changes a profile. Generations made with its earlier version keep their snapshot (the Inspector). */
export async function updateMethodologyProfile(db: Db, args: { organizationId: string; id: string; trainerId: string; input: UpdateMethodologyInput }) {
  const { organizationId, id, input } = args;
  return db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound("Organization not found.");
    const current = await findMethodologyProfile(tx, organizationId, id);
    if (!current) throw notFound("Programming DNA profile not found in this workspace.");
    const scope = input.scope ?? current.scope;
    const isTeamDefault = input.isTeamDefault ?? current.isTeamDefault;
    if (isTeamDefault && scope === "personal") {
      throw conflict("A personal profile cannot be the team default.");
    }
    const row = await updateMethodology(tx, organizationId, id, {
      ...input,
      ...(input.scope ? { ownerTrainerId: input.scope === "personal" ? (current.ownerTrainerId ?? args.trainerId) : null } : {}),
    });
    if (row!.isTeamDefault) await clearTeamDefault(tx, organizationId, id);
    return toMethodologyResource(row!);
  });
}

/** Deletes a profile; generation snapshots that used it keep their copy of its name and version. */
export async function deleteMethodologyProfile(db: Tx, organizationId: string, id: string): Promise<void> {
  if (!(await deleteMethodology(db, organizationId, id))) throw notFound("Programming DNA profile not found in this workspace.");
}

/** The Generation Inspector snapshots that applied a profile: which generations used it, and how they complied. */
export async function listMethodologyGenerations(db: Tx, organizationId: string, id: string, page: { limit: number; offset: number }) {
  const { rows, total } = await listGenerationsByMethodology(db, organizationId, id, page.limit, page.offset);
  return {
    items: rows.map((r) => {
      const inspection = r.inspection as { complianceStatus?: string; hardRulesApplied?: unknown[]; violations?: unknown[] };
      const methodology = (r.methodology ?? {}) as { version?: string; reason?: string };
      return {
        generationId: r.id,
        kind: r.kind,
        engine: r.engine,
        createdAt: r.createdAt.toISOString(),
        methodologyVersion: methodology.version ?? null,
        reason: methodology.reason ?? null,
        complianceStatus: inspection.complianceStatus ?? null,
        hardRulesApplied: Array.isArray(inspection.hardRulesApplied) ? inspection.hardRulesApplied.length : 0,
        violations: Array.isArray(inspection.violations) ? inspection.violations.length : 0,
      };
    }),
    total,
  };
}
