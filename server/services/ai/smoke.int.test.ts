import { describe, expect, it } from "vitest";
import { call, useTestApp } from "@/test/harness";
import { createLibraryOrg } from "@/test/fixtures";

useTestApp();
const short = (b: any) => JSON.stringify(b, null, 0).slice(0, 2500);

describe("smoke", () => {
  it("runs everything", async () => {
    const org = await createLibraryOrg();
    const o = `/v1/orgs/${org.organizationId}`;
    const r1 = await call(`${o}/workouts/recommend`, { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"], trainingDaysPerWeek: 3, endUserId: org.library.endUsers[0]!.id } } });
    console.log("REC", r1.status, short(r1.body));
    const r2 = await call(`${o}/plans/recommend`, { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["intermediate"] }, locale: "de-DE" } });
    console.log("PREC", r2.status, short(r2.body));
    const r3 = await call(`${o}/plans/generate`, { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["intermediate"], trainingDaysPerWeek: 4, endUserId: org.library.endUsers[0]!.id }, locale: "fr-FR" } });
    console.log("PGEN", r3.status, short({ ...r3.body, weeks: r3.body.weeks?.map((w: any) => [w.week, w.phase, w.volumeFactor, w.targetRpe, w.sessions.map((s: any) => [s.day, s.workout.name])]) }));
    const r4 = await call(`${o}/workouts/${org.library.workoutIds[3]}/adapt`, { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"], age: 70 }, userGuidance: "no jumping please, my knees hurt" } });
    console.log("WADAPT", r4.status, short({ ...r4.body, instances: r4.body.instances?.map((i: any) => [i.phase, i.kind, i.exercise?.name, i.durationSeconds, i.reps, i.rpe]) }));
    const r5 = await call(`${o}/plans/${org.library.planIds[0]}/adapt`, { key: org.key, body: { endUserProfileId: org.library.endUsers[1]!.email, endUserProfileDetails: { fitnessLevels: ["beginner"], trainingDaysPerWeek: 2 } } });
    console.log("PADAPT", r5.status, short({ ...r5.body, weeks: r5.body.weeks?.map((w: any) => [w.week, w.phase, w.sessions.map((s: any) => [s.day, s.workout.name])]) }));
    const g = await call(`${o}/generations/${r5.body.inspection?.generationId}`, { key: org.key });
    console.log("GEN", g.status, short(g.body));
    expect(r1.status).toBe(200);
  });
});
