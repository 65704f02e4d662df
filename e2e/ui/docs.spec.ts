import { expect, test } from "../csp";
import { demoWorkspace } from "../demo";

test("the interactive reference renders the contract from this origin only, and tries a call with the demo key", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  // Offline: anything not from this origin is refused and recorded.
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith("http"),
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  const demo = demoWorkspace();
  await page.goto("/docs");
  // The first /docs of a fresh server builds /openapi.json (as in a11y.spec.ts): slow on a loaded machine.
  await expect(page.getByRole("heading", { name: "Forma API", level: 1 })).toBeVisible({ timeout: 90_000 });
  await expect(page.locator("[data-demo-organization-id]")).toHaveAttribute("data-demo-organization-id", demo.organizationId);
  // The document's narrative sections, every tag, and the webhooks section with each event type.
  for (const name of ["Idempotent retries", "Rate limits and usage", "Webhooks", "Embed messages", "Cast realtime events"]) {
    await expect(page.getByRole("heading", { name, level: 2 }).first()).toBeAttached();
  }
  await page.goto("/docs#tag/webhooks");
  for (const type of ["workout.session.completed", "enduser.plan.started", "workout.export.ready", "drop.ready"]) {
    await expect(page.locator(`a[href="#tag/webhooks/webhook/POST/${type}"]`)).toBeAttached();
  }

  // One operation: request samples in curl, then "Test Request" with the pre-filled key, answered by this server.
  await page.goto("/docs#tag/metadata/GET/v1/workouts/metadata");
  await expect(page.locator("button", { hasText: /^Shell/ }).first()).toBeVisible();
  await expect(page.getByText("curl", { exact: false }).first()).toBeAttached();
  await page.locator("button", { hasText: /Test Request\s*\(?get \/v1\/workouts\/metadata\)?$/ }).click();
  const sent = page.waitForRequest((r) => r.url().startsWith(`${origin}/v1/workouts/metadata`));
  await page.getByRole("button", { name: /^Send/ }).first().click();
  expect((await sent).headers()["x-api-key"]).toBe(demo.apiKey);
  await expect(page.getByText("200 OK").first()).toBeVisible({ timeout: 15_000 });
  expect(elsewhere).toEqual([]);
});

test("the landing page links to the reference and the console", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
  await page.getByRole("link", { name: "Team console" }).click();
  // Signed out, the console asks for a sign-in first.
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in to the Forma console" })).toBeVisible();
});
