import { PlatformFakes } from "../../test/support/platform-fakes/server";
import { installTikTok } from "../../test/support/platform-fakes/tiktok";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { expect, test } from "../csp";
import { formaClient, ok } from "../fixtures";
import { E2E_TIKTOK_APP, socialFakePort } from "../social-fake";

/**
 * Connecting TikTok in the console with TikTok's sign-in, against the local fake of TikTok's
 * documented OAuth endpoints: the browser leaves for the consent screen, comes back through the
 * console's callback, and the card shows the account; disconnecting revokes the grant at TikTok.
 */
let seed: Seed;
let fake: PlatformFakes;

test.beforeAll(async () => {
  seed = seedWorkspace();
  fake = new PlatformFakes();
  fake.apps.tiktok = E2E_TIKTOK_APP;
  installTikTok(fake);
  await fake.start(socialFakePort());
});
test.afterAll(async () => {
  await fake?.close();
});

test("connect TikTok through its sign-in and disconnect it again", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, seed.consoleUser);
  await openSection(page, "Social");
  const card = page.locator('[data-platform="tiktok"]');
  await expect(card.getByText("Not connected")).toBeVisible();

  await card.getByRole("button", { name: "Connect TikTok" }).click();
  // TikTok's consent screen answers with the code at once (the fake), and the console's callback brings the browser back.
  await page.waitForURL(/\/console\/social$/);
  await expect(page.getByText("TikTok connected as @formastudio.")).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByText("@formastudio")).toBeVisible();
  await expect(card.getByText("Sandbox", { exact: true })).toHaveCount(0);
  // The consent was asked with PKCE and the state the console signed; the token exchange sent the verifier.
  const consent = fake.requestsTo("www.tiktok.com").at(-1)!;
  expect(consent.query.get("code_challenge_method")).toBe("S256");
  expect(consent.query.get("redirect_uri")).toMatch(/\/api\/console\/social\/oauth\/tiktok\/callback$/);
  expect(fake.requestsTo("open.tiktokapis.com", "/oauth/token/").at(-1)!.fields.code_verifier).toBeTruthy();
  const platforms = ok(
    await formaClient(seed.apiKey).GET("/v1/orgs/{organizationId}/social-publish/connected-platforms", {
      params: { path: { organizationId: seed.organizationId } },
    }),
  );
  expect(JSON.stringify(platforms)).toContain('"accountName":"@formastudio"');

  await card.getByRole("button", { name: "Disconnect TikTok" }).click();
  await page.getByRole("dialog", { name: "Disconnect TikTok?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(card.getByText("Not connected")).toBeVisible();
  expect(fake.requestsTo("open.tiktokapis.com", "/oauth/revoke/")).toHaveLength(1);
});
