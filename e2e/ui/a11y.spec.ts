import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signIn } from "../console-fixtures";
import { E2E_BASE, expect, ok, test } from "../fixtures";
import { openHost, waitForMessage } from "./host-page";

// Its tests share no state (each opens its own pages on the worker's seeded organization), so they
// spread over the workers instead of queueing in one (the CI's browser phase is bounded by its longest file).
test.describe.configure({ mode: "parallel" });

/**
 * axe-core over every page kind (library grids, the dedicated player page, the embed players framed
 * by a partner page, the JSON receiver, the cast display and controller, member sign-in, the docs
 * (the embed guide and the API reference) and the console): no WCAG 2.0/2.1/2.2 A or AA violation. Plus the player's keyboard operation:
 * start, pause, next, previous, volume and end with the keys alone, with a visible focus ring, and
 * the polite live region's announcements.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  expect(found, `${what}: WCAG A/AA violations`).toEqual([]);
}

test.describe("accessibility (axe-core, WCAG 2.x A/AA)", () => {
  test("library grids, the dedicated player page, member sign-in and the docs", async ({ page, seed }) => {
    test.setTimeout(180_000);
    const org = seed.organizationId;
    for (const path of [
      `/workouts?orgId=${org}`,
      `/plans?orgId=${org}`,
      `/workouts/${seed.workoutIds[0]}?orgId=${org}`,
      `/sign-in?orgId=${org}`,
      "/docs/embed",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoViolations(page, path);
    }
  });

  test("the embed guide fits a 360-pixel phone: long paths and the messages table wrap, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/docs/embed");
    await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("the API reference (/docs, Scalar's widget with our theme fixes)", async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto("/docs");
    // The first /docs of a fresh server builds /openapi.json: slow on a loaded machine.
    await expect(page.getByRole("heading", { name: "Forma API", level: 1 })).toBeVisible({ timeout: 90_000 });
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, "/docs");
    // An operation with its request sample and response schemas, rendered as it is reached.
    await page.goto("/docs#tag/workouts/GET/v1/workouts/{workoutId}/playlist");
    await expect(page.getByRole("heading", { name: "The ordered playlist of a workout" }).first()).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, "/docs (an operation)");
  });

  test("the embed players framed by a partner page, before and during playback", async ({ page, seed }) => {
    test.setTimeout(120_000);
    const host = await openHost(
      page,
      `${E2E_BASE}/embed/workout/${seed.workoutIds[0]}?${new URLSearchParams({ organizationId: seed.organizationId, apiKey: seed.apiKey })}`,
    );
    await expect(host.frame.getByRole("button", { name: "Start workout" })).toBeVisible();
    await expectNoViolations(page, "embed workout (preview)");
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expect(host.frame.locator("section[data-phase=playing]")).toBeVisible();
    await expectNoViolations(page, "embed workout (playing)");

    const receiver = await openHost(page, `${E2E_BASE}/embed/workout-json-receiver?organizationId=${seed.organizationId}`);
    await waitForMessage(page, "FORMA_READY");
    await expect(receiver.frame.getByRole("status")).toBeVisible();
    await expectNoViolations(page, "JSON receiver (waiting)");
  });

  test("the cast display and the phone controller", async ({ page, browser, seed }) => {
    test.setTimeout(120_000);
    await page.goto(`/cast?orgId=${seed.organizationId}`);
    const codeEl = page.locator("[data-cast-code]");
    await expect(codeEl).toHaveText(/^\d{6}$/, { timeout: 30_000 });
    await expectNoViolations(page, "cast display");
    const link = (await page.locator("p", { hasText: "/cast?sessionId=" }).first().textContent())!.trim();
    const sessionId = new URL(link).searchParams.get("sessionId")!;
    const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    try {
      await phone.goto(`/cast?sessionId=${sessionId}&code=${(await codeEl.textContent())!.trim()}`);
      await expect(phone.getByRole("heading", { name: /^Connected to / })).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(phone, "cast controller");
    } finally {
      await phoneContext.close();
    }
  });

  // The console's pages in three groups (one sign-in each), so they spread over the workers.
  for (const paths of [
    ["/console", "/console/library", "/console/library/workouts/new"],
    ["/console/media", "/console/dna", "/console/autopilot"],
    ["/console/members", "/console/keys", "/console/account"],
  ]) {
    test(`the console: sign-in, ${paths.join(", ")}`, async ({ page, seed }) => {
      test.setTimeout(150_000);
      await page.goto("/console/sign-in");
      if (paths[0] === "/console") await expectNoViolations(page, "/console/sign-in");
      await signIn(page, seed.consoleUser);
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoViolations(page, path);
      }
    });
  }
});

test("the embed player is operable by keyboard alone, with visible focus and polite announcements", async ({ page, forma, seed }) => {
  test.setTimeout(120_000);
  const workoutId = seed.workoutIds[7] ?? seed.workoutIds[0]!;
  const host = await openHost(
    page,
    `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams({ organizationId: seed.organizationId, apiKey: seed.apiKey })}`,
  );
  await waitForMessage(page, "FORMA_READY");
  const start = host.frame.getByRole("button", { name: "Start workout" });
  // Tab reaches the start button, which shows a visible focus ring.
  await page.locator("#player").focus();
  for (let i = 0; i < 5 && !(await start.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(start).toBeFocused();
  const outline = await start.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
  expect(outline).not.toMatch(/^none/);
  await page.keyboard.press("Enter");
  const region = host.frame.locator("section[data-phase]");
  await expect(region).toHaveAttribute("data-phase", "playing");
  const live = host.frame.getByTestId("live-announcer");
  await expect(live).toHaveAttribute("aria-live", "polite");
  await expect(live).toHaveText(/^(Exercise|Rest|Part) 1 of \d+: /);
  // Space pauses and resumes, arrows move, ArrowDown lowers the volume, E ends.
  await region.focus();
  await page.keyboard.press(" ");
  await expect(region).toHaveAttribute("data-paused", "true");
  await page.keyboard.press(" ");
  await expect(region).toHaveAttribute("data-paused", "false");
  await page.keyboard.press("ArrowRight");
  await expect(region).toHaveAttribute("data-segment-index", "1");
  await expect(live).toHaveText(/ 2 of \d+: /);
  await page.keyboard.press("ArrowLeft");
  await expect(region).toHaveAttribute("data-segment-index", "0");
  await page.keyboard.press("ArrowDown");
  await expect(live).toHaveText("Volume 90 percent");
  await expect.poll(() => host.frame.locator("video").evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.9);
  await page.keyboard.press("e");
  await expect(region).toHaveAttribute("data-phase", "completed");
  expect(ok(await forma.GET("/v1/workouts/{workoutId}", { params: { path: { workoutId } } })).data.id).toBe(workoutId);
});
