import { execFileSync } from "node:child_process";
import path from "node:path";
import { type Page, expect } from "@playwright/test";

/**
 * Console browser tests: a fresh workspace per spec file from the seed command (same DATA_DIR as
 * the server Playwright starts), and sign-in through the real form.
 */
export interface Seed {
  organizationId: string;
  apiKey: string;
  otherOrganizationId: string;
  endUser: { id: string; email: string };
  workoutIds: string[];
  consoleUser: { email: string; password: string };
}

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 3107);

export function seedWorkspace(): Seed {
  const out = execFileSync("npm", ["run", "--silent", "seed", "--", "--json"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e", PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent" },
    timeout: 120_000,
  });
  return JSON.parse(out.trim()) as Seed;
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // scrypt is slow by design, and the server renders the fresh seed's exports in the background.
  await expect(page).toHaveURL(/\/console$/, { timeout: 30_000 });
}

export const screenshotPath = (name: string) => path.join(root, "e2e", "screenshots", `${name}.png`);

/** Follows a link of the console's navigation (not the overview's cards of the same name). */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true }).click();
}
