import type { Db } from "@/db/client";
import { findEmbedTokenScope, insertEmbedToken, revokeEmbedToken as revokeRow } from "@/db/queries/embed-tokens";
import { findActiveEndUserByIdOrEmail } from "@/db/queries/end-users";
import { findOrgPlanState, listPlanWorkoutsPage } from "@/db/queries/plans";
import { findOrgWorkoutState } from "@/db/queries/workouts";
import type { Caller } from "@/server/core/caller";
import { signEmbedToken } from "@/server/services/embed/embed-token";
import { notFound } from "@/server/core/errors";
import { publicBaseUrl } from "@/server/env";
import { countEmbedToken } from "@/server/observability/embed";

export interface CreateEmbedTokenInput {
  workoutId?: string;
  planId?: string;
  endUserId?: string;
  ttlSeconds: number;
  allowedOrigins: string[];
}

/**
 * Mints an embed token (server/services/embed/embed-token.ts): checks that the workout or plan is a published
 * one of the organization and the member an active one, stores the token's scope, and signs a JWT
 * naming that row. The JWT is returned once and never stored.
 */
export async function createEmbedToken(db: Db, caller: Caller, organizationId: string, input: CreateEmbedTokenInput) {
  let workoutId: string | null = null;
  let planId: string | null = null;
  if (input.workoutId) {
    const w = await findOrgWorkoutState(db, organizationId, input.workoutId);
    if (w?.status !== "published") throw notFound("Workout not found in this organization.");
    workoutId = w.id;
  } else {
    const p = await findOrgPlanState(db, organizationId, input.planId!);
    if (p?.status !== "published") throw notFound("Plan not found in this organization.");
    if (p.workouts === 0) throw notFound("The plan has no workouts to play.");
    planId = p.id;
  }
  let endUserId: string | null = null;
  if (input.endUserId !== undefined) {
    const user = await findActiveEndUserByIdOrEmail(db, organizationId, input.endUserId);
    if (!user) throw notFound("End user not found in this organization.");
    endUserId = user.id;
  }
  const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + input.ttlSeconds * 1000);
  const id = await insertEmbedToken(db, {
    organizationId,
    workoutId,
    planId,
    endUserId,
    allowedOrigins: input.allowedOrigins,
    apiKeyId: caller.apiKey?.id ?? null,
    expiresAt,
  });
  const scope = await findEmbedTokenScope(db, id);
  const workoutIds = [...(scope?.workoutIds ?? [])].sort();
  const token = await signEmbedToken({ tokenId: id, organizationId, allowedOrigins: input.allowedOrigins, expiresAt, endUserId });
  const first = workoutId ?? (await firstPlanWorkout(db, planId!)) ?? workoutIds[0]!;
  countEmbedToken("minted");
  return {
    id,
    token,
    expiresAt: expiresAt.toISOString(),
    embedUrl: `${publicBaseUrl()}/embed/workout/${first}?token=${encodeURIComponent(token)}`,
    workoutId,
    planId,
    workoutIds,
    endUserId,
    allowedOrigins: input.allowedOrigins,
  };
}

/** The plan's first published workout in schedule order (where its embed URL starts). */
async function firstPlanWorkout(db: Db, planId: string): Promise<string | null> {
  const page = await listPlanWorkoutsPage(db, { planId, limit: 1, offset: 0 });
  return page.rows[0]?.workout.id ?? null;
}

/** Revokes a token of the organization (404 when it has none by that id). */
export async function revokeEmbedToken(db: Db, organizationId: string, tokenId: string): Promise<void> {
  if (!(await revokeRow(db, organizationId, tokenId))) throw notFound("Embed token not found.");
  countEmbedToken("revoked");
}
