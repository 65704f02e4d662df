import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";

useTestApp();

let org: TestLibraryOrg;
beforeAll(async () => {
  org = await createLibraryOrg();
});

const quality = (over: Record<string, unknown> = {}) => ({
  startupMs: 640,
  stalls: 2,
  stallMs: 1850,
  errors: [{ code: "media_unavailable", count: 1 }],
  segments: [
    { index: 0, plannedSeconds: 8, playedSeconds: 8, completed: true },
    { index: 1, plannedSeconds: 30, playedSeconds: 12.5, completed: false },
  ],
  ...over,
});

async function start(workoutId: string, endUserId: string) {
  const res = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: org.key, body: { endUserId } });
  expect(res.status, res.text).toBe(201);
  expect(res.body.data).not.toHaveProperty("quality");
  return res.body.data.id as string;
}

const stored = async (sessionId: string) =>
  ((await getDb().execute(`select playback_quality from workout_sessions where id = '${sessionId}'`)) as unknown as { playback_quality: unknown }[])[0]!
    .playback_quality;

describe("playback quality on workout sessions", () => {
  it("PATCH stores the report (alone or with progress), GET returns it, a later report replaces it, complete keeps the final one", async () => {
    const workoutId = org.library.workoutIds[0]!;
    const endUserId = org.library.endUsers[0]!.id;
    const id = await start(workoutId, endUserId);
    const path = `/v1/workouts/${workoutId}/sessions/${id}`;

    const alone = await call(path, { key: org.key, method: "PATCH", body: { quality: quality(), endUserId } });
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body.data.quality).toEqual(quality());
    expect(await stored(id)).toEqual(quality());

    const withProgress = await call(path, {
      key: org.key,
      method: "PATCH",
      body: { progressSeconds: 21, quality: quality({ stalls: 3, stallMs: 2400 }), endUserId },
    });
    expect(withProgress.status, withProgress.text).toBe(200);
    expect(withProgress.body.data).toMatchObject({ quality: { stalls: 3, stallMs: 2400 } });
    expect(withProgress.body.data.duration).toBe(21);

    // A progress-only PATCH leaves the report alone.
    const progressOnly = await call(path, { key: org.key, method: "PATCH", body: { progressSeconds: 25, endUserId } });
    expect(progressOnly.body.data.quality).toMatchObject({ stalls: 3 });

    const read = await call(`${path}?endUserId=${endUserId}`, { key: org.key });
    expect(read.body.data.quality).toMatchObject({ stalls: 3, startupMs: 640 });

    const final = quality({ segments: [{ index: 0, plannedSeconds: 8, playedSeconds: 8, completed: true }], errors: [] });
    const done = await call(`/v1/workouts/${workoutId}/sessions/complete`, { key: org.key, body: { sessionId: id, quality: final, endUserId } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.quality).toEqual(final);
    expect(await stored(id)).toEqual(final);
    // Completed: a late report is refused like any PATCH.
    expectError(await call(path, { key: org.key, method: "PATCH", body: { quality: quality(), endUserId } }), 409, "Conflict");
    expect(await stored(id)).toEqual(final);
  });

  it("end stores the report too; without one it keeps the stored report", async () => {
    const workoutId = org.library.workoutIds[1]!;
    const endUserId = org.library.endUsers[1]!.id;
    const id = await start(workoutId, endUserId);
    await call(`/v1/workouts/${workoutId}/sessions/${id}`, { key: org.key, method: "PATCH", body: { quality: quality({ startupMs: null }), endUserId } });
    const ended = await call(`/v1/workouts/${workoutId}/sessions/end`, { key: org.key, body: { sessionId: id, endUserId } });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data.quality).toMatchObject({ startupMs: null, stalls: 2 });

    const id2 = await start(workoutId, endUserId);
    const ended2 = await call(`/v1/workouts/${workoutId}/sessions/end`, {
      key: org.key,
      body: { sessionId: id2, endUserId, quality: quality({ stalls: 0, stallMs: 0 }) },
    });
    expect(ended2.body.data.quality).toMatchObject({ stalls: 0, stallMs: 0 });
  });

  it("answers 400 for malformed reports and writes nothing", async () => {
    const workoutId = org.library.workoutIds[2]!;
    const endUserId = org.library.endUsers[0]!.id;
    const id = await start(workoutId, endUserId);
    const path = `/v1/workouts/${workoutId}/sessions/${id}`;
    const bad = [
      quality({ startupMs: -1 }),
      quality({ startupMs: 1.5 }),
      quality({ stalls: -1 }),
      quality({ stallMs: "10" }),
      quality({ errors: [{ code: "Not A Code", count: 1 }] }),
      quality({ errors: [{ code: "network", count: 0 }] }),
      quality({
        errors: [
          { code: "network", count: 1 },
          { code: "network", count: 2 },
        ],
      }),
      quality({
        segments: [
          { index: 0, plannedSeconds: 8, playedSeconds: 8, completed: true },
          { index: 0, plannedSeconds: 8, playedSeconds: 1, completed: false },
        ],
      }),
      quality({ segments: [{ index: -1, plannedSeconds: 8, playedSeconds: 8, completed: true }] }),
      quality({ segments: [{ index: 0, plannedSeconds: 8, playedSeconds: 8 }] }),
      quality({ extra: 1 }),
      { startupMs: 10 },
      "fast",
    ];
    for (const q of bad) expectError(await call(path, { key: org.key, method: "PATCH", body: { quality: q, endUserId } }), 400, "ValidationError");
    expectError(
      await call(`/v1/workouts/${workoutId}/sessions/complete`, { key: org.key, body: { sessionId: id, endUserId, quality: quality({ stalls: -2 }) } }),
      400,
      "ValidationError",
    );
    expect(await stored(id)).toBeNull();
    const still = await call(`${path}?endUserId=${endUserId}`, { key: org.key });
    expect(still.body.data.status).toBe("started");
    expect(still.body.data).not.toHaveProperty("quality");
  });

  it("is the caller's own: another member's session reads as 404 and stays untouched", async () => {
    const workoutId = org.library.workoutIds[3]!;
    const id = await start(workoutId, org.library.endUsers[0]!.id);
    expectError(
      await call(`/v1/workouts/${workoutId}/sessions/${id}`, {
        key: org.key,
        method: "PATCH",
        body: { quality: quality(), endUserId: org.library.endUsers[1]!.id },
      }),
      404,
      "NotFound",
    );
    expect(await stored(id)).toBeNull();
  });
});
