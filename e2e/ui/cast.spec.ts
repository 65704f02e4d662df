import type { Page, WebSocketRoute } from "@playwright/test";
import type { FormaClient } from "../../lib/api/client";
import { watchCsp } from "../csp";
import { E2E_BASE, expect, ok, test } from "../fixtures";

// Its tests share no state (each opens its own pages on the worker's seeded organization), so they
// spread over the workers instead of queueing in one (the CI's browser phase is bounded by its longest file).
test.describe.configure({ mode: "parallel" });

/**
 * The cast display (/cast?orgId=) and the phone controller (/cast?sessionId=&code=) in Chromium
 * against the real server: paired and driven through the public REST API (the typed client), then
 * through the phone page in a second browser context, as a TV and a phone would.
 */

async function openDisplay(page: Page, orgId: string) {
  await page.goto(`/cast?orgId=${orgId}`);
  const codeEl = page.locator("[data-cast-code]");
  await expect(codeEl).toHaveText(/^\d{6}$/, { timeout: 30_000 });
  await expect(page.getByRole("img", { name: "QR code of the phone controller link" }).locator("svg")).toBeVisible();
  return (await codeEl.textContent())!.trim();
}

const player = (page: Page) => page.locator("section[data-phase]");

async function expectVideoAdvancing(page: Page) {
  const video = page.locator("video").first();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t1);
}

/** The session's REST control command through the typed client; answers the status after it. */
async function control(forma: FormaClient, sessionId: string, action: "play" | "pause" | "next" | "prev" | "restart" | "done_exercise" | "done") {
  return ok(await forma.POST("/v1/cast/pairing/{sessionId}/workout/control", { params: { path: { sessionId } }, body: { action } })).data;
}

/**
 * The display's Socket.IO connection through a proxy the test controls (the hosted cast pages use
 * the WebSocket transport only): `drop()` closes the live connection on both sides, as a network
 * outage would, and new connection attempts hang (reach no server) until `restore()` lets them
 * through, as when the network comes back.
 */
async function proxyCastSocket(page: Page) {
  let down = false;
  const live = new Set<WebSocketRoute>();
  const held: WebSocketRoute[] = [];
  let connections = 0;
  const connect = (ws: WebSocketRoute) => {
    connections++;
    const server = ws.connectToServer();
    live.add(ws);
    ws.onClose(() => {
      live.delete(ws);
      void server.close();
    });
    server.onClose(() => {
      live.delete(ws);
      void ws.close();
    });
  };
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) held.push(ws);
    else connect(ws);
  });
  return {
    connections: () => connections,
    drop: async () => {
      down = true;
      for (const ws of [...live]) await ws.close({ code: 1001, reason: "network down" });
    },
    restore: () => {
      down = false;
      for (const ws of held.splice(0)) connect(ws);
    },
  };
}

