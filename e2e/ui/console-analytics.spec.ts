import type { Page } from "@playwright/test";
import { expect, test } from "../csp";
import { type Seed, seedWorkspace, signIn } from "../console-fixtures";

/**
 * The analytics pages on the seed's 90 days of history: the dashboard, a workout's drop-off on
 * its timeline and a member's adherence, checked against the API's numbers (the same services),
 * with screenshots at 1280 and 390 px in /tmp/scratch/analytics-*.png.
 */
let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

const api = async (page: Page, path: string) => {
  const res = await page.request.get(`/v1/orgs/${seed.organizationId}/analytics/${path}`, { headers: { "x-api-key": seed.apiKey } });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
};
const shot = (page: Page, name: string, width: number) => page.screenshot({ path: `/tmp/scratch/analytics-${name}-${width}.png`, fullPage: true });
const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the dashboard shows the workspace's plays, members needing attention and CSV downloads", async ({ page }) => {
      const overview = await api(page, "overview");
      await signIn(page, seed.consoleUser);
      const kpis = page.getByTestId("kpis");
      await expect(kpis.getByText("Plays", { exact: true })).toBeVisible();
      await expect(kpis).toContainText(new Intl.NumberFormat("en").format(overview.totals.starts));
      // One bar (with its numbers in a <title>) per day of the range.
      await expect(page.locator('[data-chart="plays"] svg g:has(> title)')).toHaveCount(overview.series.length);
      const attention = page.getByTestId("needs-attention");
      await expect(attention).toContainText("Emma Johansson");
      await expect(attention).toContainText("Luca Bianchi");
      await expect(attention).toContainText("No session for 7+ days");
      const csv = page.locator('[data-table="top-content"] a[download="top-content.csv"]');
      expect(decodeURIComponent((await csv.getAttribute("href"))!.split(",").slice(1).join(","))).toContain(overview.topContent[0].name);
      await noOverflow(page);
      await shot(page, "dashboard", width);

      // The range picker: weeks over the last 90 days, rendered by the server.
      await page.getByLabel("Group by").selectOption("week");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/interval=week/);
      await expect(page.getByText("Active members per week")).toBeVisible();
    });

    test("a workout's funnel and drop-off on its playlist's timeline", async ({ page }) => {
      const from = new Date(Date.now() - 89 * 864e5).toISOString().slice(0, 10);
      const overview = await api(page, `overview?from=${from}`);
      const workoutId = overview.topContent[0].workoutId as string;
      const w = await api(page, `workouts/${workoutId}?from=${from}`);
      await signIn(page, seed.consoleUser);
      await page.goto(`/console/library/workouts/${workoutId}?from=${from}`);
      const panel = page.getByTestId("workout-analytics");
      await expect(panel.getByTestId("funnel")).toContainText(new Intl.NumberFormat("en").format(w.totals.starts));
      await expect(panel.locator('[data-chart="drop-off"] [data-segment]')).toHaveCount(w.dropOff.length);
      const rows = panel.locator('[data-table="drop-off"] tbody tr');
      await expect(rows).toHaveCount(w.dropOff.length);
      await expect(rows.first()).toContainText(String(w.dropOff[0].reached));
      await panel.locator('[data-chart="drop-off"]').scrollIntoViewIfNeeded();
      await noOverflow(page);
      await shot(page, "workout-drop-off", width);
    });

    test("a member's adherence and history", async ({ page }) => {
      const list = await api(page, "members?needsAttention=true&limit=100");
      const luca = list.find((m: { name: string }) => m.name === "Luca Bianchi");
      const m = await api(page, `members/${luca.endUserId}`);
      await signIn(page, seed.consoleUser);
      await page.goto(`/console/members/${luca.endUserId}`);
      const panel = page.getByTestId("member-analytics");
      await expect(panel.getByRole("status")).toContainText("adherence dropped");
      await expect(panel.getByTestId("adherence")).toContainText(`${m.adherence.last30Days} %`);
      await expect(panel.getByTestId("adherence")).toContainText(`30 days before: ${m.adherence.previous30Days} %`);
      await panel.scrollIntoViewIfNeeded();
      await noOverflow(page);
      await shot(page, "member-adherence", width);
    });
  });
}
