import { gzipSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import type { FormaClient } from "../../lib/api/client";
import { expect, ok, test } from "../fixtures";

// Its tests share no state (each opens its own pages on the worker's seeded organization), so they
// spread over the workers instead of queueing in one (the CI's browser phase is bounded by its longest file).
test.describe.configure({ mode: "parallel" });

/**
 * The hosted library grids against the real server: first paint without JavaScript, the display
 * flags, search and filters (checked against the list API), pagination, locale, the overlay and
 * the dedicated page, keyboard use, member sign-in, error states, the budgets, and screenshots.
 */

const ids = async (page: Page, attr = "data-workout-id") => page.locator(`main [${attr}]`).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)!), attr);
const gridIds = async (page: Page) => page.locator("ul[data-grid-cols] [data-workout-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-workout-id")!));
/**
 * Without JavaScript a click on a link or a submit button navigates, and Playwright's click returns
 * once the new document has committed, before its streamed body has arrived; wait for its load.
 */
async function navigateBy(page: Page, control: Locator): Promise<void> {
  await Promise.all([page.waitForEvent("load"), control.click()]);
}
const columns = (page: Page) => page.locator("ul[data-grid-cols]").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);

type ListQuery = { q?: string; difficulty?: "beginner" | "intermediate" | "advanced"; duration?: string; categoryIds?: string };

/** The public workouts the list API answers for a view (the grids must show the same). */
async function publicIds(forma: FormaClient, organizationId: string, query: ListQuery = {}): Promise<{ ids: string[]; total: number }> {
  const body = ok(await forma.GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId }, query: { visibility: "public", limit: 50, ...query } } }));
  return { ids: body.data.map((w) => w.id), total: body.links.total };
}

/**
 * Presses `key` until focus comes back to a control it already reached, checking after every press
 * that focus is on a control inside the open dialog; answers the controls in the order reached.
 */
async function focusCycle(page: Page, key: "Tab" | "Shift+Tab"): Promise<string[]> {
  const reached: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    const mark = await page.evaluate((n) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || !el.closest("dialog[open]") || el.tagName === "DIALOG") return null;
      el.dataset.focusMark ??= `control-${n}`;
      return el.dataset.focusMark;
    }, i);
    expect(mark, `focus after ${i + 1} × ${key} is on a control inside the dialog`).not.toBeNull();
    if (reached.includes(mark!)) {
      expect(mark, `${key} comes back round to where the cycle began`).toBe(reached[0]);
      return reached;
    }
    reached.push(mark!);
  }
  throw new Error(`${key} never came back round`);
}

