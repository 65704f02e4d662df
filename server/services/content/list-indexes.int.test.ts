import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { explainScans } from "@/db/explain";
import { categoryId } from "@/db/seed/reference";
import { listOrganizationWorkouts } from "@/server/api/operations/workouts";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { useTestApp } from "@/test/harness";
import { explainWorkoutList, listWorkoutsInput } from "./list-workouts";

useTestApp();

/**
 * Every filter, sort and search of the org workout list can be answered from an index: with
 * sequential scans priced out (`enable_seqscan = off`), no statement of any list request plans
 * one. A filter or join without a usable index still plans a sequential scan then, so a missing
 * index fails here on the small test workspace; BENCHMARKS.md shows the plans PostgreSQL picks on
 * its own on the 100,000-workout workspace.
 */
const QUERIES = [
  "",
  "offset=40",
  "visibility=public",
  "visibility=private",
  "visibility=all",
  "difficulty=beginner",
  "duration=20-45",
  "duration=60-",
  "duration=-30",
  "allowAssessment=true",
  "allowAssessment=false",
  `categoryIds=${categoryId("strength")}`,
  `categoryIds=${categoryId("yoga")},${categoryId("mobility")}&visibility=public`,
  "categoryIds=custom:Studio%20Favourites",
  `categoryIds=${categoryId("strength")},custom:Studio%20Favourites`,
  "sort=name",
  "sort=name&locale=de-DE",
  "sort=-name",
  "sort=createdAt",
  "sort=-updatedAt&limit=50",
  "sort=duration",
  "sort=-duration,name",
  "sort=difficulty",
  "sort=-difficulty&difficulty=advanced",
  "difficulty=intermediate&visibility=public&duration=-30&sort=duration",
  "q=core",
  "q=glute%20blast&locale=fr-FR&limit=10&offset=10",
  "q=kraft&difficulty=beginner",
  "q=mobilit%C3%A9&sort=-duration",
  "q=crussher",
  "q=strech&locale=de-DE",
];

let org: TestLibraryOrg;

beforeAll(async () => {
  org = await createLibraryOrg();
});

describe("org workout list indexes", () => {
  it.each(QUERIES)("?%s plans no sequential scan when one is avoidable", async (search) => {
    const parsed = listOrganizationWorkouts.query!.safeParse(Object.fromEntries(new URLSearchParams(search)));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const input = listWorkoutsInput(parsed.data!);
    const plans = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return explainWorkoutList(tx, org.organizationId, input);
    });
    expect(plans.slice(0, 2).map((p) => p.statement)).toEqual(["page", "count"]);
    // Misspelled: no substring match, so the spelling lookup and the corrected search run (and are checked) too.
    if (/^q=(crussher|strech)/.test(search)) expect(plans.slice(2).map((p) => p.statement)).toEqual(["spellings", "fuzzy page", "fuzzy count"]);
    for (const p of plans) {
      expect(p.scans.seqScans, `${p.statement}: ${JSON.stringify(p.scans)}`).toEqual([]);
      const table = p.statement === "spellings" ? "workout_search_words_" : "workouts_";
      expect(
        p.scans.indexes.some((i) => i.startsWith(table)),
        `${p.statement} reads ${table}* through an index: ${JSON.stringify(p.scans)}`,
      ).toBe(true);
    }
  });

  it("a statement no index serves still plans a sequential scan under these settings (the check can fail)", async () => {
    const plans = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return explainScans(tx, sql`select id from workouts where description->>'en-US' = 'x'`);
    });
    expect(plans.seqScans).toEqual(["workouts"]);
  });
});