test("the display pairs with a controller through the REST API and follows its commands within a second", async ({ page, forma, seed }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const socket = await proxyCastSocket(page);
  const code = await openDisplay(page, seed.organizationId);
  await page.screenshot({ path: "e2e/screenshots/cast-display-desktop.png" });

  const join = ok(await forma.POST("/v1/cast/pairing/join-by-code", { body: { code, deviceId: "e2e-phone" } }));
  const sessionId = join.data.sessionId;
  expect(join.data.socketIO.fullUrl).toBe(`${E2E_BASE}/cast/pairing?sessionId=${sessionId}&role=controller&deviceId=e2e-phone`);
  // The screen names the paired device.
  const paired = page.locator("[data-cast-device=paired]");
  await expect(paired).toBeVisible({ timeout: 5_000 });
  await expect(paired).toHaveAttribute("data-cast-device-id", "e2e-phone");
  await expect(paired).toContainText("Paired with e2e-phone");

  const workoutId = seed.workoutIds[0]!;
  const detail = ok(await forma.GET("/v1/workouts/{workoutId}", { params: { path: { workoutId } } }));
  ok(await forma.POST("/v1/cast/pairing/{sessionId}/workout", { params: { path: { sessionId } }, body: { workoutId } }));
  await expect(page.getByRole("heading", { name: detail.data.name })).toBeVisible({ timeout: 5_000 });

  const started = await forma.POST("/v1/cast/pairing/{sessionId}/workout/start", { params: { path: { sessionId } }, body: {} });
  expect(started.response.status).toBe(201);
  await expect(player(page)).toHaveAttribute("data-phase", "playing", { timeout: 10_000 });
  await expectVideoAdvancing(page);
  await expect(page.locator("[data-cast-device=paired]")).toContainText("Controlled from e2e-phone");

  const t0 = Date.now();
  await control(forma, sessionId, "pause");
  await expect(player(page)).toHaveAttribute("data-paused", "true", { timeout: 1_000 });
  expect(Date.now() - t0).toBeLessThan(1_500);
  const video = page.locator("video").first();
  const frozen = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForTimeout(600);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(frozen, 1);

  await control(forma, sessionId, "play");
  await expect(player(page)).toHaveAttribute("data-paused", "false", { timeout: 1_000 });
  // The display shows the segment the session's status names (the server's clock decides it).
  const next = await control(forma, sessionId, "next");
  await expect(player(page)).toHaveAttribute("data-segment-index", String(next.position), { timeout: 1_000 });
  const prev = await control(forma, sessionId, "prev");
  expect(prev.position).toBe(next.position! - 1);
  await expect(player(page)).toHaveAttribute("data-segment-index", String(prev.position), { timeout: 1_000 });

  // A dropped connection: commands sent meanwhile cannot reach the display over the channel; once
  // it reconnects it resynchronises from the status endpoint and shows the new state.
  expect(socket.connections()).toBe(1);
  await socket.drop();
  await expect(page.getByText(/reconnecting/)).toBeVisible({ timeout: 5_000 });
  const paused = await control(forma, sessionId, "pause");
  expect(paused.state).toBe("paused");
  const skipped = await control(forma, sessionId, "next");
  await page.waitForTimeout(1_500);
  await expect(player(page), "no event reaches a display that is offline").toHaveAttribute("data-paused", "false");
  const resynced = page.waitForResponse((r) => r.url().endsWith(`/api/cast/${sessionId}/status`) && r.status() === 200, { timeout: 20_000 });
  socket.restore();
  await resynced;
  expect(socket.connections()).toBe(2);
  await expect(player(page)).toHaveAttribute("data-paused", "true", { timeout: 2_000 });
  await expect(player(page)).toHaveAttribute("data-segment-index", String(skipped.position));
  await expect(page.getByText(/reconnecting/)).toHaveCount(0);
  // The channel works again after the reconnection.
  await control(forma, sessionId, "play");
  await expect(player(page)).toHaveAttribute("data-paused", "false", { timeout: 1_000 });

  await control(forma, sessionId, "done");
  await expect(player(page)).toHaveAttribute("data-phase", "completed", { timeout: 2_000 });
  await page.screenshot({ path: "e2e/screenshots/cast-display-finished-desktop.png" });
});

