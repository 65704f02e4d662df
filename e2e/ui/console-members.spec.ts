import { expect, test } from "../csp";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("suspend a member: the API then answers 404 for them; reactivate", async ({ page }) => {
  const path = { organizationId: seed.organizationId, endUserId: seed.endUser.id };
  const memberLibrary = async () => (await formaClient(seed.apiKey).GET("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts", { params: { path } })).response.status;
  expect(await memberLibrary()).toBe(200);

  await signIn(page, seed.consoleUser);
  await openSection(page, "Members");
  await page.locator(`[data-member-id="${seed.endUser.id}"] a`).click();
  await expect(page.getByRole("heading", { name: "Library" })).toBeVisible();
  await page.getByRole("button", { name: "Suspend" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Suspend member" }).click();
  await expect(page.getByText("suspended", { exact: true })).toBeVisible();
  expect(await memberLibrary()).toBe(404);

  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("active", { exact: true })).toBeVisible();
  expect(await memberLibrary()).toBe(200);
});

test("invite a member by email", async ({ page }) => {
  await signIn(page, seed.consoleUser);
  await page.goto("/console/members");
  await page.getByRole("button", { name: "Invite member" }).click();
  const email = `e2e-invitee-${Date.now()}@example.com`;
  await page.getByRole("dialog").getByLabel("Email").fill(email);
  await page.getByRole("dialog").getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.locator("[data-member-id]").filter({ hasText: email })).toBeVisible();
});

test("a member's library is paginated on the server, and a digest that fails to load says so", async ({ page }) => {
  test.setTimeout(90_000);
  const forma = formaClient(seed.apiKey);
  const path = { organizationId: seed.organizationId, endUserId: seed.endUser.id };
  for (let i = 0; i < seed.workoutIds.length; i += 10) {
    ok(
      await forma.POST("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts/assign", {
        params: { path },
        body: { workoutIds: seed.workoutIds.slice(i, i + 10), sendAssignmentEmail: false, sendAssignmentPush: false },
      }),
    );
  }
  const library = ok(await forma.GET("/v1/orgs/{organizationId}/endusers/{endUserId}/workouts", { params: { path, query: { limit: 50 } } }));
  const total = library.links.total;
  expect(total).toBeGreaterThan(10);
  const ids = library.data.map((w) => w.id);

  await signIn(page, seed.consoleUser);
  await page.goto(`/console/members/${seed.endUser.id}`);
  const workouts = page.getByRole("region", { name: "Library workouts" });
  const rows = workouts.locator("[data-library-workout-id]");
  await expect(rows).toHaveCount(10);
  await expect(workouts).toContainText(`1–10 of ${total}`);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-library-workout-id")))).toEqual(ids.slice(0, 10));
  await workouts.getByRole("navigation", { name: "Library workouts pages" }).getByRole("button", { name: "Next" }).click();
  await expect(workouts).toContainText(`11–${Math.min(20, total)} of ${total}`);
  await expect(rows).toHaveCount(Math.min(20, total) - 10);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-library-workout-id")))).toEqual(ids.slice(10, 20));

  // The digest loads on its own, as the API serves it.
  const digest = page.getByRole("region", { name: "Today's digest" });
  await expect(page.getByText("The digest as the API serves it")).toBeVisible();

  // When it cannot be loaded, the card says why and offers a retry instead of showing nothing.
  const digestUrl = `**/api/console/orgs/${seed.organizationId}/members/${seed.endUser.id}/digest`;
  await page.route(digestUrl, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "ServiceUnavailable", message: "The insights are being rebuilt." } }),
    }),
  );
  await page.reload();
  await expect(digest.getByRole("alert")).toHaveText(/The digest could not be loaded: The insights are being rebuilt\./);
  await expect(page.getByText("The digest as the API serves it")).toHaveCount(0);
  await page.unroute(digestUrl);
  await digest.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("The digest as the API serves it")).toBeVisible();
  await expect(digest.getByRole("alert")).toHaveCount(0);
});
