import type { FormaClient } from "../../lib/api/client";
import { E2E_BASE, expect, ok, test } from "../fixtures";
import { openHost, partnerOrigin, waitForMessage } from "./host-page";

/**
 * Embed tokens in the browser: a partner's server mints a token (POST .../embed-tokens), its page
 * frames `/embed/workout/{id}?token=`; the player plays with the token as a Bearer token, records
 * the token's member's session, is framed only by the token's origins, and shows why it refuses a
 * revoked or expired token. The tests of this file run in order in one worker: the expiring token
 * is minted first so its minute passes while the others run.
 */

type Minted = { id: string; token: string; expiresAt: string; embedUrl: string };

async function mint(
  forma: FormaClient,
  organizationId: string,
  body: { workoutId: string; ttlSeconds: number; endUserId?: string; allowedOrigins?: string[] },
): Promise<Minted> {
  const res = ok(
    await forma.POST("/v1/orgs/{organizationId}/embed-tokens", {
      params: { path: { organizationId } },
      body: { allowedOrigins: [await partnerOrigin()], ...body },
    }),
  );
  expect(res.data.embedUrl.startsWith(`${E2E_BASE}/embed/workout/${body.workoutId}?token=`)).toBe(true);
  return res.data;
}

let expiring: Minted | null = null;

test.describe("embed tokens", () => {
  test("a token embed plays with the token as a Bearer token and records its member's session; frame-ancestors are its origins", async ({
    page,
    forma,
    request,
    seed,
  }) => {
    expiring = await mint(forma, seed.organizationId, { workoutId: seed.workoutIds[5]!, ttlSeconds: 60 });
    const workoutId = seed.workoutIds[4]!;
    const t = await mint(forma, seed.organizationId, { workoutId, ttlSeconds: 600, endUserId: seed.endUser.id });

    const doc = await request.get(t.embedUrl);
    expect(doc.status()).toBe(200);
    expect(doc.headers()["content-security-policy"]).toMatch(new RegExp(`frame-ancestors ${(await partnerOrigin()).replace(/[.]/g, "\\.")}$`));
    expect(await doc.text()).not.toContain(t.token);

    const host = await openHost(page, t.embedUrl);
    await waitForMessage(page, "FORMA_READY");
    const started = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/sessions/start`) && r.request().method() === "POST");
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const start = await started;
    expect(start.status()).toBe(201);
    const sessionId = (await start.json()).data.id as string;
    const video = host.frame.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);

    const v1 = host.requests.filter((r) => r.url().startsWith(`${E2E_BASE}/v1/`));
    expect(v1.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining([`/v1/workouts/${workoutId}`, `/v1/workouts/${workoutId}/playlist`]));
    for (const r of v1) {
      const headers = await r.allHeaders();
      expect(headers.authorization).toBe(`Bearer ${t.token}`);
      expect(headers["x-api-key"]).toBeUndefined();
      expect(r.url()).not.toContain(t.token);
    }
    const frameUrl = page
      .frames()
      .find((f) => f.url().startsWith(`${E2E_BASE}/`))!
      .url();
    expect(frameUrl).not.toContain("token=");

    // Pausing reports progress with the playback-quality measured so far.
    const patched = page.waitForResponse((r) => r.url().endsWith(`/sessions/${sessionId}`) && r.request().method() === "PATCH");
    await host.frame.getByRole("button", { name: "Pause", exact: true }).click();
    const patch = await patched;
    expect(patch.status()).toBe(200);
    const sent = JSON.parse(patch.request().postData() ?? "{}");
    expect(sent.quality.startupMs).toBeGreaterThanOrEqual(0);
    expect(sent.quality.segments.length).toBeGreaterThan(0);

    // The session is the token's member's, with the quality report stored.
    const s = ok(
      await forma.GET("/v1/workouts/{workoutId}/sessions/{sessionId}", { params: { path: { workoutId, sessionId }, query: { endUserId: seed.endUser.id } } }),
    );
    expect(s.data.status).toBe("started");
    expect(s.data.quality?.startupMs).toBe(sent.quality.startupMs);
    expect(s.data.quality?.stalls).toBeGreaterThanOrEqual(0);
  });

  test("a revoked token is refused with a visible message and FORMA_ERROR token_revoked", async ({ page, forma, seed }) => {
    const t = await mint(forma, seed.organizationId, { workoutId: seed.workoutIds[4]!, ttlSeconds: 600 });
    const del = await forma.DELETE("/v1/orgs/{organizationId}/embed-tokens/{embedId}", {
      params: { path: { organizationId: seed.organizationId, embedId: t.id } },
    });
    expect(del.response.status).toBe(204);
    const host = await openHost(page, t.embedUrl);
    await expect(host.frame.getByRole("alert").filter({ hasText: "This workout cannot be played" })).toContainText("This player link has been revoked");
    await expect(host.frame.locator("video")).toHaveCount(0);
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "token_revoked", status: 401 });
  });

  test("a token past its expiry is refused with a visible message and FORMA_ERROR token_expired", async ({ page, forma, seed }) => {
    test.setTimeout(120_000);
    const t = expiring ?? (await mint(forma, seed.organizationId, { workoutId: seed.workoutIds[5]!, ttlSeconds: 60 }));
    // Plays while valid...
    const wait = Date.parse(t.expiresAt) - Date.now();
    if (wait > 5_000) {
      const live = await openHost(page, t.embedUrl);
      await expect(live.frame.getByRole("button", { name: "Start workout" })).toBeVisible();
    }
    // ...and is refused once its minute is over.
    await page.waitForTimeout(Math.max(0, Date.parse(t.expiresAt) - Date.now() + 1_500));
    const host = await openHost(page, t.embedUrl);
    await expect(host.frame.getByRole("alert").filter({ hasText: "This workout cannot be played" })).toContainText("This player link has expired");
    await expect(host.frame.locator("video")).toHaveCount(0);
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "token_expired", status: 401 });
  });
});