test("a phone opens the QR link, picks a workout, starts it and drives the display", async ({ browser, page, seed, cspViolations }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const code = await openDisplay(page, seed.organizationId);
  const link = await page.locator("p", { hasText: "/cast?sessionId=" }).first().textContent();
  const url = new URL(link!.trim());
  expect(url.searchParams.get("code")).toBe(code);

  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await watchCsp(phoneContext, cspViolations);
  const phone = await phoneContext.newPage();
  try {
    await phone.goto(`${url.pathname}${url.search}`);
    await expect(phone.getByRole("heading", { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
    // The screen shows which phone is paired: the device id this phone keeps, by kind and short code.
    const deviceId = (await phone.evaluate(() => localStorage.getItem("forma-cast-device")))!;
    const [, kind, uuid] = /^web-([a-z]+)-([0-9a-f-]{36})$/.exec(deviceId)!;
    expect(kind).toBe("linux");
    const paired = page.locator("[data-cast-device=paired]");
    await expect(paired).toHaveAttribute("data-cast-device-id", deviceId, { timeout: 5_000 });
    await expect(paired).toContainText(`Paired with Linux computer · ${uuid!.slice(0, 4).toUpperCase()}`);
    await phone.screenshot({ path: "e2e/screenshots/cast-controller-phone.png" });

    const first = phone.locator("[data-workout-id]").first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    const name = (await first.locator("span.font-medium").textContent())!.replace(/^Cast /, "");
    await first.click();
    await expect(page.getByRole("heading", { name })).toBeVisible({ timeout: 5_000 });
    await phone.getByRole("button", { name: "Start", exact: true }).click();
    await expect(player(page)).toHaveAttribute("data-phase", "playing", { timeout: 10_000 });
    await expectVideoAdvancing(page);

    await phone.getByRole("button", { name: "Pause" }).click();
    await expect(player(page)).toHaveAttribute("data-paused", "true", { timeout: 1_500 });
    await phone.getByRole("button", { name: "Play" }).click();
    await expect(player(page)).toHaveAttribute("data-paused", "false", { timeout: 1_500 });
    const before = await player(page).getAttribute("data-segment-index");
    await phone.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => player(page).getAttribute("data-segment-index"), { timeout: 1_500 }).not.toBe(before);
    await phone.screenshot({ path: "e2e/screenshots/cast-controller-playing-phone.png" });
    await page.setViewportSize({ width: 360, height: 640 });
    await page.screenshot({ path: "e2e/screenshots/cast-display-phone.png" });

    await phone.getByRole("button", { name: "Finish workout" }).click();
    await expect(player(page)).toHaveAttribute("data-phase", "completed", { timeout: 2_000 });
    await expect(phone.getByText("Finished. Pick another workout below.")).toBeVisible();

    await phone.getByRole("button", { name: "Disconnect this phone" }).click();
    await expect(phone.getByRole("heading", { name: "This phone was disconnected from the screen." })).toBeVisible();
    await expect(page.locator("[data-cast-device=none]")).toBeVisible({ timeout: 5_000 });
  } finally {
    await phoneContext.close();
  }
});

test("the phone offers Done on a rep-based exercise only, and Done moves the display on", async ({ browser, page, forma, seed, cspViolations }) => {
  test.setTimeout(120_000);
  // A seeded workout with a rep-based exercise (reps, not AMRAP) that is not its first segment.
  let picked: { id: string; name: string; repIndex: number } | null = null;
  for (const workoutId of seed.workoutIds) {
    const playlist = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId } } }));
    const repIndex = playlist.data.findIndex((s, i) => i > 0 && "exercise" in s && (s.exercise.reps ?? 0) > 0 && !s.exercise.amrap);
    if (repIndex > 0) {
      picked = { id: workoutId, name: ok(await forma.GET("/v1/workouts/{workoutId}", { params: { path: { workoutId } } })).data.name, repIndex };
      break;
    }
  }
  expect(picked, "the seed has a workout with a rep-based exercise").not.toBeNull();
  const { id: workoutId, name, repIndex } = picked!;

  const code = await openDisplay(page, seed.organizationId);
  const link = (await page.locator("p", { hasText: "/cast?sessionId=" }).first().textContent())!.trim();
  const sessionId = new URL(link).searchParams.get("sessionId")!;
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await watchCsp(phoneContext, cspViolations);
  const phone = await phoneContext.newPage();
  try {
    await phone.goto(`/cast?sessionId=${sessionId}&code=${code}`);
    await expect(phone.getByRole("heading", { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
    await phone.getByLabel("Search the library").fill(name);
    const card = phone.locator(`[data-workout-id="${workoutId}"]`);
    await card.click();
    await expect(page.getByRole("heading", { name })).toBeVisible({ timeout: 5_000 });
    await phone.getByRole("button", { name: "Start", exact: true }).click();
    await expect(player(page)).toHaveAttribute("data-phase", "playing", { timeout: 10_000 });
    const done = phone.getByRole("button", { name: "Done with this exercise" });

    // Pause so the clocks cannot move on by themselves, then step to the rep-based exercise:
    // Done shows exactly while the status says the current exercise is rep-based.
    await phone.getByRole("button", { name: "Pause" }).click();
    await expect(player(page)).toHaveAttribute("data-paused", "true", { timeout: 1_500 });
    for (;;) {
      const status = ok(await forma.GET("/v1/cast/pairing/{sessionId}/workout/status", { params: { path: { sessionId } } })).data;
      await expect(player(page)).toHaveAttribute("data-segment-index", String(status.position), { timeout: 1_500 });
      if (status.currentExerciseIsRepBased) break;
      await expect(done).toHaveCount(0);
      expect(status.position!).toBeLessThan(repIndex);
      await phone.getByRole("button", { name: "Next" }).click();
      await expect(phone.locator("p", { hasText: `(${status.position! + 2} of ${status.segmentCount})` })).toBeVisible({ timeout: 1_500 });
    }
    const at = ok(await forma.GET("/v1/cast/pairing/{sessionId}/workout/status", { params: { path: { sessionId } } })).data;
    expect(at.position).toBe(repIndex);
    await expect(done).toBeVisible();
    await expect(page.locator("section[data-phase]")).toHaveAttribute("data-segment-kind", "exercise");
    await phone.screenshot({ path: "e2e/screenshots/cast-controller-done-phone.png" });

    await done.click();
    await expect(player(page)).toHaveAttribute("data-segment-index", String(repIndex + 1), { timeout: 1_500 });
    const after = ok(await forma.GET("/v1/cast/pairing/{sessionId}/workout/status", { params: { path: { sessionId } } })).data;
    expect(after.position).toBe(repIndex + 1);
    await expect(phone.getByText("Exercise done.")).toBeVisible();
    await expect(done).toHaveCount(after.currentExerciseIsRepBased ? 1 : 0);
  } finally {
    await phoneContext.close();
  }
});

test("a bad or unknown cast link explains itself", async ({ page }) => {
  await page.goto("/cast");
  await expect(page.getByRole("heading", { name: "No organization selected" })).toBeVisible();
  await page.goto("/cast?sessionId=abc&code=12");
  await expect(page.getByRole("heading", { name: "This cast link is not valid" })).toBeVisible();
  const res = await page.goto("/cast?orgId=0123456789abcdef01234567");
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Cast display not found" })).toBeVisible();
  await page.goto("/cast?sessionId=0123456789abcdef01234567&code=123456");
  await expect(page.getByText("This code is not valid any more.")).toBeVisible({ timeout: 15_000 });
});
