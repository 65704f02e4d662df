import { expect, test } from "@playwright/test";

test("the API reference renders every operation from the contract", async ({ page, request }) => {
  const doc = await (await request.get("/openapi.json")).json();
  const count = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Forma API reference" })).toBeVisible();
  await expect(page.locator("article.card")).toHaveCount(count);
  await expect(page.getByText("/v1/workouts/metadata").first()).toBeVisible();
});

test("the landing page links to the reference and the console", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Team console" }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole("heading", { name: "Forma console" })).toBeVisible();
});
