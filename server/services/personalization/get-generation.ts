import type { Db } from "@/db/client";
import { findGeneration } from "@/db/queries/ai";
import { notFound } from "@/server/core/errors";

/** A stored Generation Inspector snapshot of the organization (addition to the contract). */
export async function getGeneration(db: Db, organizationId: string, generationId: string) {
  const row = await findGeneration(db, organizationId, generationId);
  if (!row) throw notFound("Generation not found in this organization.");
  const inspection = row.inspection as Record<string, unknown>;
  return {
    generationId: row.id,
    kind: row.kind,
    engine: row.engine as "deterministic" | "model",
    createdAt: row.createdAt.toISOString(),
    methodology: (row.methodology ?? null) as { id: string; name: string; version: string; reason: string } | null,
    inspection: inspection as never,
    request: row.request,
    result: row.result ?? null,
  };
}
