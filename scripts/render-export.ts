/**
 * Renders (or confirms) one workout's exports now, in this process, at normal priority: every
 * locale, the MP4, the M4A, the caption sidecar and the HLS package. For operators who do not want
 * to wait for the job queue (a backlog after a large import) and for the browser tests.
 *
 *   npx tsx scripts/render-export.ts <workoutId> [locale]
 */
import { bootstrapDatabase } from "../db/bootstrap";
import { closeDb, getDb } from "../db/client";
import { loadMediaSigningSecret } from "../server/media/signing";
import { loadExportPlan } from "../server/services/exports/export-plan";
import { renderWorkoutExportLocale } from "../server/services/exports/render-export";

process.env.LOG_LEVEL ??= "warn";
const [workoutId, only] = process.argv.slice(2);
if (!workoutId) {
  console.error("usage: tsx scripts/render-export.ts <workoutId> [locale]");
  process.exit(2);
}
try {
  const { embedded } = await bootstrapDatabase({ log: () => {} });
  await loadMediaSigningSecret(getDb());
  const outcome = await loadExportPlan(getDb(), workoutId);
  if (!("plan" in outcome)) throw new Error(`workout ${workoutId} is not exported: ${outcome.skip}`);
  for (const locale of outcome.plan.locales.filter((l) => !only || l === only)) {
    const result = await renderWorkoutExportLocale(getDb(), workoutId, locale, 0);
    console.log(JSON.stringify(result));
  }
  await closeDb();
  if (embedded?.owner) await embedded.stop();
  process.exit(0);
} catch (err) {
  console.error("render failed:", err instanceof Error ? err.stack : err);
  process.exit(1);
}
