import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { embedTokens } from "../schema";

export interface EmbedTokenScopeRow {
  id: string;
  organizationId: string;
  endUserId: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The token's workout, or every workout of its plan (as the plan is now). */
  workoutIds: string[];
}

/** One token's scope in one round trip: its row and the workouts it plays. */
export async function findEmbedTokenScope(db: Tx, id: string): Promise<EmbedTokenScopeRow | null> {
  const [row] = await db
    .select({
      id: embedTokens.id,
      organizationId: embedTokens.organizationId,
      endUserId: embedTokens.endUserId,
      expiresAt: embedTokens.expiresAt,
      revokedAt: embedTokens.revokedAt,
      // Qualified by hand: drizzle renders a single-table select's columns unqualified, which the subquery would resolve to pw's.
      workoutIds: sql<string[]>`case when "embed_tokens"."workout_id" is not null then array["embed_tokens"."workout_id"]
        else coalesce((select array_agg(distinct pw.workout_id) from plan_workouts pw where pw.plan_id = "embed_tokens"."plan_id"), '{}') end`,
    })
    .from(embedTokens)
    .where(eq(embedTokens.id, id));
  return row ?? null;
}

export async function insertEmbedToken(
  db: Tx,
  args: {
    organizationId: string;
    workoutId: string | null;
    planId: string | null;
    endUserId: string | null;
    allowedOrigins: string[];
    apiKeyId: string | null;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(embedTokens).values(args).returning({ id: embedTokens.id });
  return row!.id;
}

/** Revokes a token of the organization; false when there is none (already revoked ones count as found). */
export async function revokeEmbedToken(db: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(embedTokens)
    .set({ revokedAt: sql`coalesce(${embedTokens.revokedAt}, now())` })
    .where(and(eq(embedTokens.organizationId, organizationId), eq(embedTokens.id, id)))
    .returning({ id: embedTokens.id });
  return rows.length > 0;
}
