import { z } from "zod";
import type { Db } from "@/db/client";
import { UPLOAD_STATUSES, VIDEO_ASSET_KINDS } from "@/db/schema";
import { limitParam, offsetParam } from "@/server/contracts/schemas";
import { listVideoAssets } from "@/server/services/content/list-video-assets";

export const MediaLibraryQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    kind: z.enum(VIDEO_ASSET_KINDS).optional(),
    limit: limitParam(50, 20),
    offset: offsetParam,
  })
  .strict();

export const UploadListQuery = z
  .object({
    status: z.enum(UPLOAD_STATUSES).optional(),
    limit: limitParam(50, 10),
    offset: offsetParam,
  })
  .strict();

/**
 * The Media page's clips: the API's video asset rows (GET /v1/orgs/{org}/video-assets, the same
 * service) with every locale's instruction audio, newest first.
 */
export async function listMediaLibrary(db: Db, organizationId: string, query: z.output<typeof MediaLibraryQuery>) {
  const { data, total } = await listVideoAssets(db, organizationId, {
    limit: query.limit,
    offset: query.offset,
    q: query.q,
    kinds: query.kind ? [query.kind] : undefined,
  });
  return { items: data, total, limit: query.limit, offset: query.offset };
}
