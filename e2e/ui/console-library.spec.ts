import { expect, test } from "../csp";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("build a workout in the playlist builder, publish it, and find it through the public API", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E Builder Blast ${Date.now()}`;
  await signIn(page, seed.consoleUser);
  await openSection(page, "Library");
  await page.getByRole("link", { name: "New workout" }).click();
  await page.getByLabel("Name (English)").fill(name);
  await page.getByLabel("Difficulty").selectOption("intermediate");

  // An exercise from the workspace's clips...
  await page.getByRole("button", { name: "+ Exercise" }).click();
  const picker = page.getByRole("dialog");
  await picker.locator("[data-clip-id]").first().click();
  await page.getByLabel("Entry 1 work seconds").fill("45");
  // ...a break...
  await page.getByRole("button", { name: "+ Break" }).click();
  await page.getByLabel("Entry 2 rest seconds").fill("15");
  // ...and one from the stock catalog, by reps.
  await page.getByRole("button", { name: "+ Exercise" }).click();
  await picker.getByRole("button", { name: "Stock catalog" }).click();
  await picker.locator("[data-clip-id]:not([disabled])").first().click();
  await page.getByLabel("Entry 3 measure").selectOption("reps");
  await page.getByLabel("Entry 3 reps").fill("12");
  await expect(page.locator("[data-segment-kind]")).toHaveCount(3);

  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page).toHaveURL(/\/console\/library\/workouts\/[0-9a-f]{24}/);
  await expect(page.getByText("Created and published.")).toBeVisible();
  const id = /workouts\/([0-9a-f]{24})/.exec(page.url())![1]!;

  const forma = formaClient(seed.apiKey);
  const readWorkout = () => forma.GET("/v1/workouts/{workoutId}", { params: { path: { workoutId: id } } });
  expect(ok(await readWorkout()).data.name).toBe(name);
  const playlist = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId: id } } }));
  expect(playlist.data.map((s) => Object.keys(s)[0])).toEqual(["exercise", "break", "exercise"]);
  const listed = ok(await forma.GET("/v1/orgs/{organizationId}/workouts", { params: { path: { organizationId: seed.organizationId }, query: { q: name } } }));
  expect(listed.data.map((w) => w.id)).toContain(id);

  // The embed preview plays it in the real iframe player with a pasted workspace key.
  await page.getByLabel("API key for the player").fill(seed.apiKey);
  await page.getByRole("button", { name: "Show preview" }).click();
  const player = page.frameLocator('iframe[title="Embed player preview"]');
  await expect(player.getByText(name).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('iframe[title="Embed player preview"]')).toHaveAttribute("src", new RegExp(`/embed/workout/${id}\\?`));

  // Unpublishing (confirmed) takes it out of the API again.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Unpublished")).toBeVisible();
  expect((await readWorkout()).response.status).toBe(404);

  // The library lists it as a draft.
  await page.goto("/console/library");
  await page.getByLabel("Status").selectOption("draft");
  await expect(page.locator(`[data-workout-id="${id}"]`)).toBeVisible();
});

test("generate a workout with the AI generator, edit the result in the builder, save and publish it", async ({ page }) => {
  test.setTimeout(120_000);
  const readWorkout = (workoutId: string) => formaClient(seed.apiKey).GET("/v1/workouts/{workoutId}", { params: { path: { workoutId } } });
  await signIn(page, seed.consoleUser);
  await openSection(page, "Library");
  await page.getByRole("link", { name: "Generate with AI" }).click();
  await expect(page.getByRole("heading", { name: "Generate a workout" })).toBeVisible();

  // The API's validation, shown next to the field.
  await page.getByLabel("Longest (minutes)").fill("500");
  await page.getByLabel("Longest (minutes)").evaluate((el: HTMLInputElement) => el.removeAttribute("max"));
  await page.getByRole("button", { name: "Generate draft" }).click();
  await expect(page.getByText("Some fields need attention.")).toBeVisible();
  await expect(page.getByText("Too big: expected number to be <=120")).toBeVisible();

  await page.getByLabel("Level").selectOption("intermediate");
  await page.getByLabel("Shortest (minutes)").fill("10");
  await page.getByLabel("Longest (minutes)").fill("20");
  await page.getByLabel("Requirements").fill("no jumping, focus on the core");
  await page.getByRole("button", { name: "Generate draft" }).click();
  await expect(page).toHaveURL(/\/console\/library\/workouts\/[0-9a-f]{24}\?saved=generated$/, { timeout: 30_000 });
  await expect(page.getByText("Generated as a private draft: edit it, then publish.")).toBeVisible();
  const id = /workouts\/([0-9a-f]{24})/.exec(page.url())![1]!;
  await expect(page.getByLabel("Visibility")).toHaveValue("private");
  await expect(page.getByText("draft", { exact: true })).toBeVisible();
  const entries = page.locator("[data-segment-kind]");
  const kinds = await entries.evaluateAll((els) => els.map((e) => e.getAttribute("data-segment-kind")));
  expect(kinds.filter((k) => k === "exercise").length).toBeGreaterThan(1);
  expect((await readWorkout(id)).response.status).toBe(404);

  // Edit the result: a new name, the first exercise timed at 50 s, one more break.
  const name = `E2E Generated Core ${Date.now()}`;
  await page.getByLabel("Name (English)").fill(name);
  const first = kinds.indexOf("exercise") + 1;
  await page.getByLabel(`Entry ${first} measure`).selectOption("time");
  await page.getByLabel(`Entry ${first} work seconds`).fill("50");
  await page.getByRole("button", { name: "+ Break" }).click();
  await expect(entries).toHaveCount(kinds.length + 1);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  // Stored as edited, still a private draft.
  const saved = await (await page.request.get(`/api/console/orgs/${seed.organizationId}/workouts/${id}`)).json();
  expect(saved).toMatchObject({ status: "draft", form: { visibility: "private", name: { "en-US": name } } });
  expect(saved.form.segments).toHaveLength(kinds.length + 1);
  expect(saved.form.segments[first - 1]).toMatchObject({ kind: "exercise", workSeconds: 50 });
  await page.reload();
  await expect(page.getByLabel("Name (English)")).toHaveValue(name);

  // Published, the API serves it with the edits.
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Saved and published.")).toBeVisible();
  expect(ok(await readWorkout(id)).data.name).toBe(name);
});

test("a builder error is shown next to the field", async ({ page }) => {
  await signIn(page, seed.consoleUser);
  await page.goto("/console/library/workouts/new");
  await page.getByRole("button", { name: "+ Break" }).click();
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText("an en-US text is required")).toBeVisible();
});
