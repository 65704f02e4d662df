import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { writeContent } from "./content-changes";
import { recordJobEvents } from "@/test/support/job-events";

/** Job events recorded instead of sent. */
const sent = recordJobEvents();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});
beforeEach(() => {
  sent.length = 0;
});

const announced = () =>
  sent
    .filter((e) => e.name === "workouts/content.changed")
    .map((e) => e.data as { workoutId: string; reason: string })
    .sort((a, b) => a.workoutId.localeCompare(b.workoutId));
const ids = async (query: ReturnType<typeof sql>) => (await getDb().execute<{ id: string }>(query)).map((r) => r.id);

describe("ContentChanges.mediaChanged (media writers announce new exports)", () => {
  it("a music track of a trainer's pool re-renders that trainer's published workouts; one of the organization's pool every published workout", async () => {
    const [trainerTrack] = await ids(sql`
      select pt.track_id as id from music_pool_tracks pt join music_pools p on p.id = pt.pool_id
      where p.organization_id = ${org.organizationId} and p.trainer_id is not null
        and not exists (select 1 from music_pool_tracks o join music_pools op on op.id = o.pool_id where o.track_id = pt.track_id and op.trainer_id is null)
      limit 1`);
    const [orgTrack] = await ids(sql`
      select pt.track_id as id from music_pool_tracks pt join music_pools p on p.id = pt.pool_id
      where p.organization_id = ${org.organizationId} and p.trainer_id is null limit 1`);
    expect(trainerTrack && orgTrack).toBeTruthy();
    const trainersWorkouts = await ids(sql`
      select distinct w.id from workouts w join music_pools p on p.trainer_id = w.trainer_id
      join music_pool_tracks pt on pt.pool_id = p.id and pt.track_id = ${trainerTrack}
      where w.status = 'published' and w.deleted_at is null order by 1`);
    const allPublished = await ids(
      sql`select id from workouts where organization_id = ${org.organizationId} and status = 'published' and deleted_at is null order by 1`,
    );
    expect(trainersWorkouts.length).toBeGreaterThan(0);
    expect(trainersWorkouts.length).toBeLessThan(allPublished.length);

    const found = await writeContent(getDb(), (tx, changes) => changes.mediaChanged(tx, { musicTrackIds: [trainerTrack!] }));
    expect(found).toEqual(trainersWorkouts);
    expect(announced()).toEqual(trainersWorkouts.map((workoutId) => ({ workoutId, reason: "media" })));

    sent.length = 0;
    await writeContent(getDb(), (tx, changes) => changes.mediaChanged(tx, { musicTrackIds: [orgTrack!] }));
    expect(announced()).toEqual(allPublished.map((workoutId) => ({ workoutId, reason: "media" })));
    // The other workspace's library has its own tracks: nothing of it is announced.
    const others = new Set(await ids(sql`select id from workouts where organization_id = ${other.organizationId}`));
    expect(announced().some((a) => others.has(a.workoutId))).toBe(false);
  });

  it("a rolled-back change announces nothing and leaves the export checks alone", async () => {
    const clipId = org.library.videoAssetIds[0]!;
    const before = await ids(sql`select workout_id as id from workout_export_checks where requested_at is not null order by 1`);
    await expect(
      writeContent(getDb(), async (tx, changes) => {
        expect((await changes.mediaChanged(tx, { videoAssetIds: [clipId] })).length).toBeGreaterThan(0);
        throw new Error("the upload's write failed");
      }),
    ).rejects.toThrow("the upload's write failed");
    expect(sent).toEqual([]);
    expect(await ids(sql`select workout_id as id from workout_export_checks where requested_at is not null order by 1`)).toEqual(before);
  });
});
