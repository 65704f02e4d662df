import { describe, expect, it } from "vitest";
import { call, useTestApp } from "@/test/harness";
import { createLibraryOrg } from "@/test/fixtures";

useTestApp();

describe("smoke", () => {
  it("generates", async () => {
    const org = await createLibraryOrg();
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: {} });
    console.log(res.status, JSON.stringify(res.body, null, 1).slice(0, 3000));
    const res2 = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: { exerciseSources: ["team_exercises"], locale: "de-DE", endUserProfileDetails: { fitnessLevels: ["advanced"] }, durationOptions: { minMinutes: 40, maxMinutes: 45 } } });
    console.log(res2.status, JSON.stringify({ ...res2.body, instances: res2.body.instances?.map((i: any) => [i.phase, i.kind, i.exercise?.name, i.durationSeconds, i.reps, i.rpe, i.pace]) }, null, 1).slice(0, 6000));
    const res3 = await call(`/v1/orgs/${org.organizationId}/workouts/generate/preflight`, { key: org.key, body: { exerciseSources: ["team_exercises"], includeExerciseCollections: ["Core Series"] } });
    console.log(res3.status, JSON.stringify(res3.body, null, 1).slice(0, 3000));
    expect(res.status).toBe(200);
  });
});
