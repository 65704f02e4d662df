import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { workoutSearchWords, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { call, createTestOrg, useTestApp } from "@/test/harness";

useTestApp();

/**
 * The workspace vocabulary behind the list's fuzzy fallback (workout_search_words) is kept by
 * triggers on workouts (migration 0003_search_words_triggers): these tests write workouts the way any
 * code path would (plain SQL through drizzle) and read the counts back.
 */
async function vocabulary(organizationId: string): Promise<Record<string, number>> {
  const rows = await getDb()
    .select({ word: workoutSearchWords.word, n: workoutSearchWords.workouts })
    .from(workoutSearchWords)
    .where(and(eq(workoutSearchWords.organizationId, organizationId), sql`${workoutSearchWords.workouts} > 0`));
  return Object.fromEntries(rows.map((r) => [r.word, r.n]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

function workout(organizationId: string, name: string, extra: Partial<typeof workouts.$inferInsert> = {}) {
  return {
    id: newId(),
    organizationId,
    name: { "en-US": name },
    searchText: name.toLowerCase(),
    duration: 600,
    difficulty: "beginner" as const,
    visibility: "public" as const,
    ...extra,
  };
}

describe("workspace search vocabulary", () => {
  it("counts the words of listed workouts through inserts, edits, unpublishing and deletes", async () => {
    const { organizationId } = await createTestOrg();
    const db = getDb();
    const [a, b, draft] = [
      workout(organizationId, "Zephyr Lunge • Ausfallschritt 3x12"),
      workout(organizationId, "Zephyr Squat"),
      workout(organizationId, "Hidden Draft", { status: "draft" }),
    ];
    await db.insert(workouts).values([a, b, draft]); // one statement, three rows
    // Words of 3+ letters without digits, once per workout; drafts are not listed, so not counted.
    expect(await vocabulary(organizationId)).toEqual({ ausfallschritt: 1, lunge: 1, squat: 1, zephyr: 2 });

    await db.update(workouts).set({ ratingSum: 5, ratingCount: 1 }).where(eq(workouts.id, a.id)); // no document change
    expect(await vocabulary(organizationId)).toEqual({ ausfallschritt: 1, lunge: 1, squat: 1, zephyr: 2 });

    await db.update(workouts).set({ searchText: "zephyr plank" }).where(eq(workouts.id, a.id));
    expect(await vocabulary(organizationId)).toEqual({ plank: 1, squat: 1, zephyr: 2 });

    await db.update(workouts).set({ status: "published" }).where(eq(workouts.id, draft.id));
    await db.update(workouts).set({ deletedAt: new Date() }).where(eq(workouts.id, b.id));
    expect(await vocabulary(organizationId)).toEqual({ draft: 1, hidden: 1, plank: 1, zephyr: 1 });

    await db.delete(workouts).where(inArray(workouts.id, [a.id, b.id, draft.id]));
    expect(await vocabulary(organizationId)).toEqual({});
  });

  it("lets a misspelled query find the workout through the API, per word, in this workspace only", async () => {
    const mine = await createTestOrg();
    const other = await createTestOrg();
    const db = getDb();
    const target = workout(mine.organizationId, "Quadrupedal Flowstate");
    await db.insert(workouts).values([
      target,
      workout(mine.organizationId, "Quadriceps Burner"),
      workout(other.organizationId, "Quadrupedel Flowstatt"), // another workspace's words never count
    ]);
    const list = (q: string) => call(`/v1/orgs/${mine.organizationId}/workouts?q=${encodeURIComponent(q)}`, { key: mine.key });

    const res = await list("quadrupedel flowstat");
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { id: string }) => w.id)).toEqual([target.id]);
    expect(res.body.links.total).toBe(1);
    // Every word must still match: a word with no close spelling finds nothing.
    expect((await list("quadrupedel zzqqxxjj")).body).toEqual({ data: [], links: { total: 0 } });
  });
});
