import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { instructionAudio, mediaUploads } from "@/db/schema";
import { ApiError } from "@/server/core/errors";
import { processUpload } from "@/server/services/media-uploads/process-upload";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectError, useTestApp } from "@/test/harness";
import { type ConsoleTrainer, consoleCall, createConsoleTrainer, setTrainerStatus, signInAs } from "@/test/support/console";

/** A failure of the digest service on demand (null: the real service answers). */
const digestFault = vi.hoisted(() => ({ error: null as Error | null }));
vi.mock("@/server/services/insights/get-digest", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/services/insights/get-digest")>();
  return {
    ...real,
    getMemberDigest: (...args: Parameters<typeof real.getMemberDigest>) => (digestFault.error ? Promise.reject(digestFault.error) : real.getMemberDigest(...args)),
  };
});

useTestApp();

let lib: TestLibraryOrg;
let owner: ConsoleTrainer;
let trainer: ConsoleTrainer;
let stranger: ConsoleTrainer;
let base: string;

beforeAll(async () => {
  lib = await createLibraryOrg();
  owner = await createConsoleTrainer(lib.organizationId, "owner");
  trainer = await createConsoleTrainer(lib.organizationId, "trainer");
  const other = await createTestOrg({ name: "Other workspace" });
  stranger = await createConsoleTrainer(other.organizationId, "owner");
  base = `/api/console/orgs/${lib.organizationId}`;
});

const exerciseClip = () => lib.library.videoAssetIds[0]!;

function workoutForm(name: string, extra: Record<string, unknown> = {}) {
  return {
    name: { "en-US": name },
    difficulty: "beginner",
    visibility: "public",
    status: "draft",
    segments: [
      { kind: "exercise", videoAssetId: exerciseClip(), workSeconds: 40 },
      { kind: "break", seconds: 20 },
      { kind: "exercise", videoAssetId: lib.library.videoAssetIds[1]!, reps: 12 },
    ],
    ...extra,
  };
}

/**
 * The export renders the job system was asked for: `workouts/content.changed` events become jobs
 * of `render-workout-exports` in pg-boss's queue (the local provider), in whatever state a worker
 * of another test file may have moved them to.
 */
async function renderJobsFor(workoutId: string): Promise<{ reason: string }[]> {
  const rows = await getDb().execute<{ data: { workoutId: string; reason: string } }>(
    sql`select data from pgboss.job where name = 'render-workout-exports' and data->>'workoutId' = ${workoutId} order by created_on`,
  );
  return [...rows].map((r) => ({ reason: r.data.reason }));
}

