import { describe, expect, it } from "vitest";
import { createLibraryOrg } from "@/test/fixtures";
import { call, createKey, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

describe("metadata routes", () => {
  it("lists equipment categories and items, localized", async () => {
    const org = await createTestOrg();
    const en = await call("/v1/workouts/equipment/metadata", { key: org.key });
    expect(en.status).toBe(200);
    const { categories, equipment } = en.body.data;
    expect(categories.length).toBeGreaterThan(3);
    for (const c of categories) expect(c).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: expect.any(String), category: expect.any(String) });
    const ids = new Set(categories.map((c: { id: string }) => c.id));
    expect(equipment.some((e: { equipmentCategoryId: string | null }) => e.equipmentCategoryId === null)).toBe(true);
    for (const e of equipment) if (e.equipmentCategoryId) expect(ids.has(e.equipmentCategoryId)).toBe(true);
    const fr = await call("/v1/workouts/equipment/metadata?locale=fr-FR", { key: org.key });
    expect(fr.body.data.equipment.map((e: { name: string }) => e.name)).not.toEqual(equipment.map((e: { name: string }) => e.name));
  });

  it("lists muscle groups (localized) and the workspace's collections (not localized) with counts", async () => {
    const org = await createLibraryOrg();
    const res = await call("/v1/workouts/exercises/metadata?locale=es-ES", { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data.muscleGroups.length).toBeGreaterThan(10);
    const total = res.body.data.collections.reduce((s: number, c: { count: number }) => s + c.count, 0);
    expect(total).toBe(org.library.videoAssetIds.length);
    expect(res.body.data.collections.map((c: { name: string }) => c.name)).toContain("Foundations");
    const empty = await createTestOrg();
    expect((await call("/v1/workouts/exercises/metadata", { key: empty.key })).body.data.collections).toEqual([]);
    expectError(await call(`/v1/workouts/exercises/metadata?organizationId=${empty.organizationId}`, { key: org.key }), 403, "Forbidden");
  });

  it("lists plan goals and difficulties", async () => {
    const org = await createTestOrg();
    const res = await call("/v1/plans/metadata?locale=it-IT", { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data.goals.length).toBeGreaterThanOrEqual(8);
    expect(res.body.data.difficulties).toEqual(["beginner", "intermediate", "advanced"]);
  });

  it("returns organization metadata with branding, modules and AI flags", async () => {
    const org = await createTestOrg({ name: "Meta Gym" });
    const res = await call(`/v1/orgs/${org.organizationId}/metadata`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: org.organizationId,
      name: "Meta Gym",
      branding: { primaryColor: expect.any(String) },
      modules: { workouts: true, insights: true },
      aiChatEnabled: true,
      insightsEnabled: true,
    });
    expect(res.body.data.supportedLocales).toHaveLength(18);
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/metadata`);
  });

  it("lists active team methodologies without guidance; an empty workspace gets an empty list", async () => {
    const org = await createLibraryOrg();
    const res = await call(`/v1/orgs/${org.organizationId}/methodologies`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBe(2);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(["applicability", "id", "isTeamDefault", "name", "ruleSummary", "version"]);
    }
    expect(res.body.items.filter((i: { isTeamDefault: boolean }) => i.isTeamDefault)).toHaveLength(1);
    expect(res.text).not.toContain("guidance");
    const empty = await createTestOrg();
    expect((await call(`/v1/orgs/${empty.organizationId}/methodologies`, { key: empty.key })).body).toEqual({ items: [] });
    const multi = await createKey(empty.organizationId, "multi", [org.organizationId]);
    expect((await call(`/v1/orgs/${org.organizationId}/methodologies`, { key: multi })).status).toBe(200);
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/methodologies`);
  });
});
