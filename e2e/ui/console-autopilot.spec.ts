import { expect, test } from "../csp";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("create an autopilot task, activate and deactivate it, run it now and see the run in the event log", async ({ page }) => {
  test.setTimeout(120_000);
  const forma = formaClient(seed.apiKey);
  const organizationId = seed.organizationId;
  await signIn(page, seed.consoleUser);
  await openSection(page, "Autopilot");
  await expect(page.getByRole("heading", { name: "Content autopilot" })).toBeVisible();

  // Created in draft with the API's body and rules: without a category or goal it is refused, naming the field.
  const name = `E2E Morning Core ${Date.now()}`;
  await page.getByRole("button", { name: "New task" }).click();
  const dialog = page.getByRole("dialog", { name: "New autopilot task" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Schedule").selectOption("daily");
  await dialog.getByLabel("Shortest (minutes)").fill("10");
  await dialog.getByLabel("Longest (minutes)").fill("20");
  await dialog.getByRole("button", { name: "Create task (draft)" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog.locator("p.text-danger").first()).toBeVisible();
  await dialog.locator('input[name="categoryIds"]').first().check();
  await dialog.getByRole("button", { name: "Create task (draft)" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Task created as a draft: activate it to schedule it.")).toBeVisible();
  const row = page.locator("[data-task-id]", { hasText: name });
  await expect(row.getByText("draft", { exact: true })).toBeVisible();
  await expect(row).toContainText("next run not scheduled");
  const taskId = (await row.getAttribute("data-task-id"))!;
  const readTask = () => forma.GET("/v1/orgs/{organizationId}/content-autopilot/{taskId}", { params: { path: { organizationId, taskId } } });
  const task = async () => ok(await readTask()).data;
  expect(await task()).toMatchObject({ name, status: "draft", repeatMode: "daily" });

  // Activating schedules it; deactivating takes it off the schedule. The API sees both.
  await row.getByRole("button", { name: `Activate ${name}` }).click();
  await expect(page.getByText(`${name} is active.`)).toBeVisible();
  await expect(row.getByText("active", { exact: true })).toBeVisible();
  await expect(row).not.toContainText("next run not scheduled");
  expect(await task()).toMatchObject({ status: "active", nextRunAt: expect.any(String) });
  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(page.getByText(`${name} is paused.`)).toBeVisible();
  await expect(row.getByText("draft", { exact: true })).toBeVisible();
  expect(await task()).toMatchObject({ status: "draft" });

  // Run now: the run shows in the event log with its result, which opens in the builder.
  const log = page.getByRole("region", { name: "Event log" });
  await expect(log.locator(`[data-task-id="${taskId}"]`)).toHaveCount(0);
  await row.getByRole("button", { name: `Run ${name} now` }).click();
  await expect(page.getByText(`Ran ${name}; see the event log.`)).toBeVisible({ timeout: 30_000 });
  const event = log.locator(`[data-task-id="${taskId}"]`);
  await expect(event).toHaveCount(1);
  await expect(event.getByText("success", { exact: true })).toBeVisible();
  await expect(event).toContainText(name);
  await expect(event).toContainText("(run_now)");
  const events = ok(await forma.GET("/v1/orgs/{organizationId}/content-autopilot/events", { params: { path: { organizationId }, query: { taskId } } })).data;
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ eventType: "success", trigger: "run_now", resultContentType: "workout" });
  expect(await event.getAttribute("data-event-id")).toBe(events[0]!.id);
  await event.getByRole("link", { name: "open the result" }).click();
  await expect(page).toHaveURL(new RegExp(`/console/library/workouts/${events[0]!.resultContentId}$`));
  await expect(page.locator("[data-segment-kind]").first()).toBeVisible();

  // Deleting asks first, then the task leaves the list (and its events the log).
  await page.goto("/console/autopilot");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: `Delete ${name}?` }).getByRole("button", { name: "Delete task" }).click();
  await expect(row).toHaveCount(0);
  await expect(log.locator(`[data-task-id="${taskId}"]`)).toHaveCount(0);
  expect((await readTask()).response.status).toBe(404);
});
