import path from "node:path";
import { expect, test } from "../csp";
import { type Seed, openSection, seedWorkspace, signIn } from "../console-fixtures";
import { formaClient, ok } from "../fixtures";

let seed: Seed;
test.beforeAll(() => {
  seed = seedWorkspace();
});

test("upload a clip and see it processed into a playable clip", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, seed.consoleUser);
  await openSection(page, "Media");
  const file = path.resolve(import.meta.dirname, "../../db/seed/media/clips/squat.mp4");
  await page.getByLabel("Video file").setInputFiles(file);
  await page.getByLabel("Clip name").fill("E2E uploaded squat");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Uploaded. Processing has started")).toBeVisible({ timeout: 60_000 });
  const row = page.locator("[data-upload-id]").filter({ hasText: "E2E uploaded squat" });
  await expect(row).toHaveAttribute("data-status", "ready", { timeout: 120_000 });
  const clip = page.locator("[data-clip-id]").filter({ hasText: "E2E uploaded squat" });
  await expect(clip).toBeVisible({ timeout: 20_000 });
  const clipId = await clip.getAttribute("data-clip-id");
  const asset = ok(await formaClient(seed.apiKey).GET("/v1/video-asset/{videoAssetId}", { params: { path: { videoAssetId: clipId! } } }));
  const video = asset.data.video;
  const media = await request.get(video.url);
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("video/mp4");
});
