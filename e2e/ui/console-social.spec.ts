import { expect, test } from "../csp";
import { type Seed, openSection, screenshotPath, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("connect a platform, preview a drop, schedule an automation and take it back", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, seed.consoleUser);
  await openSection(page, "Social");
  await expect(page.getByRole("heading", { name: "Accounts" })).toBeVisible();

  // Instagram's sign-in is not set up here: Connect says what to configure and offers the sandbox; the public API reports the account.
  const instagram = page.locator('[data-platform="instagram"]');
  await page.getByRole("button", { name: "Connect Instagram" }).click();
  await expect(instagram.getByText(/An administrator adds INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET to the server's configuration/)).toBeVisible();
  await instagram.getByRole("button", { name: "Use the sandbox for Instagram" }).click();
  await expect(instagram.getByText("Connected", { exact: true })).toBeVisible();
  await expect(instagram.getByText("Sandbox", { exact: true })).toBeVisible();
  const connected = async () =>
    ok(await formaClient(seed.apiKey).GET("/v1/orgs/{organizationId}/social-publish/connected-platforms", { params: { path: { organizationId: seed.organizationId } } }));
  expect(JSON.stringify(await connected())).toContain("instagram");

  // A seeded drop with its rendered preview and covers.
  const drop = page.locator("[data-drop-id]").first();
  await expect(drop).toBeVisible();
  await drop.getByRole("button", { name: /^Preview / }).click();
  const video = drop.locator("video");
  await expect(video).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(drop.getByRole("img", { name: /^Cover / }).first()).toBeVisible();
  // The variant's rendered size, length and file size; the demo clips are smaller than the platform size, and the console says so.
  await expect(drop.getByText(/^9:16 · 15 s: 306x544 · 15\.\d+ s · \d+\.\d MB · at the source's size/)).toBeVisible();
  await page.screenshot({ path: screenshotPath("console-social-desktop"), fullPage: true });

  // A publish automation: created in draft, activated (instagram is connected), paused, deleted.
  const name = `E2E Daily ${Date.now()}`;
  await page.getByRole("button", { name: "New automation" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create automation (draft)" }).click();
  const row = page.locator("[data-automation-id]", { hasText: name });
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Activate ${name}` }).click();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(row.getByText(/^Next post /)).toBeVisible();
  await row.getByRole("button", { name: "History" }).click();
  await expect(row.getByText("Nothing published yet.")).toBeVisible();
  await row.getByRole("button", { name: `Pause ${name}` }).click();
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator("[data-automation-id]", { hasText: name })).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: screenshotPath("console-social-phone"), fullPage: true });

  // Disconnecting asks first: cancelling keeps the account, confirming takes it away again.
  await page.getByRole("button", { name: "Disconnect Instagram" }).click();
  const confirm = page.getByRole("dialog", { name: "Disconnect Instagram?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('[data-platform="instagram"]').getByText("Connected", { exact: true })).toBeVisible();
  expect(
    JSON.stringify(
      await connected(),
    ),
  ).toContain("instagram");
  await page.getByRole("button", { name: "Disconnect Instagram" }).click();
  await confirm.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.locator('[data-platform="instagram"]').getByText("Not connected")).toBeVisible();
});