describe("console authorization (consoleRoute)", () => {
  it("refuses requests without a live session: no cookie, a forged cookie, a revoked session, a suspended trainer", async () => {
    expectError(await consoleCall(null, `${base}/workouts`), 401, "Unauthorized");
    expectError(await consoleCall(owner, `${base}/workouts`, { cookie: "next-auth.session-token=forged" }), 401, "Unauthorized");

    const extra = await createConsoleTrainer(lib.organizationId, "trainer");
    expect((await consoleCall(extra, `${base}/workouts`)).status).toBe(200);
    const sessions = await consoleCall(extra, "/api/console/account/sessions");
    expect(sessions.body.items).toHaveLength(1);
    expect(sessions.body.items[0]).toMatchObject({ id: extra.sessionId, current: true });
    expect((await consoleCall(extra, `/api/console/account/sessions/${extra.sessionId}`, { method: "DELETE" })).status).toBe(204);
    expectError(await consoleCall(extra, `${base}/workouts`), 401, "Unauthorized");

    const fresh = { ...extra, ...(await signInAs(extra.trainerId, lib.organizationId)) };
    expect((await consoleCall(fresh, `${base}/workouts`)).status).toBe(200);
    await setTrainerStatus(extra.trainerId, "suspended");
    await new Promise((r) => setTimeout(r, 2_100)); // the session check is cached for two seconds at most
    expectError(await consoleCall(fresh, `${base}/workouts`), 401, "Unauthorized");
  });

  it("refuses a trainer of another workspace on every kind of route (403)", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", `${base}/workouts`],
      ["POST", `${base}/workouts`, workoutForm("Not yours")],
      ["GET", `${base}/plans`],
      ["GET", `${base}/clips`],
      ["POST", `${base}/uploads`, { purpose: "clip", filename: "a.mp4", contentType: "video/mp4", sizeBytes: 10, name: "A" }],
      ["GET", `${base}/methodologies`],
      ["GET", `${base}/autopilot/tasks`],
      ["GET", `${base}/members`],
      ["POST", `${base}/members/${lib.library.endUsers[0]!.id}/suspend`],
      ["GET", `${base}/api-keys`],
      ["GET", `${base}/usage`],
    ];
    for (const [method, p, body] of routes) expectError(await consoleCall(stranger, p, { method, body }), 403, "Forbidden");
    // A resource of this workspace named under the stranger's own workspace is simply not there.
    const own = `/api/console/orgs/${stranger.organizationId}/workouts/${lib.library.workoutIds[0]}`;
    expectError(await consoleCall(stranger, own), 404, "NotFound");
  });

  it("refuses a trainer of another workspace on every workspace route and method, walked from the route files (403)", async () => {
    const root = path.resolve("app/api/console/orgs/[organizationId]");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("route.ts"));
    expect(files.length).toBeGreaterThan(40);
    const sample: Record<string, string> = { platform: "instagram", index: "0" };
    let checked = 0;
    for (const file of files) {
      const source = readFileSync(path.join(root, file), "utf8");
      const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
      const rel = path.dirname(file) === "." ? "" : `/${path.dirname(file)}`;
      const p = `${base}${rel.replace(/\[(\w+)\]/g, (_, name: string) => sample[name] ?? "0123456789abcdef01234567")}`;
      for (const method of methods) {
        const res = await consoleCall(stranger, p, { method, body: method === "GET" || method === "DELETE" ? undefined : {} });
        expect(res.status, `${method} ${p}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("answers text the API would refuse (NUL, invalid UTF-8) with 400 in the body, the query and the path, never 500", async () => {
    const nulBody = await consoleCall(owner, `${base}/workouts`, { method: "POST", body: workoutForm("Bad\u0000name") });
    expectError(nulBody, 400, "ValidationError");
    expect(nulBody.body.error.details[0]).toMatchObject({ code: "FormatError", target: "name.en-US" });
    expectError(await consoleCall(owner, `${base}/workouts?q=a%00b`), 400, "ValidationError");
    expectError(await consoleCall(owner, `${base}/workouts?q=%C3%28`), 400, "ValidationError");
    const badParam = await consoleCall(owner, `${base}/workouts/a%00b`);
    expect(badParam.status, badParam.text).toBe(400);
    // The hosted pages' internal routes read text the same way.
    const page = await call(`/api/library/${lib.organizationId}/workouts?q=%00`);
    expect(page.status, page.text).toBe(400);
  });

  it("lets only owners manage keys and members; trainers manage content", async () => {
    expectError(await consoleCall(trainer, `${base}/api-keys`), 403, "Forbidden");
    expectError(await consoleCall(trainer, `${base}/api-keys`, { method: "POST", body: { name: "x", kind: "team" } }), 403, "Forbidden");
    expectError(await consoleCall(trainer, `${base}/api-keys/${lib.keyId}`, { method: "DELETE" }), 403, "Forbidden");
    expectError(await consoleCall(trainer, `${base}/usage`), 403, "Forbidden");
    expectError(await consoleCall(trainer, `${base}/members`, { method: "POST", body: { email: "t@example.com" } }), 403, "Forbidden");
    expectError(await consoleCall(trainer, `${base}/members/${lib.library.endUsers[0]!.id}/suspend`, { method: "POST" }), 403, "Forbidden");
    expect((await consoleCall(trainer, `${base}/members`)).status).toBe(200);
    expect((await consoleCall(trainer, `${base}/workouts`, { method: "POST", body: workoutForm("Trainer-made") })).status).toBe(201);
  });

  it("refuses mutations from another origin or without one (CSRF), but not reads", async () => {
    const body = workoutForm("Cross-site");
    expectError(await consoleCall(owner, `${base}/workouts`, { method: "POST", body, origin: "https://evil.example.com" }), 403, "Forbidden");
    expectError(await consoleCall(owner, `${base}/workouts`, { method: "POST", body, origin: null }), 403, "Forbidden");
    expect((await consoleCall(owner, `${base}/workouts`, { origin: "https://evil.example.com" })).status).toBe(200);
  });
});

describe("API keys in the console", () => {
  it("issues a key shown once, lists it with its last use, and a revoked key gets 401 from the API at once", async () => {
    const created = await consoleCall(owner, `${base}/api-keys`, { method: "POST", body: { name: "Partner app", kind: "team" } });
    expect(created.status, created.text).toBe(201);
    const { id, key } = created.body;
    expect(key).toMatch(/^fma_/);
    const v1 = `/v1/orgs/${lib.organizationId}/workouts?limit=1`;
    expect((await call(v1, { key })).status).toBe(200);
    const list = await consoleCall(owner, `${base}/api-keys`);
    const row = list.body.items.find((k: { id: string }) => k.id === id);
    expect(row).toMatchObject({ name: "Partner app", kind: "team", prefix: key.slice(0, 12), revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(row.lastUsedAt).not.toBeNull();

    expect((await consoleCall(owner, `${base}/api-keys/${id}`, { method: "DELETE" })).status).toBe(204);
    expectError(await call(v1, { key }), 401, "Unauthorized");
    expectError(await consoleCall(owner, `${base}/api-keys/${id}`, { method: "DELETE" }), 404, "NotFound");
    const content = await consoleCall(owner, `${base}/api-keys`, { method: "POST", body: { name: "CDN", kind: "content" } });
    expectError(await call(v1, { key: content.body.key }), 401, "Unauthorized");
    const bad = await consoleCall(owner, `${base}/api-keys`, { method: "POST", body: { name: "", kind: "multi" } });
    const err = expectError(bad, 400, "ValidationError");
    expect(err.details!.map((d) => d.target).sort()).toEqual(["kind", "name"]);
  });

  it("reports each key's use of the hourly and daily caps", async () => {
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    await call(`/v1/orgs/${lib.organizationId}/workouts?limit=1`, { key: lib.key });
    const usage = await consoleCall(owner, `${base}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.caps).toEqual({ hourly: 10_000_000, daily: 100_000_000 });
    const mine = usage.body.keys.find((k: { id: string }) => k.id === lib.keyId);
    expect(mine.hourly.used).toBeGreaterThanOrEqual(1);
    expect(mine.hourly.cap).toBe(10_000_000);
    expect(mine.daily.used).toBeGreaterThanOrEqual(mine.hourly.used);
    // The chart's series: 24 hourly and 30 daily buckets of the workspace, oldest first, this hour's and today's last.
    const { last24Hours, last30Days } = usage.body;
    expect(last24Hours.buckets).toHaveLength(24);
    expect(last30Days.buckets).toHaveLength(30);
    const called = last24Hours.buckets.find((b: { start: string }) => b.start === hour.toISOString());
    expect(called.requests).toBeGreaterThanOrEqual(1);
    expect(last30Days.buckets.at(-1).units).toBeGreaterThanOrEqual(last24Hours.buckets.at(-1).units);
    expect(last24Hours.units).toBe(last24Hours.buckets.reduce((n: number, b: { units: number }) => n + b.units, 0));
  });
});

