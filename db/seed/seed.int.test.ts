import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { workoutExportChecks } from "@/db/schema";
import { renderPendingExportsJob } from "@/server/jobs/definitions/exports";
import { seedOrganizationPair } from "./seed";
import { recordJobEvents } from "@/test/support/job-events";

/** Job events recorded instead of sent. */
const sent = recordJobEvents();

describe("the run contract's seed", () => {
  it("asks the background export lane to render every published workout of both demo libraries, and records the requests", async () => {
    const seeded = await seedOrganizationPair(getDb(), "Seed Export Check");
    const published = (
      await getDb().execute<{ id: string }>(sql`
        select id from workouts where organization_id in (${seeded.organizationId}, ${seeded.otherOrganizationId})
          and status = 'published' and deleted_at is null order by id`)
    ).map((r) => r.id);
    const drafts = await getDb().execute<{ id: string }>(sql`
      select id from workouts where organization_id = ${seeded.organizationId} and status = 'draft'`);
    expect(published.length).toBeGreaterThan(10);
    expect(drafts.length).toBeGreaterThan(0);

    const exportRequests = sent
      .filter((e) => e.name.startsWith("workouts/"))
      .map((e) => ({ name: e.name, ...(e.data as { workoutId: string; reason: string }) }));
    // One background request per published workout (reason seed: behind editors' renders), nothing for drafts.
    expect("event" in renderPendingExportsJob.trigger && renderPendingExportsJob.trigger.event).toBe("workouts/exports.pending");
    expect(exportRequests.every((e) => e.name === "workouts/exports.pending" && e.reason === "seed")).toBe(true);
    expect(exportRequests.map((e) => e.workoutId).sort()).toEqual(published);
    expect(seeded.workoutIds.every((id) => published.includes(id)) && seeded.otherWorkoutIds.every((id) => published.includes(id))).toBe(true);
    // Recorded first, so the sweep does not ask again while they wait in the queue.
    const checks = await getDb().select().from(workoutExportChecks).where(inArray(workoutExportChecks.workoutId, published));
    expect(checks).toHaveLength(published.length);
    expect(checks.every((c) => c.requestedAt instanceof Date && c.checkedAt === null)).toBe(true);

    // The demo library's long clip (the 60 s class video, shared by every workspace) is asked to be
    // packaged as HLS, once per file, unless an earlier seed's package is already recorded.
    const packaged = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from video_hls_packages where video_key = 'seed/video/class-flow.mp4'`);
    const asked = sent.filter((e) => e.name === "media/clip.package").map((e) => (e.data as { videoAssetId: string }).videoAssetId);
    if (packaged[0]!.n === 0) {
      const keys = await getDb().execute<{ video_key: string }>(sql`select video_key from video_assets where id = any(${`{${asked.join(",")}}`}::text[])`);
      expect(keys.map((k) => k.video_key)).toContain("seed/video/class-flow.mp4");
      expect(new Set(keys.map((k) => k.video_key)).size).toBe(keys.length);
    }
  });
});
