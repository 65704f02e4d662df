import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videoAssets, workouts } from "@/db/schema";
import { categoryId } from "@/db/seed/reference";
import { ApiError } from "@/server/core/errors";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { setEntitlements } from "@/test/support/autopilot";
import { ContentChanges, writeContent } from "./content-changes";
import { type CreateWorkoutInput, createWorkout } from "./create-workout";
import { publishWorkout, unpublishWorkout } from "./publish-content";
import { recordJobEvents } from "@/test/support/job-events";

/** Job events recorded instead of sent. */
const sent = recordJobEvents();

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const clip = (o: TestLibraryOrg, i: number) => o.library.videoAssetIds[i]!;
const assetOfKind = async (organizationId: string, kind: "class" | "multi-exercise" | "workout-intro" | "workout-outro") =>
  (
    await getDb()
      .select({ id: videoAssets.id })
      .from(videoAssets)
      .where(and(eq(videoAssets.organizationId, organizationId), eq(videoAssets.kind, kind)))
      .limit(1)
  )[0]!.id;

function input(o: TestLibraryOrg, patch: Partial<CreateWorkoutInput> = {}): CreateWorkoutInput {
  return {
    organizationId: o.organizationId,
    trainerId: o.library.trainerIds[1]!,
    name: { "en-US": "Builder Blast", "de-DE": "Baukasten-Power" },
    description: { "en-US": "Made in the builder." },
    difficulty: "intermediate",
    visibility: "private",
    status: "published",
    categoryIds: [categoryId("strength"), categoryId("core")],
    tags: ["builder"],
    segments: [
      { kind: "exercise", videoAssetId: clip(o, 0), workSeconds: 40, pace: "fast", rpe: 7 },
      { kind: "break", seconds: 20 },
      { kind: "exercise", videoAssetId: clip(o, 1), reps: 12 },
    ],
    ...patch,
  };
}

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});
beforeEach(() => {
  sent.length = 0;
});