describe("members in the console", () => {
  it("suspends a member (the API then answers 404 for them) and reactivates them", async () => {
    const member = lib.library.endUsers[1]!;
    const apiPath = `/v1/orgs/${lib.organizationId}/endusers/${member.id}/workouts`;
    expect((await call(apiPath, { key: lib.key })).status).toBe(200);
    const suspended = await consoleCall(owner, `${base}/members/${member.id}/suspend`, { method: "POST" });
    expect(suspended.body).toMatchObject({ id: member.id, status: "suspended" });
    expectError(await call(apiPath, { key: lib.key }), 404, "NotFound");
    const overview = await consoleCall(owner, `${base}/members/${member.id}`);
    expect(overview.body).toMatchObject({ member: { status: "suspended" }, library: null });
    await consoleCall(owner, `${base}/members/${member.id}/reactivate`, { method: "POST" });
    expect((await call(apiPath, { key: lib.key })).status).toBe(200);
    const active = await consoleCall(owner, `${base}/members/${member.id}`);
    expect(active.body.library.workouts).toHaveProperty("total");
    expectError(await consoleCall(owner, `/api/console/orgs/${lib.organizationId}/members/${"0".repeat(24)}`), 404, "NotFound");
  });

  it("pages a member's whole library on the server and serves their digest on its own", async () => {
    const member = lib.library.endUsers[2]!;
    const published = [...lib.library.workoutIds, ...lib.library.privateWorkoutIds];
    expect(published.length).toBeGreaterThan(10);
    for (let i = 0; i < published.length; i += 10) {
      const res = await call(`/v1/orgs/${lib.organizationId}/endusers/${member.id}/workouts/assign`, {
        key: lib.key,
        body: { workoutIds: published.slice(i, i + 10), sendAssignmentEmail: false, sendAssignmentPush: false },
      });
      expect(res.status, res.text).toBe(200);
    }
    const apiLibrary = await call(`/v1/orgs/${lib.organizationId}/endusers/${member.id}/workouts?limit=50`, { key: lib.key });
    const total = apiLibrary.body.links.total as number;
    expect(total).toBeGreaterThan(10);

    // The first paint carries the first page (10) and the true total; the rest comes page by page, as the API orders it.
    const overview = await consoleCall(owner, `${base}/members/${member.id}`);
    expect(overview.body.library.workouts.total).toBe(total);
    expect(overview.body.library.workouts.items).toHaveLength(10);
    expect(overview.body).not.toHaveProperty("digest");
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 10) {
      const page = await consoleCall(trainer, `${base}/members/${member.id}/library/workouts?limit=10&offset=${offset}`);
      expect(page.status, page.text).toBe(200);
      expect(page.body.total).toBe(total);
      seen.push(...page.body.items.map((w: { id: string }) => w.id));
    }
    expect(seen).toEqual(apiLibrary.body.data.map((w: { id: string }) => w.id));
    const plans = await consoleCall(owner, `${base}/members/${member.id}/library/plans?limit=1`);
    expect(plans.status, plans.text).toBe(200);
    expect(plans.body).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
    expectError(await consoleCall(owner, `${base}/members/${member.id}/library/workouts?limit=51`), 400, "ValidationError");
    expectError(await consoleCall(stranger, `${base}/members/${member.id}/library/workouts`), 403, "Forbidden");

    // Today's digest, the API's own.
    const digest = await consoleCall(trainer, `${base}/members/${member.id}/digest`);
    expect(digest.status, digest.text).toBe(200);
    const apiDigest = await call(`/v1/orgs/${lib.organizationId}/endusers/${member.id}/insights/digest`, { key: lib.key });
    expect(apiDigest.status, apiDigest.text).toBe(200);
    expect(digest.body.data).toEqual(apiDigest.body.data);

    // A failing digest is an error the page can show, never an empty digest; the rest of the member page is unaffected.
    digestFault.error = new Error("insights store unreachable");
    try {
      expectError(await consoleCall(owner, `${base}/members/${member.id}/digest`), 500, "InternalServerError");
      digestFault.error = new ApiError({ code: "ServiceUnavailable", message: "The insights are being rebuilt." });
      const unavailable = expectError(await consoleCall(owner, `${base}/members/${member.id}/digest`), 503, "ServiceUnavailable");
      expect(unavailable.message).toBe("The insights are being rebuilt.");
      expect((await consoleCall(owner, `${base}/members/${member.id}`)).status).toBe(200);
    } finally {
      digestFault.error = null;
    }
    expect((await consoleCall(owner, `${base}/members/${member.id}/digest`)).status).toBe(200);

    // A suspended member's library and digest are not served (404, as on the API).
    await consoleCall(owner, `${base}/members/${member.id}/suspend`, { method: "POST" });
    expectError(await consoleCall(owner, `${base}/members/${member.id}/library/workouts`), 404, "NotFound");
    expectError(await consoleCall(owner, `${base}/members/${member.id}/digest`), 404, "NotFound");
    await consoleCall(owner, `${base}/members/${member.id}/reactivate`, { method: "POST" });
  });

  it("invites a member by email through the notification outbox, once", async () => {
    const email = `Invitee-${Date.now()}@Example.com`;
    const res = await consoleCall(owner, `${base}/members`, { method: "POST", body: { email, name: "Ivy" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), status: "active" });
    const { notificationsOutbox } = await import("@/db/schema");
    const rows = await getDb().select().from(notificationsOutbox).where(eq(notificationsOutbox.endUserId, res.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "email", template: "member.invited" });
    expectError(await consoleCall(owner, `${base}/members`, { method: "POST", body: { email } }), 409, "Conflict");
    expectError(await consoleCall(owner, `${base}/members`, { method: "POST", body: { email: "nope" } }), 400, "ValidationError");
  });
});

