import { expect, test } from "../csp";
import { type Seed, screenshotPath, seedWorkspace, signIn } from "../console-fixtures";

// The two widths run on two workers at once (each worker that runs one seeds its own workspace in
// beforeAll); the CI's browser phase is bounded by its longest file.
test.describe.configure({ mode: "parallel" });

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

const PAGES = [
  ["overview", "/console"],
  ["library", "/console/library"],
  ["builder", "/console/library/workouts/new"],
  ["media", "/console/media"],
  ["dna", "/console/dna"],
  ["autopilot", "/console/autopilot"],
  ["members", "/console/members"],
  ["keys", "/console/keys"],
  ["account", "/console/account"],
] as const;

for (const [label, width, height] of [
  ["desktop", 1280, 800],
  ["phone", 360, 740],
] as const) {
  test(`screenshots at ${width} px (${label}), no horizontal overflow`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await page.goto("/console/sign-in");
    await page.screenshot({ path: screenshotPath(`${label}-sign-in`), fullPage: true });
    await signIn(page, seed.consoleUser);
    const first = seed.workoutIds[0]!;
    for (const [name, path] of [...PAGES, ["workout", `/console/library/workouts/${first}`]] as const) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: screenshotPath(`${label}-${name}`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
  });
}
