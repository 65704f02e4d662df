import { beforeAll, describe, expect, it } from "vitest";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { app, call, createTestOrg, expectError, useTestApp } from "@/test/harness";
import { type ConsoleTrainer, consoleCall, createConsoleTrainer } from "@/test/support/console";

/** The console's Social page routes: the same services as /v1 (drops, social-publish), plus connecting accounts. */
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
  stranger = await createConsoleTrainer((await createTestOrg({ name: "Elsewhere" })).organizationId, "owner");
  base = `/api/console/orgs/${lib.organizationId}/social`;
});

describe("social in the console", () => {
  it("connects and disconnects accounts (owners only), and the API sees the change", async () => {
    const before = await consoleCall(trainer, `${base}/accounts`);
    expect(before.status).toBe(200);
    expect(before.body.data.map((p: { platform: string }) => p.platform)).toEqual(["instagram", "tiktok", "youtube", "facebook"]);
    expectError(await consoleCall(trainer, `${base}/accounts`, { body: { platform: "instagram" } }), 403, "Forbidden");
    expectError(await consoleCall(owner, `${base}/accounts`, { body: { platform: "myspace" } }), 400, "ValidationError");

    const connected = await consoleCall(owner, `${base}/accounts`, { body: { platform: "tiktok", accountName: "Studio TikTok" } });
    expect(connected.status, connected.text).toBe(201);
    expect(connected.body.data.find((p: { platform: string }) => p.platform === "tiktok")).toMatchObject({ connected: true, accountName: "Studio TikTok" });
    const api = await call(`/v1/orgs/${lib.organizationId}/social-publish/connected-platforms`, { key: lib.key });
    expect(JSON.stringify(api.body)).toContain("tiktok");

    expect((await consoleCall(owner, `${base}/accounts/tiktok`, { method: "DELETE" })).status).toBe(204);
    expectError(await consoleCall(owner, `${base}/accounts/tiktok`, { method: "DELETE" }), 404, "NotFound");
    expectError(await consoleCall(owner, `${base}/accounts/myspace`, { method: "DELETE" }), 400, "ValidationError");
  });

  it("lists drops like the API and shows one with signed previews, covers and copy", async () => {
    const list = await consoleCall(trainer, `${base}/drops?limit=5`);
    const api = await call(`/v1/orgs/${lib.organizationId}/drops?limit=5`, { key: lib.key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual(api.body.data.map((d: { id: string }) => d.id));
    expect(list.body.links.total).toBe(api.body.links.total);
    expectError(await consoleCall(trainer, `${base}/drops?limit=500`), 400, "ValidationError");
    const id = list.body.data[0].id as string;
    const detail = await consoleCall(trainer, `${base}/drops/${id}`);
    expect(detail.status).toBe(200);
    const ready = detail.body.data.variants.find((v: { previewUrl: string | null }) => v.previewUrl);
    expect(ready.coverUrl).toBeTruthy();
    const preview = new URL(ready.previewUrl, app.baseUrl);
    const media = await fetch(`${app.baseUrl}${preview.pathname}${preview.search}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("video/mp4");
    expectError(await consoleCall(trainer, `${base}/drops/0123456789abcdef01234567`), 404, "NotFound");
    expectError(await consoleCall(stranger, `${base}/drops`), 403, "Forbidden");
  });

  it("creates, activates, pauses and deletes an automation with the API's rules, and shows its history", async () => {
    const body = { name: "Console daily", platforms: ["instagram"], sourceMode: "random_ready", schedule: { type: "weekly", timeZone: "UTC", days: ["mon"], times: ["09:00"] } };
    expectError(await consoleCall(trainer, `${base}/automations`, { body: { ...body, schedule: { type: "weekly", days: [], times: [] } } }), 400, "ValidationError");
    const created = await consoleCall(trainer, `${base}/automations`, { body });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ status: "draft", nextRunAt: null });
    // Activating without a connected instagram account is the API's 422.
    expectError(await consoleCall(trainer, `${base}/automations/${id}`, { method: "PATCH", body: { status: "active" } }), 422, "UnprocessableEntity");
    expect((await consoleCall(owner, `${base}/accounts`, { body: { platform: "instagram" } })).status).toBe(201);
    const active = await consoleCall(trainer, `${base}/automations/${id}`, { method: "PATCH", body: { status: "active" } });
    expect(active.status, active.text).toBe(200);
    expect(active.body.data.nextRunAt).not.toBeNull();
    const viaApi = await call(`/v1/orgs/${lib.organizationId}/social-publish/${id}`, { key: lib.key });
    expect(viaApi.body.data.status).toBe("active");

    const paused = await consoleCall(trainer, `${base}/automations/${id}`, { method: "PATCH", body: { status: "draft" } });
    expect(paused.body.data).toMatchObject({ status: "draft", nextRunAt: null });

    const history = await consoleCall(trainer, `${base}/automations/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual({ deliveries: [], publications: [] });
    expectError(await consoleCall(trainer, `${base}/automations/0123456789abcdef01234567/history`), 404, "NotFound");

    expect((await consoleCall(trainer, `${base}/automations/${id}`, { method: "DELETE" })).status).toBe(204);
    expectError(await call(`/v1/orgs/${lib.organizationId}/social-publish/${id}`, { key: lib.key }), 404, "NotFound");
    expectError(await consoleCall(stranger, `${base}/automations`, { body }), 403, "Forbidden");
    expectError(await consoleCall(null, `${base}/automations`), 401, "Unauthorized");
  });
});
