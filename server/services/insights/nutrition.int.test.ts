import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { nutritionEntries } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addDays } from "./local-date";
import { logMeal, memberOf, noonZ, pathOf, pillar, todayOf } from "@/test/support/insights";

useTestApp();

describe("POST nutrition/log and DELETE nutrition/log/{externalId}", () => {
  it("adds without externalId, replaces with one, subtracts on delete and rescores the day", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -1);
    const at = noonZ(day);
    // Calories-only logging: the score is the energy part, 100 - 200 * |kcal - need| / need with need = 30 kcal * 70 kg = 2100.
    const a = await logMeal(org, m, { caloriesKcal: 900, loggedAt: at, mealType: "lunch" });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data).toMatchObject({ externalId: null, status: "created", localDate: day, mealType: "lunch", caloriesKcal: 900, proteinG: null });
    expect(a.body.data.day).toEqual({ date: day, caloriesKcal: 900, proteinG: null, carbsG: null, fatG: null, entries: 1, nutritionScore: 0 });
    const b = await logMeal(org, m, { caloriesKcal: 900, loggedAt: at });
    expect(b.body.data.day).toMatchObject({ caloriesKcal: 1800, entries: 2, nutritionScore: 71 }); // 100 - 200*300/2100 = 71.4

    const c = await logMeal(org, m, { externalId: "dinner-1", caloriesKcal: 300, loggedAt: at });
    expect(c.body.data).toMatchObject({ status: "created", externalId: "dinner-1" });
    expect(c.body.data.day).toMatchObject({ caloriesKcal: 2100, entries: 3, nutritionScore: 100 });
    const replaced = await logMeal(org, m, { externalId: "dinner-1", caloriesKcal: 200, loggedAt: at });
    expect(replaced.status).toBe(201);
    expect(replaced.body.data).toMatchObject({ status: "replaced", id: c.body.data.id, caloriesKcal: 200 });
    expect(replaced.body.data.day).toMatchObject({ caloriesKcal: 2000, entries: 3, nutritionScore: 90 }); // 100 - 200*100/2100 = 90.5

    const before = await pillar(org, m, "nutrition");
    expect(before.body.data).toMatchObject({ status: "scored", score: 90, scoredDate: day, partialDay: false });
    expect((await call(`${pathOf(org, m.id)}/nutrition/log/dinner-1`, { key: org.key, method: "DELETE" })).status).toBe(204);
    const after = await pillar(org, m, "nutrition");
    expect(after.body.data.score).toBe(71);
    expect(after.body.data.evidence).toEqual([expect.objectContaining({ metric: "caloriesKcal", value: 1800, target: 2100, source: "api" })]);
    expectError(await call(`${pathOf(org, m.id)}/nutrition/log/dinner-1`, { key: org.key, method: "DELETE" }), 404, "NotFound");
  });

  it("scores protein, macro balance and energy against the member's weight", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 2);
    const day = addDays(todayOf(m), -1);
    await call(`${pathOf(org, m.id)}/insights/health-data`, {
      key: org.key,
      body: { entries: [{ dataType: "body_metrics", recordedAt: noonZ(addDays(day, -4)), weightKg: 80 }] },
    });
    const res = await logMeal(org, m, { caloriesKcal: 2000, proteinG: 100, carbsG: 250, fatG: 70, loggedAt: noonZ(day) });
    // protein 100 / (1.6 * 80) = 78.125; shares 19.7% / 49.3% / 31.0% all in range = 100; energy 100 - 200 * 400 / 2400 = 66.67; mean 81.6
    expect(res.body.data.day.nutritionScore).toBe(82);
    const detail = (await pillar(org, m, "nutrition")).body.data;
    expect(detail.parts).toEqual([
      { key: "protein", label: "Protein against 1.6 g/kg", value: 78.1, weight: 1 },
      { key: "balance", label: "Macros within acceptable ranges", value: 100, weight: 1 },
      { key: "energy", label: "Calories against estimated need", value: 66.7, weight: 1 },
    ]);
    expect(detail.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metric: "proteinG", value: 100, target: 128 }),
        expect.objectContaining({ metric: "caloriesKcal", value: 2000, target: 2400 }),
      ]),
    );
  });

  it("moves a replaced entry to its new day and recomputes both", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const d1 = addDays(todayOf(m), -3);
    const d2 = addDays(todayOf(m), -2);
    await logMeal(org, m, { externalId: "snack", proteinG: 30, loggedAt: noonZ(d1) });
    const moved = await logMeal(org, m, { externalId: "snack", proteinG: 20, loggedAt: noonZ(d2) });
    expect(moved.body.data).toMatchObject({ status: "replaced", localDate: d2, day: { date: d2, proteinG: 20, entries: 1 } });
    const p = await pillar(org, m, "nutrition", d2);
    expect(p.body.data.days.find((x: { date: string }) => x.date === d1)).toEqual({ date: d1, hasData: false, score: null });
  });

  it("holds at most 200 entries a member-day: the next new one is 422, replacing one and other days still work, totals add up", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const day = addDays(todayOf(m), -1);
    // 198 entries stored directly, two through the API (one with an externalId): 200 on the day.
    const rows = Array.from({ length: 198 }, () => ({ id: newId(), organizationId: org.organizationId, endUserId: m.id, localDate: day, loggedAt: new Date(noonZ(day)), caloriesKcal: 10, proteinG: 1 }));
    await getDb().insert(nutritionEntries).values(rows);
    expect((await logMeal(org, m, { caloriesKcal: 10, proteinG: 1, loggedAt: noonZ(day) })).status).toBe(201);
    const last = await logMeal(org, m, { externalId: "late-snack", caloriesKcal: 10, proteinG: 1, loggedAt: noonZ(day) });
    expect(last.body.data.day).toMatchObject({ date: day, entries: 200, caloriesKcal: 2000, proteinG: 200 });
    const refused = expectError(await logMeal(org, m, { caloriesKcal: 10, loggedAt: noonZ(day) }), 422, "UnprocessableEntity");
    expect(refused.message).toMatch(/200 nutrition entries on/);
    // Replacing an entry of the full day is not a new entry.
    const replaced = await logMeal(org, m, { externalId: "late-snack", caloriesKcal: 500, loggedAt: noonZ(day) });
    expect(replaced.body.data).toMatchObject({ status: "replaced", day: { entries: 200, caloriesKcal: 2490 } });
    // Another day takes entries; moving an entry into the full day is refused, out of it allowed.
    const other = addDays(day, -1);
    expect((await logMeal(org, m, { externalId: "breakfast", caloriesKcal: 300, loggedAt: noonZ(other) })).status).toBe(201);
    expectError(await logMeal(org, m, { externalId: "breakfast", caloriesKcal: 300, loggedAt: noonZ(day) }), 422, "UnprocessableEntity");
    const out = await logMeal(org, m, { externalId: "late-snack", caloriesKcal: 500, loggedAt: noonZ(other) });
    expect(out.body.data).toMatchObject({ status: "replaced", day: { date: other, entries: 2, caloriesKcal: 800 } });
    expect((await logMeal(org, m, { caloriesKcal: 10, loggedAt: noonZ(day) })).status).toBe(201);
  });

  it("validates the body and the time window", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    const empty = expectError(await logMeal(org, m, { externalId: "x" }), 400, "ValidationError");
    expect(empty.target).toBe("LogNutritionBody");
    expectError(await logMeal(org, m, { caloriesKcal: -1 }), 400, "ValidationError");
    expectError(await logMeal(org, m, { proteinG: 5000 }), 400, "ValidationError");
    expectError(await logMeal(org, m, { caloriesKcal: "500" }), 400, "ValidationError");
    expectError(await logMeal(org, m, { caloriesKcal: 500, sugarG: 3 }), 400, "ValidationError");
    expectError(await logMeal(org, m, { caloriesKcal: 500, loggedAt: "2025-01-01" }), 400, "ValidationError");
    expectError(await logMeal(org, m, { caloriesKcal: 500, loggedAt: new Date(Date.now() + 3_600_000).toISOString() }), 400, "BadRequest");
    expectError(await logMeal(org, m, { caloriesKcal: 500, loggedAt: new Date(Date.now() - 92 * 86_400_000).toISOString() }), 400, "BadRequest");
    expect((await logMeal(org, m, { caloriesKcal: 0 })).status).toBe(201);
  });

  it("is 404 for suspended members, runs the auth matrix and charges weight 1", async () => {
    const org = await createLibraryOrg();
    const m = await memberOf(org, 0);
    // The key's first request learns the authoritative count: it shows the full weight.
    const first = await logMeal(org, m, { caloriesKcal: 100 });
    expect(Number(first.headers.get("x-ratelimit-limit")) - Number(first.headers.get("x-ratelimit-remaining"))).toBe(1);
    const suspended = pathOf(org, org.library.suspendedEndUser.externalId);
    expectError(await call(`${suspended}/nutrition/log`, { key: org.key, body: { caloriesKcal: 100 } }), 404, "NotFound");
    expectError(await call(`${suspended}/nutrition/log/x`, { key: org.key, method: "DELETE" }), 404, "NotFound");
    await expectAuthMatrix(org, `${pathOf(org, m.id)}/nutrition/log`, { body: { caloriesKcal: 100 } });
    await expectAuthMatrix(org, `${pathOf(org, m.id)}/nutrition/log/x`, { method: "DELETE" });
    expectError(await call(`${pathOf(org, m.id)}/nutrition/log`, { token: org.accessToken, body: { caloriesKcal: 100 } }), 401, "Unauthorized");
  });
});