describe("createWorkout (shared by the autopilot and the console's builder)", () => {
  it("writes a workout that lists, reads and plays like a seeded one, and announces it after commit", async () => {
    const [intro, outro, klass, multi] = await Promise.all([
      assetOfKind(org.organizationId, "workout-intro"),
      assetOfKind(org.organizationId, "workout-outro"),
      assetOfKind(org.organizationId, "class"),
      assetOfKind(org.organizationId, "multi-exercise"),
    ]);
    const created = await writeContent(getDb(), (tx, changes) =>
      createWorkout(
        tx,
        input(org, {
          segments: [
            { kind: "intro", videoAssetId: intro },
            { kind: "exercise", videoAssetId: clip(org, 0), workSeconds: 40 },
            { kind: "break", seconds: 15, imageKey: "seed/images/break.jpg" },
            { kind: "class", videoAssetId: klass, name: { "en-US": "Flow block" } },
            { kind: "multiExercise", videoAssetId: multi, exerciseIds: [clip(org, 2), clip(org, 3)] },
            { kind: "exercise", videoAssetId: clip(org, 1), reps: 10 },
            { kind: "outro", videoAssetId: outro },
          ],
        }),
        changes,
      ),
    );
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: created.id, reason: "published" } }]);
    const playlist = await call(`/v1/workouts/${created.id}/playlist`, { key: org.key });
    expect(playlist.status, playlist.text).toBe(200);
    expect(playlist.body.data.map((s: any) => Object.keys(s)[0])).toEqual(["intro", "exercise", "break", "class", "multiExercise", "exercise", "outro"]);
    const total = playlist.body.data.reduce((sum: number, s: any) => sum + Object.values<any>(s)[0].duration, 0);
    const detail = await call(`/v1/workouts/${created.id}?locale=de-DE`, { key: org.key });
    expect(detail.body.data).toMatchObject({
      name: "Baukasten-Power",
      visibility: "private",
      difficulty: "intermediate",
      trainer: { id: org.library.trainerIds[1] },
    });
    expect(Math.abs(detail.body.data.duration - total)).toBeLessThanOrEqual(1);
    expect(created.duration).toBe(detail.body.data.duration);
    const list = await call(`/v1/orgs/${org.organizationId}/workouts?q=baukasten`, { key: org.key });
    expect(list.body.data.map((w: any) => w.id)).toEqual([created.id]);
    expect(list.body.data[0].categories.map((c: any) => c.id).sort()).toEqual([categoryId("strength"), categoryId("core")].sort());
    expect(list.body.data[0].muscleGroupPercentages.length).toBeGreaterThan(0);
  });

  it("drafts are stored but neither listed nor announced; publishing and unpublishing move them", async () => {
    const draft = await writeContent(getDb(), (tx, changes) =>
      createWorkout(tx, input(org, { status: "draft", name: { "en-US": "Quiet Draft Zebra" } }), changes),
    );
    expect(sent).toEqual([]);
    expect((await call(`/v1/workouts/${draft.id}`, { key: org.key })).status).toBe(404);
    const before = (await call(`/v1/orgs/${org.organizationId}/workouts?q=zebra`, { key: org.key })).body.data;
    expect(before).toEqual([]);

    expect(await writeContent(getDb(), (tx, changes) => publishWorkout(tx, org.organizationId, draft.id, changes))).toBe("published");
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: draft.id, reason: "published" } }]);
    expect((await call(`/v1/orgs/${org.organizationId}/workouts?q=zebra`, { key: org.key })).body.data.map((w: any) => w.id)).toEqual([draft.id]);
    expect(await writeContent(getDb(), (tx, changes) => publishWorkout(tx, org.organizationId, draft.id, changes))).toBe("already_published");
    expect(await writeContent(getDb(), (tx, changes) => publishWorkout(tx, other.organizationId, draft.id, changes))).toBe("not_found");
    expect(sent).toHaveLength(1);

    expect(await unpublishWorkout(getDb(), org.organizationId, draft.id)).toBe("unpublished");
    expect((await call(`/v1/workouts/${draft.id}`, { key: org.key })).status).toBe(404);
    expect((await call(`/v1/orgs/${org.organizationId}/workouts?q=zebra`, { key: org.key })).body.data).toEqual([]);
    expect(await unpublishWorkout(getDb(), org.organizationId, draft.id)).toBe("already_draft");
  });

  it("rejects clips the organization cannot use, clips of the wrong kind and unknown categories (400 naming the field), writing nothing", async () => {
    const [premium] = await getDb().select({ id: videoAssets.id }).from(videoAssets).where(eq(videoAssets.stockTier, "premium")).limit(1);
    const [free] = await getDb().select({ id: videoAssets.id }).from(videoAssets).where(eq(videoAssets.stockTier, "free")).limit(1);
    const intro = await assetOfKind(org.organizationId, "workout-intro");
    const cases: [Partial<CreateWorkoutInput>, string][] = [
      [{ segments: [{ kind: "exercise", videoAssetId: clip(other, 0), workSeconds: 30 }] }, "segments[0].videoAssetId"],
      [
        {
          segments: [
            { kind: "break", seconds: 10 },
            { kind: "exercise", videoAssetId: intro, workSeconds: 30 },
          ],
        },
        "segments[1].videoAssetId",
      ],
      [{ segments: [{ kind: "intro", videoAssetId: clip(org, 0) }] }, "segments[0].videoAssetId"],
      [
        { segments: [{ kind: "multiExercise", videoAssetId: await assetOfKind(org.organizationId, "multi-exercise"), exerciseIds: [clip(other, 1)] }] },
        "segments[0].exerciseIds[0]",
      ],
      [{ categoryIds: ["0123456789abcdef01234567"] }, "categoryIds"],
    ];
    for (const [patch, target] of cases) {
      const err = await getDb()
        .transaction((tx) => createWorkout(tx, input(org, { ...patch, name: { "en-US": "Rejected Yak" } }), new ContentChanges()))
        .catch((e: unknown) => e);
      expect(err, target).toBeInstanceOf(ApiError);
      expect((err as ApiError).target).toBe(target);
    }
    expect(await getDb().select().from(workouts).where(eq(workouts.searchText, "rejected yak \u2022 made in the builder."))).toEqual([]);

    // Stock: free always, premium only with the entitlement.
    const withStock = (id: string) => input(org, { segments: [{ kind: "exercise", videoAssetId: id, workSeconds: 30 }] });
    expect((await writeContent(getDb(), (tx, c) => createWorkout(tx, withStock(free!.id), c))).status).toBe("published");
    expect((await writeContent(getDb(), (tx, c) => createWorkout(tx, withStock(premium!.id), c))).status).toBe("published");
    await setEntitlements(org.organizationId, { premiumStock: false });
    const refused = await writeContent(getDb(), (tx, c) => createWorkout(tx, withStock(premium!.id), c)).catch((e: unknown) => e);
    expect((refused as ApiError).target).toBe("segments[0].videoAssetId");
    await setEntitlements(org.organizationId, { premiumStock: true });
  });

  it("validates the input schema (exactly one of workSeconds or reps, an English name)", async () => {
    const bad: Partial<CreateWorkoutInput>[] = [
      { segments: [{ kind: "exercise", videoAssetId: clip(org, 0) }] },
      { segments: [{ kind: "exercise", videoAssetId: clip(org, 0), reps: 5, workSeconds: 20 }] },
      { segments: [] },
      { name: { "de-DE": "Nur Deutsch" } },
    ];
    for (const patch of bad) {
      await expect(getDb().transaction((tx) => createWorkout(tx, input(org, patch), new ContentChanges()))).rejects.toThrow();
    }
  });
});