test.describe("workout grid", () => {
  test("first paint works without JavaScript: public workouts only, indexable, under 50 KB", async ({ browser, request, forma, seed }) => {
    const res = await request.get(`/workouts?orgId=${seed.organizationId}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(Buffer.byteLength(html), "first-paint HTML budget").toBeLessThan(50 * 1024);
    expect(html).not.toMatch(/noindex/);

    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    const expected = await publicIds(forma, seed.organizationId);
    const shown = await gridIds(page);
    expect(shown).toEqual(expected.ids.slice(0, 12));
    for (const id of seed.privateWorkoutIds) expect(shown).not.toContain(id);
    await expect(page.getByText(`${expected.total} workouts`)).toBeVisible();
    // Cards are links with names; without JavaScript they open the workout's own page.
    const first = page.locator("[data-workout-id]").first();
    expect(await first.getAttribute("href")).toMatch(new RegExp(`^/workouts/${shown[0]}\\?orgId=${seed.organizationId}`));
    // The plain form and the next-page link work without JavaScript.
    await navigateBy(page, page.getByRole("link", { name: "Show more workouts" }));
    expect(await gridIds(page)).toEqual(expected.ids.slice(12, 24));
    await page.getByRole("searchbox", { name: "Search workouts" }).fill("stretch");
    await navigateBy(page, page.getByRole("button", { name: "Search" }));
    expect(page.url()).toContain("q=stretch");
    expect(await gridIds(page)).toEqual((await publicIds(forma, seed.organizationId, { q: "stretch" })).ids.slice(0, 12));
    await ctx.close();
  });

  test("JavaScript for the grid page stays under 150 KB gzipped", async ({ page, seed }) => {
    const scripts: Promise<number>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.body().then((b) => gzipSync(b).length));
    });
    await page.goto(`/workouts?orgId=${seed.organizationId}`, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`grid page: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeGreaterThan(0);
    expect(total, "grid JavaScript budget").toBeLessThan(150 * 1024);
  });

  test("display flags: search, filters, columns, duration and difficulty", async ({ page, seed }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    await expect(page.getByRole("searchbox", { name: "Search workouts" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Difficulty" })).toBeVisible();
    expect(await columns(page)).toBe(3);
    await expect(page.locator("[data-workout-id]").first()).toContainText(/\d+ min · (Beginner|Intermediate|Advanced)/);

    await page.goto(`/workouts?orgId=${seed.organizationId}&showSearch=false&showFilters=false&gridCols=4&showDuration=false&showDifficulty=false`);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expect(page.getByText("Equipment")).toHaveCount(0);
    expect(await columns(page)).toBe(4);
    await expect(page.locator("[data-workout-id]").first()).not.toContainText(/min|Beginner|Intermediate|Advanced/);

    await page.goto(`/workouts?orgId=${seed.organizationId}&gridCols=2&showSearch=true&showFilters=false`);
    expect(await columns(page)).toBe(2);
    await expect(page.getByRole("searchbox")).toBeVisible();
    await expect(page.getByRole("combobox")).toHaveCount(0);
    for (const odd of ["7", "1", "abc", "3.5"]) {
      await page.goto(`/workouts?orgId=${seed.organizationId}&gridCols=${odd}`);
      expect(await columns(page), `gridCols=${odd} falls back to 3`).toBe(3);
    }
    // One column on a 360-pixel phone, whatever gridCols says.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/workouts?orgId=${seed.organizationId}&gridCols=4`);
    expect(await columns(page)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "e2e/screenshots/workouts-phone.png" });
  });

  test("search and filters narrow the grid exactly as the list API does", async ({ page, forma, seed }) => {
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    const org = seed.organizationId;

    await page.getByRole("searchbox", { name: "Search workouts" }).fill("circuit");
    const q = await publicIds(forma, org, { q: "circuit" });
    await expect.poll(() => gridIds(page)).toEqual(q.ids.slice(0, 12));
    expect(page.url()).toContain("q=circuit");
    await page.getByRole("searchbox", { name: "Search workouts" }).fill("");
    await expect.poll(() => gridIds(page)).toHaveLength(12);

    await page.getByRole("combobox", { name: "Difficulty" }).selectOption("beginner");
    const beginner = await publicIds(forma, org, { difficulty: "beginner" });
    await expect.poll(() => gridIds(page)).toEqual(beginner.ids.slice(0, 12));
    await expect(page.getByText(`${beginner.total} ${beginner.total === 1 ? "workout" : "workouts"} match`)).toBeVisible();
    await page.getByRole("combobox", { name: "Difficulty" }).selectOption("");

    await page.getByRole("combobox", { name: "Duration" }).selectOption("15-30");
    const mid = await publicIds(forma, org, { duration: "15-30" });
    await expect.poll(() => gridIds(page)).toEqual(mid.ids.slice(0, 12));
    await page.getByRole("combobox", { name: "Duration" }).selectOption("");

    const meta = ok(await forma.GET("/v1/workouts/metadata"));
    const category = meta.data.categories.find((c) => c.name === "Strength") ?? meta.data.categories[0]!;
    await page.locator("summary", { hasText: "Categories" }).click();
    await page.getByRole("checkbox", { name: category.name, exact: true }).check();
    const cat = await publicIds(forma, org, { categoryIds: category.id });
    await expect.poll(() => gridIds(page)).toEqual(cat.ids.slice(0, 12));
    await page.getByRole("checkbox", { name: category.name, exact: true }).uncheck();

    // Equipment (the grids' own filter): every card shown uses it, and none left out does.
    const equipment = ok(await forma.GET("/v1/workouts/equipment/metadata"));
    const dumbbell = equipment.data.equipment.find((e) => e.name === "Dumbbell")!;
    await page.locator("summary", { hasText: "Equipment" }).click();
    await page.getByRole("checkbox", { name: "Dumbbell", exact: true }).check();
    await expect(page).toHaveURL(new RegExp(`equipmentIds=${dumbbell.id}`));
    const all = ok(await forma.GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId: org }, query: { visibility: "public", limit: 50 } } })).data;
    const using = all.filter((w) => w.equipment.some((e) => e.id === dumbbell.id)).map((w) => w.id);
    expect(using.length).toBeGreaterThan(0);
    await expect.poll(async () => (await gridIds(page)).sort()).toEqual(using.slice(0, 12).sort());
    await page.screenshot({ path: "e2e/screenshots/workouts-filtered-desktop.png" });

    // Nothing matches: a clear empty state, never a blank grid.
    await page.getByRole("searchbox", { name: "Search workouts" }).fill("zzzqqqxxnothing");
    await expect(page.getByRole("heading", { name: "No workouts match" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect.poll(() => gridIds(page)).toHaveLength(12);
  });

  test("more pages load with Show more and by scrolling", async ({ page, forma, seed }) => {
    const expected = await publicIds(forma, seed.organizationId);
    expect(expected.total).toBeGreaterThan(12);
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    expect(await gridIds(page)).toHaveLength(12);
    await page.getByRole("link", { name: "Show more workouts" }).scrollIntoViewIfNeeded();
    await expect.poll(() => gridIds(page)).toEqual(expected.ids.slice(0, 24));
    await expect(page.getByRole("link", { name: "Show more workouts" })).toHaveCount(expected.total > 24 ? 1 : 0);
  });

  test("localized with the API's fallback rules", async ({ page, forma, seed }) => {
    const list = async (locale?: string) =>
      ok(await forma.GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId: seed.organizationId }, query: { visibility: "public", limit: 12, locale } } }));
    const de = await list("de-DE");
    await page.goto(`/workouts?orgId=${seed.organizationId}&locale=de-DE`);
    await expect(page.locator("[data-workout-id]").first()).toContainText(de.data[0]!.name);
    await expect(page.locator("main[lang], div[lang]").first()).toHaveAttribute("lang", "de-DE");
    // Unsupported locales fall back to English, as reads do.
    const en = await list();
    await page.goto(`/workouts?orgId=${seed.organizationId}&locale=xx-YY`);
    await expect(page.locator("[data-workout-id]").first()).toContainText(en.data[0]!.name);
  });

  test("overlay playback: the player opens over the grid, traps focus, Escape closes it", async ({ page, seed }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    await page.screenshot({ path: "e2e/screenshots/workouts-desktop.png" });
    const first = page.locator("ul[data-grid-cols] [data-workout-id]").first();
    const name = (await first.locator(".font-semibold").textContent())!;
    // Keyboard only: Tab to the first card, Enter opens the dialog.
    await first.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    expect(page.url()).toContain("/workouts?orgId=");
    await dialog.getByRole("button", { name: "Start workout" }).focus();
    await page.keyboard.press("Enter");
    const video = dialog.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await page.screenshot({ path: "e2e/screenshots/workouts-overlay-desktop.png" });
    // Focus moved into the player: Space pauses and resumes, the arrow key moves on.
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText(/^2 \/ \d+ ·/)).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: "e2e/screenshots/workouts-overlay-phone.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Focus stays inside the modal dialog: a whole Tab cycle and a whole Shift+Tab cycle reach
    // every control of the dialog and nothing else, then come back round.
    const controls = await dialog.evaluate((d) => d.querySelectorAll("button:not([disabled]), a[href], input, select, textarea").length);
    expect(controls).toBeGreaterThan(3);
    const forward = await focusCycle(page, "Tab");
    expect(forward).toHaveLength(controls);
    const backward = await focusCycle(page, "Shift+Tab");
    expect(backward).toHaveLength(controls);
    expect([...backward].sort()).toEqual([...forward].sort());
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  test("dedicated-page playback navigates to the workout's own player page", async ({ page, seed }) => {
    await page.goto(`/workouts?orgId=${seed.organizationId}&playbackMode=dedicated-page&gridCols=2`);
    const first = page.locator("ul[data-grid-cols] [data-workout-id]").first();
    const id = (await first.getAttribute("data-workout-id"))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/workouts/${id}\\?orgId=${seed.organizationId}.*playbackMode=dedicated-page`));
    await page.getByRole("button", { name: "Start workout" }).click();
    await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await page.screenshot({ path: "e2e/screenshots/workout-page-desktop.png" });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: "e2e/screenshots/workout-page-phone.png" });
    await page.getByRole("link", { name: /Back to all workouts/ }).click();
    await expect(page).toHaveURL(/\/workouts\?orgId=.*gridCols=2/);
    // A private workout has no public page.
    const res = await page.goto(`/workouts/${seed.privateWorkoutIds[0]}?orgId=${seed.organizationId}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Library not found" })).toBeVisible();
  });

  test("unknown, invalid or missing orgId: a clear state, never a blank page", async ({ page, seed }) => {
    let res = await page.goto("/workouts?orgId=0123456789abcdef01234567");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Library not found" })).toBeVisible();
    res = await page.goto("/workouts");
    await expect(page.getByRole("heading", { name: "No library selected" })).toBeVisible();
    await page.goto("/plans?orgId=not-an-id");
    await expect(page.getByRole("heading", { name: "This library link is not valid" })).toBeVisible();
    res = await page.goto("/plans?orgId=0123456789abcdef01234567");
    expect(res?.status()).toBe(404);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/workouts?orgId=${seed.otherOrganizationId.replace(/./, "f")}`);
    await expect(page.getByRole("heading")).not.toHaveCount(0);
    await page.screenshot({ path: "e2e/screenshots/workouts-unknown-org-phone.png" });
  });
});

test.describe("plan grid", () => {
  test("public plans with data-plan-id; a plan opens with its weeks and plays a workout", async ({ page, forma, seed }) => {
    const plans = ok(await forma.GET("/v1/orgs/{organizationId}/plans", { params: { path: { organizationId: seed.organizationId }, query: { visibility: "public", limit: 50 } } }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/plans?orgId=${seed.organizationId}`);
    expect(await ids(page, "data-plan-id")).toEqual(plans.data.map((p) => p.id).slice(0, 12));
    await page.screenshot({ path: "e2e/screenshots/plans-desktop.png" });

    const plan = plans.data[0]!;
    await page.locator(`[data-plan-id="${plan.id}"]`).click();
    const dialog = page.getByRole("dialog", { name: plan.name });
    await expect(dialog.getByRole("heading", { name: "Week 1" })).toBeVisible();
    const planWorkouts = ok(await forma.GET("/v1/plans/{planId}/workouts", { params: { path: { planId: plan.id }, query: { limit: 50 } } }));
    await expect(dialog.locator("[data-workout-id]")).toHaveCount(planWorkouts.data.length);
    await page.screenshot({ path: "e2e/screenshots/plans-overlay-desktop.png" });
    await dialog.locator("[data-workout-id]").first().click();
    const player = page.getByRole("dialog");
    await player.getByRole("button", { name: "Start workout" }).click();
    await expect.poll(() => player.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await player.getByRole("button", { name: `← Back to ${plan.name}` }).click();
    await expect(dialog.getByRole("heading", { name: "Week 1" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/plans?orgId=${seed.organizationId}&showDuration=false`);
    await expect(page.locator("[data-plan-id]").first()).not.toContainText(/\d+ weeks? ·/);
    await page.screenshot({ path: "e2e/screenshots/plans-phone.png" });

    // Dedicated-page mode: the plan's own page, then a workout's.
    await page.goto(`/plans?orgId=${seed.organizationId}&playbackMode=dedicated-page`);
    await page.locator(`[data-plan-id="${plan.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${plan.id}\\?`));
    await expect(page.getByRole("heading", { name: plan.name })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/plan-page-phone.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "e2e/screenshots/plan-page-desktop.png" });
    await page.locator("[data-workout-id]").first().click();
    await expect(page).toHaveURL(new RegExp(`/workouts/[0-9a-f]{24}\\?.*planId=${plan.id}`));
  });

  test("search and difficulty filter plans as the plan list does", async ({ page, forma, seed }) => {
    await page.goto(`/plans?orgId=${seed.organizationId}`);
    await page.getByRole("combobox", { name: "Difficulty" }).selectOption("beginner");
    const beginner = ok(
      await forma.GET("/v1/orgs/{organizationId}/plans", { params: { path: { organizationId: seed.organizationId }, query: { visibility: "public", difficulty: "beginner" } } }),
    );
    await expect.poll(() => ids(page, "data-plan-id")).toEqual(beginner.data.map((p) => p.id));
  });
});

test.describe("member sign-in", () => {
  test("a sign-in link opens the member's library: assigned private workouts and active plan progress", async ({ page, context, forma, seed }) => {
    const member = seed.endUser.id;
    const privateId = seed.privateWorkoutIds[0]!;
    const path = { organizationId: seed.organizationId, endUserId: member };
    ok(await forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts/assign", { params: { path }, body: { workoutIds: [privateId], sendAssignmentEmail: false, sendAssignmentPush: false } }));
    const plan = seed.planIds[0]!;
    ok(await forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/plans/start", { params: { path }, body: { planId: plan } }));

    // Signed out: the private workout is nowhere.
    await page.goto(`/workouts?orgId=${seed.organizationId}`);
    expect(await ids(page)).not.toContain(privateId);
    const apiPrivate = await page.request.get(`/api/library/${seed.organizationId}/workouts/${privateId}/player`);
    expect(apiPrivate.status()).toBe(404);

    await page.goto(`/workouts?orgId=${seed.organizationId}#memberToken=${seed.accessToken}`);
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    expect(page.url()).not.toContain("memberToken");
    const cookie = (await context.cookies()).find((c) => c.name === "forma_member");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie!.value).not.toBe(seed.accessToken);
    const library = page.getByRole("region", { name: "Your library" });
    await expect(library.locator(`[data-workout-id="${privateId}"]`)).toBeVisible();
    await expect(library.locator(`[data-active-plan-id="${plan}"]`)).toBeVisible();
    await expect(library.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await page.screenshot({ path: "e2e/screenshots/workouts-member-desktop.png", fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: "e2e/screenshots/workouts-member-phone.png" });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The member plays their private workout in the overlay; the session is theirs.
    await library.locator(`[data-workout-id="${privateId}"]`).click();
    const dialog = page.getByRole("dialog");
    const start = page.waitForResponse((r) => r.url().endsWith(`/workouts/${privateId}/session`) && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Start workout" }).click();
    expect((await start).status()).toBe(201);
    await page.keyboard.press("Escape");

    // The active plan's next workout completes through the grid and moves the progress.
    const next = library.locator("[data-via-plan]").first();
    await next.click();
    const completed = page.waitForResponse((r) => r.url().includes("/session") && (r.request().postData() ?? "").includes('"complete"'));
    await dialog.getByRole("button", { name: "Start workout" }).click();
    for (let i = 0; i < 80 && (await dialog.locator("section[data-phase]").getAttribute("data-phase")) !== "completed"; i++) {
      await dialog.getByRole("button", { name: "Next part" }).click();
    }
    expect((await completed).status()).toBe(200);
    await expect(dialog.getByRole("form", { name: "Workout feedback" })).toBeVisible();
    await page.keyboard.press("Escape");
    const progress = ok(await forma.GET("/v1/orgs/{organizationId}/endusers/{endUserId}/plans/active/progress", { params: { path } }));
    expect(progress.data?.completedWorkouts).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(page.getByRole("region", { name: "Your library" }).getByRole("progressbar")).not.toHaveAttribute("aria-valuenow", "0");

    // Sign out: back to public content.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Member sign-in" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your library" })).toHaveCount(0);
  });

  test("the member's own lists page like the grid, with and without JavaScript, and show real card data", async ({ page, browser, forma, seed }) => {
    const path = { organizationId: seed.organizationId, endUserId: seed.endUser.id };
    for (const workoutIds of [seed.workoutIds.slice(0, 10), seed.workoutIds.slice(10, 14)]) {
      ok(await forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts/assign", { params: { path }, body: { workoutIds, sendAssignmentEmail: false, sendAssignmentPush: false } }));
    }
    const mine = ok(await forma.GET("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts", { params: { path, query: { limit: 50 } } })).data.map((w) => w.id);
    expect(mine.length).toBeGreaterThan(12);
    const shownIn = (p: Page) => p.getByRole("list", { name: "Workouts assigned to you" }).locator("[data-workout-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-workout-id")));

    await page.goto(`/workouts?orgId=${seed.organizationId}#memberToken=${seed.accessToken}`);
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    expect(await shownIn(page)).toEqual(mine.slice(0, 12));
    await page.getByRole("link", { name: "Show more of your workouts" }).click();
    await expect.poll(() => shownIn(page)).toEqual(mine.slice(0, 24));
    expect(page.url()).not.toContain("mineOffset");

    // Without JavaScript the link opens the next page of the member's list (the grid stays as it was).
    const ctx = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await ctx.newPage();
    await plain.goto(`/workouts?orgId=${seed.organizationId}`);
    expect(await shownIn(plain)).toEqual(mine.slice(0, 12));
    await navigateBy(plain, plain.getByRole("link", { name: "Show more of your workouts" }));
    expect(plain.url()).toContain("mineOffset=12");
    expect(await shownIn(plain)).toEqual(mine.slice(12, 24));
    await expect(plain.getByRole("link", { name: "Previous workouts of yours" })).toBeVisible();
    expect(await gridIds(plain)).toHaveLength(12);
    await ctx.close();

    // The plan grid's "Your plans" cards carry the plan's goals, as the public cards do.
    const planId = seed.planIds[1]!;
    ok(await forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/plans/assign", { params: { path }, body: { planIds: [planId], sendAssignmentEmail: false, sendAssignmentPush: false } }));
    const goals = ok(await forma.GET("/v1/plans/{planId}", { params: { path: { planId } } })).data.goals.map((g) => g.name);
    expect(goals.length).toBeGreaterThan(0);
    await page.goto(`/plans?orgId=${seed.organizationId}`);
    const card = page.getByRole("list", { name: "Plans in your library" }).locator(`[data-plan-id="${planId}"]`);
    await expect(card).toContainText(goals.join(", "));
  });

  test("an invalid sign-in link says so and keeps the public grid", async ({ page, seed }) => {
    await page.goto(`/workouts?orgId=${seed.organizationId}#memberToken=not-a-token`);
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(/expired or is not valid/);
    expect(page.url()).not.toContain("memberToken");
    await expect(page.locator("[data-workout-id]").first()).toBeVisible();
  });

  test("the no-JavaScript sign-in form exchanges a token", async ({ browser, seed }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`/sign-in?orgId=${seed.organizationId}`);
    await page.getByLabel("Access token").fill(seed.accessToken);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/workouts\\?orgId=${seed.organizationId}`));
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    await ctx.close();
  });
});

test("the docs explain embedding: snippet and messages", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "Embedding players and hosted pages" }).click();
  await expect(page.getByRole("heading", { name: "Embedding players and hosted pages" })).toBeVisible();
  await expect(page.getByText('allow="autoplay; fullscreen; accelerometer; gyroscope"').first()).toBeVisible();
  for (const type of ["FORMA_EMBED_INIT", "FORMA_HOST_IMMERSIVE", "FORMA_ORIENTATION_TOGGLE", "FORMA_ERROR"]) {
    await expect(page.locator(`tr#${type}`)).toBeVisible();
  }
});
