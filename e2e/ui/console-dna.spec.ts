import { expect, test } from "../csp";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("create Programming DNA profiles and see the 11th refused", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, seed.consoleUser);
  await openSection(page, "Programming DNA");
  const cards = page.locator("[data-methodology-id]");
  await expect(cards.first()).toBeVisible(); // the seeded workspace has profiles
  const existing = await cards.count();
  expect(existing).toBeLessThan(10);
  const create = async (name: string) => {
    await page.getByRole("button", { name: "New profile" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Rule summary").fill("Short rests, no jumping.");
    await dialog.getByLabel("Rest at most (s)").fill("30");
    await dialog.getByRole("button", { name: "Create profile" }).click();
  };
  // A rule outside the platform's range is refused next to its field.
  await page.getByRole("button", { name: "New profile" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Too long");
  await dialog.getByLabel("Rule summary").fill("x");
  await dialog.getByLabel("Work at least (s)").fill("999");
  await dialog.getByRole("button", { name: "Create profile" }).click();
  await expect(dialog.getByText("Too big: expected number to be <=180")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  for (let i = existing; i < 10; i++) {
    await create(`E2E profile ${i + 1}`);
    await expect(page.getByText("Profile created.")).toBeVisible();
    await expect(cards).toHaveCount(i + 1);
  }
  await create("E2E profile 11");
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("at most 10 Programming DNA profiles");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(10);
});

test("a profile lists the generations of the public API that applied it, each open in the Generation Inspector", async ({ page }) => {
  await signIn(page, seed.consoleUser);
  await openSection(page, "Programming DNA");
  const card = page.locator("[data-methodology-id]").first();
  const profileId = (await card.getAttribute("data-methodology-id"))!;
  await page.goto(`/console/dna/${profileId}`);
  await expect(page.getByText("No generation has used this profile yet.")).toBeVisible();

  const generated = ok(
    await formaClient(seed.apiKey).POST("/v1/orgs/{organizationId}/workouts/generate", {
      params: { path: { organizationId: seed.organizationId } },
      body: { methodologyProfileId: profileId, userRequirements: "inspector e2e run" },
    }),
  );
  const generationId = generated.inspection!.generationId;

  await page.reload();
  const row = page.locator(`[data-generation-id="${generationId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("workout");
  await row.getByRole("button", { name: "Inspect" }).click();
  const inspector = page.getByRole("dialog", { name: "Generation Inspector snapshot" });
  await expect(inspector).toContainText("inspector e2e run");
  await expect(inspector).toContainText(profileId);
});
