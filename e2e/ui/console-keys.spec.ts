import { expect, test } from "../csp";
import { type Seed, openSection, screenshotPath, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("the usage chart shows the last 24 hours and 30 days of real API calls against the plan's caps, with the numbers as a table", async ({
  page,
}) => {
  const forma = formaClient(seed.apiKey);
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const day = new Date(hour);
  day.setUTCHours(0);
  // Seven requests of weight 1 with the workspace's key (this spec's first test: the workspace has used nothing before).
  for (let i = 0; i < 7; i++) {
    const res = await forma.GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId: seed.organizationId }, query: { limit: 1, offset: i } } });
    expect(res.response.status).toBe(200);
  }

  await signIn(page, seed.consoleUser);
  await openSection(page, "API keys");
  const usage = page.getByRole("region", { name: "Usage" });
  const hourly = usage.getByRole("figure", { name: "Units per hour, last 24 hours" });
  const daily = usage.getByRole("figure", { name: "Units per day, last 30 days" });
  await expect(hourly).toBeVisible();
  await expect(daily).toBeVisible();
  // The data as a table (always there for screen readers; shown on demand): 24 hourly rows, this hour's seven requests.
  const hours = hourly.getByRole("table", { name: "Units per hour, last 24 hours" });
  await expect(hours.locator("tbody tr")).toHaveCount(24);
  const thisHour = hours.locator(`tr[data-bucket-start="${hour.toISOString()}"]`);
  await expect(thisHour.getByRole("cell").nth(1)).toHaveText("7");
  await expect(thisHour.getByRole("cell").nth(0)).toHaveText("7");
  await expect(hours.locator("tbody tr").last()).toHaveAttribute("data-bucket-start", hour.toISOString());
  const days = daily.getByRole("table", { name: "Units per day, last 30 days" });
  await expect(days.locator("tbody tr")).toHaveCount(30);
  await expect(days.locator(`tr[data-bucket-start="${day.toISOString()}"]`).getByRole("cell").nth(1)).toHaveText("7");
  // The summary names the total and the share of a key's cap; the bars are an image described by it.
  await expect(hourly.locator("figcaption")).toContainText("7 units in 7 requests");
  await expect(hourly.locator("figcaption")).toContainText("of a key's cap of 10,000,000 an hour");
  await expect(hourly.getByRole("img")).toHaveAttribute("aria-label", /7 units in 7 requests/);
  expect(await hourly.locator("svg rect").count()).toBe(24);
  await expect(hourly.locator("[data-cap-line]")).toHaveCount(0); // seven units are nowhere near the cap

  // Shown on demand (visually hidden before, never display:none).
  const numbers = hourly.locator("[data-usage-table]");
  expect((await numbers.boundingBox())!.width).toBeLessThanOrEqual(1);
  await hourly.getByRole("button", { name: "Show the numbers" }).click();
  await expect.poll(async () => (await numbers.boundingBox())!.width).toBeGreaterThan(100);
  await expect(hourly.getByRole("button", { name: "Hide the numbers" })).toHaveAttribute("aria-expanded", "true");

  await usage.screenshot({ path: screenshotPath("console-usage-desktop") });

  // Each key's current windows against the per-key caps.
  await expect(usage.getByRole("img", { name: /^This hour: 7 of 10M units$/ })).toBeVisible();
});

test("create a key (shown once), use it, revoke it: the API then answers 401", async ({ page }) => {
  await signIn(page, seed.consoleUser);
  await openSection(page, "API keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("E2E partner app");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^fma_[A-Za-z0-9_-]{32}$/);
  await dialog.getByRole("button", { name: "Done" }).click();

  const listWith = async (apiKey: string) =>
    (await formaClient(apiKey).GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId: seed.organizationId }, query: { limit: 1 } } })).response.status;
  expect(await listWith(key)).toBe(200);
  // The key is never shown again: the list has its prefix only.
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.locator("[data-key-id]").filter({ hasText: "E2E partner app" });
  await expect(row).toContainText(key.slice(0, 12));
  await page.reload();
  await expect(row).not.toContainText("last used never");
  await expect(page.getByRole("region", { name: "Usage" })).toBeVisible();

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("E2E partner app is revoked.")).toBeVisible();
  expect(await listWith(key)).toBe(401);
});
