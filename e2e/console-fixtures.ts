import path from "node:path";
import { type Page, expect } from "@playwright/test";

/**
 * Console browser tests: a fresh workspace per spec file from the seed command (same DATA_DIR as
 * the server Playwright starts), and sign-in through the real form.
 */
export { type Seed, runSeed as seedWorkspace } from "./fixtures";

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // scrypt is slow by design, and the server renders the fresh seed's exports in the background.
  await expect(page).toHaveURL(/\/console$/, { timeout: 30_000 });
}

export const screenshotPath = (name: string) => path.join(import.meta.dirname, "screenshots", `${name}.png`);

/** Follows a link of the console's navigation (not the overview's cards of the same name). */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true }).click();
}
