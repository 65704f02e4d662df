/**
 * The console's view of a workspace's library: every live workout and plan, drafts and private
 * ones included (the API's lists show published content only), paginated and filtered in SQL.
 */
import { z } from "zod";
import type { Tx } from "@/db/client";
import { listVideoAssetsPage } from "@/db/queries/video-assets";
import { listWorkspacePlanPage } from "@/db/queries/plans";
import { listWorkspaceWorkoutPage } from "@/db/queries/workouts";
import { listOrganizationPools } from "@/db/queries/music";
import { DIFFICULTIES, VIDEO_ASSET_KINDS } from "@/db/schema";
import { STOCK_ORGANIZATION_ID } from "@/db/reference/ids";
import { organizationLimits } from "@/server/services/organizations/organization-limits";
import { pickText } from "@/server/core/locale";
import { limitParam, offsetParam } from "@/server/contracts/schemas";
import { imageUrl } from "./media";
import { searchWords } from "./list-query";

/** The API's page parameters (server/contracts/schemas.ts), as every console list takes them. */
const Page = { limit: limitParam(50, 20), offset: offsetParam };

export const LibraryQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(["draft", "published"]).optional(),
    visibility: z.enum(["public", "private"]).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    ...Page,
  })
  .strict();
export type LibraryQuery = z.output<typeof LibraryQuery>;

const words = (q: string | undefined) => (q ? searchWords(q) : undefined);

export async function listWorkspaceWorkouts(db: Tx, organizationId: string, query: LibraryQuery) {
  const { rows, total } = await listWorkspaceWorkoutPage(db, { organizationId, ...query, words: words(query.q) });
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: pickText(r.name),
      status: r.status,
      visibility: r.visibility,
      difficulty: r.difficulty,
      duration: r.duration,
      source: r.source,
      locked: r.locked,
      segments: r.segments,
      thumbnailUrl: imageUrl(r.thumbnailKey),
      updatedAt: r.updatedAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
    })),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function listWorkspacePlans(db: Tx, organizationId: string, query: LibraryQuery) {
  const { rows, total } = await listWorkspacePlanPage(db, { organizationId, ...query, words: words(query.q) });
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: pickText(r.name),
      status: r.status,
      visibility: r.visibility,
      difficulty: r.difficulty,
      source: r.source,
      durationWeeks: r.durationWeeks,
      daysPerWeek: r.daysPerWeek,
      workouts: r.workouts,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export const ClipQuery = z
  .object({
    source: z.enum(["workspace", "stock"]).default("workspace"),
    kind: z.enum(VIDEO_ASSET_KINDS).optional(),
    q: z.string().trim().max(100).optional(),
    limit: limitParam(50, 12),
    offset: offsetParam,
  })
  .strict();
export type ClipQuery = z.output<typeof ClipQuery>;

/**
 * Clips a playlist can play, from the workspace or the stock catalog. Premium stock without the
 * entitlement is listed as locked (the builder shows it, createWorkout refuses it), like the
 * API's stock list.
 */
export async function listPickableClips(db: Tx, organizationId: string, query: ClipQuery) {
  const stock = query.source === "stock";
  const [page, limits] = await Promise.all([
    listVideoAssetsPage(db, {
      scope: stock ? { kind: "stock", organizationId: STOCK_ORGANIZATION_ID } : { kind: "workspace", organizationId },
      limit: query.limit,
      offset: query.offset,
      locale: "en-US",
      words: words(query.q),
      kinds: query.kind ? [query.kind] : undefined,
      sort: [{ field: stock ? "name" : "date", direction: stock ? "asc" : "desc" }],
    }),
    organizationLimits(organizationId),
  ]);
  const premium = limits?.entitlements.premiumStock === true;
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      name: pickText(r.name),
      kind: r.kind,
      durationSeconds: r.durationSeconds,
      thumbnailUrl: imageUrl(r.thumbnailKey),
      source: stock ? ("stock" as const) : ("workspace" as const),
      tier: r.stockTier,
      locked: r.stockTier === "premium" && !premium,
    })),
    total: page.total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The workspace's music pools, for the builder's pool picker. */
export async function listMusicPools(db: Tx, organizationId: string) {
  return { items: await listOrganizationPools(db, organizationId) };
}