describe("Programming DNA in the console", () => {
  it("creates, edits and deletes profiles with the API's validation, and refuses the 11th", async () => {
    const list = await consoleCall(owner, `${base}/methodologies`);
    const existing = list.body.total as number;
    expect(existing).toBeLessThan(10);
    const bad = await consoleCall(owner, `${base}/methodologies`, {
      method: "POST",
      body: { name: "", ruleSummary: "x", rules: { workSecondsMin: 60, workSecondsMax: 30, restSecondsMin: 1 } },
    });
    const err = expectError(bad, 400, "ValidationError");
    expect(err.details!.map((d) => d.target).sort()).toEqual(["name", "rules.restSecondsMin", "rules.workSecondsMax"]);
    const ids: string[] = [];
    for (let i = existing; i < 10; i++) {
      const res = await consoleCall(owner, `${base}/methodologies`, {
        method: "POST",
        body: { name: `Profile ${i}`, ruleSummary: "Short rests.", rules: { restSecondsMax: 30 }, isTeamDefault: i === 9 },
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    expectError(await consoleCall(owner, `${base}/methodologies`, { method: "POST", body: { name: "Eleventh", ruleSummary: "x" } }), 409, "Conflict");
    const after = await consoleCall(owner, `${base}/methodologies?limit=50`);
    expect(after.body.items.filter((m: { isTeamDefault: boolean }) => m.isTeamDefault).map((m: { id: string }) => m.id)).toEqual([ids.at(-1)]);
    const patched = await consoleCall(owner, `${base}/methodologies/${ids[0]}`, { method: "PATCH", body: { version: "2.0", isActive: false } });
    expect(patched.body).toMatchObject({ version: "2.0", isActive: false });
    expect((await consoleCall(owner, `${base}/methodologies/${ids[0]}`, { method: "DELETE" })).status).toBe(204);
    expectError(await consoleCall(owner, `${base}/methodologies/${ids[0]}`), 404, "NotFound");
    const gens = await consoleCall(owner, `${base}/methodologies/${ids[1]}/generations`);
    expect(gens.body).toEqual({ items: [], total: 0 });
    expect((await consoleCall(owner, `${base}/methodologies/${ids[1]}`, { method: "DELETE" })).status).toBe(204);
  });

  it("lists under a profile the generations of the public API that applied it (the Generation Inspector)", async () => {
    const created = await consoleCall(owner, `${base}/methodologies`, {
      method: "POST",
      body: { name: "Short rests DNA", version: "3.1", applicability: "workout", ruleSummary: "Rests of 30 s at most.", rules: { restSecondsMax: 30 } },
    });
    expect(created.status, created.text).toBe(201);
    const profileId = created.body.id as string;
    const path = `${base}/methodologies/${profileId}/generations`;
    expect((await consoleCall(owner, path)).body).toEqual({ items: [], total: 0 });

    const generate = (body: Record<string, unknown>) => call(`/v1/orgs/${lib.organizationId}/workouts/generate`, { key: lib.key, body });
    const first = await generate({ methodologyProfileId: profileId, userRequirements: "first run" });
    expect(first.status, first.text).toBe(200);
    expect(first.body.methodology).toMatchObject({ id: profileId, version: "3.1" });
    const second = await generate({ methodologyProfileId: profileId, userRequirements: "second run" });
    expect(second.status, second.text).toBe(200);
    // A generation with another profile is not this profile's.
    const other = await consoleCall(owner, `${base}/methodologies`, { method: "POST", body: { name: "Other DNA", ruleSummary: "Anything goes." } });
    expect((await generate({ methodologyProfileId: other.body.id })).status).toBe(200);

    const listed = await consoleCall(owner, path);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.total).toBe(2);
    expect(listed.body.items.map((g: { generationId: string }) => g.generationId).sort()).toEqual(
      [first.body.inspection.generationId, second.body.inspection.generationId].sort(),
    );
    for (const g of listed.body.items) {
      expect(g).toMatchObject({ kind: "workout", methodologyVersion: "3.1", complianceStatus: first.body.inspection.complianceStatus });
      expect(g.hardRulesApplied).toBeGreaterThan(0);
    }
    // Paginated on the server, newest first, and each snapshot opens in full.
    const page = await consoleCall(owner, `${path}?limit=1&offset=1`);
    expect(page.body).toMatchObject({ total: 2, items: [{ generationId: first.body.inspection.generationId }] });
    const snapshot = await consoleCall(owner, `${base}/generations/${second.body.inspection.generationId}`);
    expect(snapshot.status, snapshot.text).toBe(200);
    expect(JSON.stringify(snapshot.body)).toContain("second run");
    // Another workspace's trainer cannot read them.
    expectError(await consoleCall(stranger, path), 403, "Forbidden");
  });
});

describe("the library in the console", () => {
  it("builds a draft, keeps it out of the API, publishes it into the API, edits and unpublishes it", async () => {
    const pools = await consoleCall(owner, `${base}/music-pools`);
    const poolId = pools.body.items[0].id;
    const created = await consoleCall(owner, `${base}/workouts`, {
      method: "POST",
      body: workoutForm("Console Built Burner", { musicPoolIds: [poolId], skipWorkoutPreview: true, videoAudioMode: "voice-and-music" }),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expectError(await call(`/v1/workouts/${id}`, { key: lib.key }), 404, "NotFound");
    const drafts = await consoleCall(owner, `${base}/workouts?status=draft&q=burner`);
    expect(drafts.body.items.map((w: { id: string }) => w.id)).toEqual([id]);

    expect(await renderJobsFor(id)).toEqual([]);
    const published = await consoleCall(owner, `${base}/workouts/${id}/publish`, { method: "POST" });
    expect(published.body).toMatchObject({ id, status: "published", outcome: "published" });
    // Publishing asked the job system to render the exports, once the publication had committed.
    expect(await renderJobsFor(id)).toEqual([{ reason: "published" }]);
    const detail = await call(`/v1/workouts/${id}`, { key: lib.key });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ skipWorkoutPreview: true, videoAudioMode: "voice-and-music" });
    const listed = await call(`/v1/orgs/${lib.organizationId}/workouts?q=Console%20Built%20Burner`, { key: lib.key });
    expect(listed.body.data.map((w: { id: string }) => w.id)).toContain(id);
    const music = await call(`/v1/workouts/${id}/music`, { key: lib.key });
    expect(music.body.tracks.length).toBeGreaterThan(0);

    const draft = await consoleCall(owner, `${base}/workouts/${id}`);
    expect(draft.body.form.segments).toHaveLength(3);
    expect(draft.body.clips[exerciseClip()].name).toBeTruthy();
    const form = { ...draft.body.form, name: { "en-US": "Console Built Burner v2" }, segments: [...draft.body.form.segments, { kind: "break", seconds: 15 }] };
    const saved = await consoleCall(owner, `${base}/workouts/${id}`, { method: "PUT", body: form });
    expect(saved.status, saved.text).toBe(200);
    // The edit of a published workout makes its rendered exports stale: a render for the new playlist.
    expect(await renderJobsFor(id)).toEqual([{ reason: "published" }, { reason: "playlist" }]);
    // Publishing it again changes nothing and asks for nothing.
    expect((await consoleCall(owner, `${base}/workouts/${id}/publish`, { method: "POST" })).body).toMatchObject({ outcome: "already_published" });
    expect(await renderJobsFor(id)).toHaveLength(2);
    const playlist = await call(`/v1/workouts/${id}/playlist`, { key: lib.key });
    expect(playlist.body.data).toHaveLength(4);
    expect((await call(`/v1/workouts/${id}`, { key: lib.key })).body.data.name).toBe("Console Built Burner v2");

    const wrong = await consoleCall(owner, `${base}/workouts/${id}`, { method: "PUT", body: { ...form, segments: [{ kind: "exercise", videoAssetId: exerciseClip() }] } });
    expectError(wrong, 400, "ValidationError");
    await consoleCall(owner, `${base}/workouts/${id}/unpublish`, { method: "POST" });
    expectError(await call(`/v1/workouts/${id}`, { key: lib.key }), 404, "NotFound");
  });

  it("generates a workout with the AI engine into a private draft, which the builder edits and publishes", async () => {
    const bad = await consoleCall(owner, `${base}/workouts/generate`, { method: "POST", body: { durationOptions: { minMinutes: 30, maxMinutes: 500 }, exerciseSources: ["nowhere"] } });
    const err = expectError(bad, 400, "ValidationError");
    expect(err.target).toBe("GenerateWorkoutBody");
    expect(err.details!.map((d) => d.target).sort()).toEqual(["durationOptions.maxMinutes", "exerciseSources.0"]);
    expectError(await consoleCall(stranger, `${base}/workouts/generate`, { method: "POST", body: {} }), 403, "Forbidden");

    const body = { durationOptions: { minMinutes: 15, maxMinutes: 25 }, exerciseSources: ["free_stock", "team_exercises"], userRequirements: "focus on the core" };
    const res = await consoleCall(trainer, `${base}/workouts/generate`, { method: "POST", body });
    expect(res.status, res.text).toBe(201);
    const { id, generationId, duration } = res.body;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(generationId).toMatch(/^[0-9a-f]{24}$/);
    expect(duration).toBeGreaterThan(0);

    // A private draft of this workspace, made by the trainer who clicked, in every locale, and out of the API until published.
    const draft = await consoleCall(trainer, `${base}/workouts/${id}`);
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({ id, status: "draft", source: "team" });
    expect(draft.body.form.visibility).toBe("private");
    expect(Object.keys(draft.body.form.name)).toEqual(expect.arrayContaining(["en-US", "de-DE", "fr-FR"]));
    const exercises = draft.body.form.segments.filter((g: { kind: string }) => g.kind === "exercise");
    expect(exercises.length).toBeGreaterThan(1);
    for (const e of exercises) expect(draft.body.clips[e.videoAssetId]?.name).toBeTruthy();
    expectError(await call(`/v1/workouts/${id}`, { key: lib.key }), 404, "NotFound");
    const drafts = await consoleCall(trainer, `${base}/workouts?status=draft&visibility=private&limit=50`);
    expect(drafts.body.items.map((w: { id: string }) => w.id)).toContain(id);

    // The Generation Inspector kept the engine's snapshot of this run.
    const snapshot = await consoleCall(trainer, `${base}/generations/${generationId}`);
    expect(snapshot.status, snapshot.text).toBe(200);
    expect(JSON.stringify(snapshot.body)).toContain("focus on the core");

    // Edited in the builder like any workout: renamed, made public, its first exercise longer, a break added; then published.
    const segments = [...draft.body.form.segments];
    const first = segments.findIndex((g: { kind: string }) => g.kind === "exercise");
    segments[first] = { ...segments[first], reps: undefined, workSeconds: 55 };
    segments.push({ kind: "break", seconds: 25 });
    const form = { ...draft.body.form, name: { ...draft.body.form.name, "en-US": "Generated And Edited Core" }, visibility: "public", segments };
    const saved = await consoleCall(trainer, `${base}/workouts/${id}`, { method: "PUT", body: form });
    expect(saved.status, saved.text).toBe(200);
    const edited = await consoleCall(trainer, `${base}/workouts/${id}`);
    expect(edited.body.form.name["en-US"]).toBe("Generated And Edited Core");
    expect(edited.body.form.segments).toHaveLength(segments.length);
    expect(edited.body.form.segments[first]).toMatchObject({ kind: "exercise", workSeconds: 55 });
    await consoleCall(trainer, `${base}/workouts/${id}/publish`, { method: "POST" });
    const listed = await call(`/v1/orgs/${lib.organizationId}/workouts?q=Generated%20And%20Edited%20Core`, { key: lib.key });
    expect(listed.body.data.map((w: { id: string }) => w.id)).toEqual([id]);
    const playlist = await call(`/v1/workouts/${id}/playlist`, { key: lib.key });
    expect(playlist.body.data.at(-1)).toHaveProperty("break");

    // A second click is a second draft, not an overwrite of the first.
    const again = await consoleCall(trainer, `${base}/workouts/generate`, { method: "POST", body });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).not.toBe(id);
    expect(again.body.generationId).not.toBe(generationId);
  });

  it("builds a plan week by week from published workouts and publishes it", async () => {
    const [a, b] = lib.library.workoutIds;
    const body = {
      name: { "en-US": "Four-week base" },
      difficulty: "beginner",
      visibility: "public",
      weeks: [{ days: [{ day: 1, workoutIds: [a] }, { day: 3, workoutIds: [b] }] }, { days: [{ day: 2, workoutIds: [a, b] }] }],
    };
    const created = await consoleCall(owner, `${base}/plans`, { method: "POST", body });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expectError(await consoleCall(owner, `${base}/plans/${id}/publish`, { method: "POST", origin: null }), 403, "Forbidden");
    await consoleCall(owner, `${base}/plans/${id}/publish`, { method: "POST" });
    const plan = await call(`/v1/plans/${id}`, { key: lib.key });
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({ durationWeeks: 2, daysPerWeek: 2 });
    const draft = await consoleCall(owner, `${base}/plans/${id}`);
    expect(draft.body.form.weeks).toEqual(body.weeks);
    const dup = await consoleCall(owner, `${base}/plans`, { method: "POST", body: { ...body, weeks: [{ days: [{ day: 1, workoutIds: [a] }, { day: 1, workoutIds: [b] }] }] } });
    expect(expectError(dup, 400, "ValidationError").details![0]!.target).toBe("weeks.0.days.1.day");
    const foreign = await consoleCall(owner, `${base}/plans`, { method: "POST", body: { ...body, weeks: [{ days: [{ day: 1, workoutIds: ["f".repeat(24)] }] }] } });
    expect(expectError(foreign, 400, "BadRequest").target).toBe("weeks[0].days[0].workoutIds[0]");
  });
});

describe("media uploads in the console", () => {
  const clipFile = path.resolve(import.meta.dirname, "../../db/seed/media/clips/squat.mp4");
  const audioFile = path.resolve(import.meta.dirname, "../../db/seed/media/audio/instructions/squat.en-US.m4a");

  async function upload(body: Record<string, unknown>, bytes: Buffer) {
    const created = await consoleCall(owner, `${base}/uploads`, { method: "POST", body: { ...body, sizeBytes: bytes.length } });
    expect(created.status, created.text).toBe(201);
    const u = created.body;
    for (let i = 0; i < u.chunkCount; i++) {
      const chunk = bytes.subarray(i * u.chunkSize, (i + 1) * u.chunkSize);
      const res = await consoleCall(owner, `${base}/uploads/${u.id}/chunks/${i}`, { rawBody: chunk, headers: { "content-type": "application/octet-stream" } });
      expect(res.status, res.text).toBe(200);
    }
    return u.id as string;
  }

  it("takes a clip in chunks, resumes in order, and transcodes it into a playable clip", async () => {
    const bytes = readFileSync(clipFile);
    const created = await consoleCall(owner, `${base}/uploads`, {
      method: "POST",
      body: { purpose: "clip", filename: "squat.mp4", contentType: "video/mp4", sizeBytes: bytes.length, name: "Uploaded squat" },
    });
    const u = created.body;
    expect(u).toMatchObject({ status: "uploading", chunksReceived: 0 });
    expectError(await consoleCall(owner, `${base}/uploads/${u.id}/chunks/1`, { rawBody: Buffer.alloc(1) }), u.chunkCount > 1 ? 409 : 400, u.chunkCount > 1 ? "Conflict" : "BadRequest");
    expectError(await consoleCall(owner, `${base}/uploads/${u.id}/chunks/0`, { rawBody: Buffer.alloc(3) }), 400, "BadRequest");
    expectError(await consoleCall(owner, `${base}/uploads/${u.id}/chunks/0`, { rawBody: bytes.subarray(0, u.chunkSize), origin: null }), 403, "Forbidden");
    for (let i = 0; i < u.chunkCount; i++) {
      await consoleCall(owner, `${base}/uploads/${u.id}/chunks/${i}`, { rawBody: bytes.subarray(i * u.chunkSize, (i + 1) * u.chunkSize) });
    }
    // A retried last chunk answers the upload as it is.
    const again = await consoleCall(owner, `${base}/uploads/${u.id}/chunks/${u.chunkCount - 1}`, { rawBody: bytes.subarray((u.chunkCount - 1) * u.chunkSize) });
    expect(again.body).toMatchObject({ status: "processing", chunksReceived: u.chunkCount });
    expect(await processUpload(getDb(), u.id)).toBe("ready");
    const done = await consoleCall(owner, `${base}/uploads/${u.id}`);
    expect(done.body).toMatchObject({ status: "ready", progress: 1 });
    const asset = await call(`/v1/video-asset/${done.body.videoAssetId}`, { key: lib.key });
    expect(asset.status, asset.text).toBe(200);
    expect(JSON.stringify(asset.body)).toContain("Uploaded squat");
  });

  it("fails an upload that is not media, and stores instruction audio for a locale", async () => {
    const junk = await upload({ purpose: "clip", filename: "junk.mp4", contentType: "video/mp4", name: "Junk" }, Buffer.from("not a video at all"));
    expect(await processUpload(getDb(), junk)).toBe("failed");
    expect((await consoleCall(owner, `${base}/uploads/${junk}`)).body).toMatchObject({ status: "failed", error: expect.stringContaining("not a video") });

    const clipId = exerciseClip();
    const audio = await upload({ purpose: "instruction-audio", filename: "voice.m4a", contentType: "audio/mp4", videoAssetId: clipId, locale: "it-IT" }, readFileSync(audioFile));
    expect(await processUpload(getDb(), audio)).toBe("ready");
    const tracks = await getDb().select().from(instructionAudio).where(eq(instructionAudio.videoAssetId, clipId));
    expect(tracks.map((t) => t.locale)).toContain("it-IT");
    const tooBig = await consoleCall(owner, `${base}/uploads`, {
      method: "POST",
      body: { purpose: "clip", filename: "huge.mov", contentType: "video/quicktime", sizeBytes: 501 * 1024 * 1024, name: "Huge" },
    });
    expect(expectError(tooBig, 400, "ValidationError").details![0]!.target).toBe("sizeBytes");
    const [row] = await getDb().select().from(mediaUploads).where(eq(mediaUploads.id, audio));
    expect(row!.videoAssetId).toBe(clipId);
  });
});
