import { expect, test } from "../csp";
import { type Seed, seedWorkspace, signIn } from "../console-fixtures";
import { openHost } from "./host-page";

let seed: Seed;
/** A refused sign-in is answered after the password's scrypt check (N=2^17 in a real server): seconds on two busy cores. */
const SIGN_IN_ANSWER_MS = 15_000;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("a wrong password is refused without saying which part was wrong", async ({ page }) => {
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await page.getByLabel("Email").fill(seed.consoleUser.email);
  await page.getByLabel("Password").fill("definitely not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("The email or password is not correct.", { timeout: SIGN_IN_ANSWER_MS });
  await expect(page).toHaveURL(/\/console\/sign-in/);
  // Unknown emails get the same answer.
  await page.getByLabel("Email").fill(`nobody-${seed.consoleUser.email}`);
  await page.getByLabel("Password").fill(seed.consoleUser.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("The email or password is not correct.", { timeout: SIGN_IN_ANSWER_MS });
});

test("the right password opens the workspace; signing out ends the session", async ({ page, context }) => {
  await signIn(page, seed.consoleUser);
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  await expect(page.getByText("Published workouts")).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"))!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in/);
  // The old cookie is revoked server-side, not only deleted: replaying it is refused.
  await context.addCookies([cookie]);
  const res = await page.request.get(`/api/console/orgs/${seed.organizationId}/workouts`);
  expect(res.status()).toBe(401);
  await page.goto("/console/library");
  await expect(page).toHaveURL(/\/console\/sign-in$/);
});

test("a trainer of this workspace cannot use another workspace", async ({ page }) => {
  await signIn(page, seed.consoleUser);
  const res = await page.request.get(`/api/console/orgs/${seed.otherOrganizationId}/workouts`);
  expect(res.status()).toBe(403);
});

test("the console and its sign-in refuse to be framed by another site; the players stay frameable", async ({ page, request, baseURL, cspViolations }) => {
  for (const path of ["/console/sign-in", "/console", "/console/library", "/api/auth/csrf", "/api/auth/providers"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
  }
  const embed = await request.get(`/embed/workout/${seed.workoutIds[0]}?organizationId=${seed.organizationId}`);
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();

  // In the browser: a partner page on another origin frames the player, but not the sign-in form.
  const player = await openHost(page, `${baseURL}/embed/workout/${seed.workoutIds[0]}?organizationId=${seed.organizationId}&apiKey=${seed.apiKey}`);
  await expect(player.frame.locator("body")).not.toBeEmpty({ timeout: 20_000 });
  const host = await openHost(page, `${baseURL}/console/sign-in`);
  await expect.poll(() => page.frames().map((f) => f.url())).toContain("chrome-error://chromewebdata/");
  await expect(host.frame.getByLabel("Password")).toHaveCount(0);
  // The browser reports that refusal as a CSP violation: the one expected here (e2e/csp.ts fails on any other).
  const refused = (v: string) => v.includes(`Framing '${baseURL}/'`) && v.includes("frame-ancestors 'none'");
  await expect.poll(() => cspViolations.filter(refused).length).toBe(1);
  cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((v) => !refused(v)));
});
