import type { FrameLocator, Page } from "@playwright/test";
import type { FormaClient, components } from "../../lib/api/client";
import { E2E_BASE, type Seed, expect, ok, test } from "../fixtures";
import { openHost } from "./host-page";

/**
 * Long clips stream adaptively in the hosted library player: the demo library's 60 s class video is
 * packaged as HLS by the server's job worker after the seed, its playlist video then carries
 * `hlsUrl`, and the player plays that through hls.js (Chromium), while the short exercise demos stay
 * progressive MP4. The class's progressive file is never fetched (no bare-element preload of it).
 */

type Segment = components["schemas"]["PlaylistSegment"];

/** The seeded workout with a class segment and its class video's hlsUrl, once the server's worker has packaged it. */
async function packagedClassWorkout(forma: FormaClient, seed: Seed): Promise<{ workoutId: string; hlsUrl: string }> {
  let workoutId = "";
  let hlsUrl = "";
  await expect
    .poll(
      async () => {
        for (const id of seed.workoutIds) {
          const playlist = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId: id } } })).data as Segment[];
          const cls = playlist.find((s): s is Extract<Segment, { class: unknown }> => "class" in s);
          if (!cls) continue;
          workoutId = id;
          hlsUrl = cls.class.main.video.hlsUrl ?? "";
          // Short clips never get one.
          for (const s of playlist) if ("exercise" in s) expect(s.exercise.main.video.hlsUrl).toBeUndefined();
          return hlsUrl;
        }
        return "no class workout";
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toMatch(/\/media\/seed\/video\/class-flow-hls-[0-9a-f]{12}\/master\.m3u8\?exp=\d+&sig=/);
  return { workoutId, hlsUrl };
}

/** Presses "Next part" until a segment of `kind` plays. */
async function skipTo(root: Page | FrameLocator, kind: string) {
  const region = root.locator("section[data-phase]");
  for (let i = 0; i < 10 && (await region.getAttribute("data-segment-kind")) !== kind; i++) {
    await root.getByRole("button", { name: "Next part" }).click();
  }
  await expect(region).toHaveAttribute("data-segment-kind", kind);
}

/** The player's video plays `hlsUrl` through hls.js (Media Source Extensions) and advances. */
async function expectPlayingHls(root: Page | FrameLocator, hlsUrl: string) {
  const video = root.locator("video");
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toMatch(/\.m3u8$/);
  expect(new URL((await video.getAttribute("data-forma-source"))!).pathname).toBe(new URL(hlsUrl).pathname);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 }).toMatch(/^blob:/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(t1 + 1);
  await expect(video).toHaveAttribute("data-hls-height", /\d+/);
}

test("the hosted player plays a long clip through hls.js, short clips progressively", async ({ page, seed, forma }) => {
  test.setTimeout(240_000);
  const { workoutId, hlsUrl } = await packagedClassWorkout(forma, seed);
  const master = await (await page.request.get(hlsUrl)).text();
  expect([...master.matchAll(/#EXT-X-STREAM-INF/g)].length).toBeGreaterThanOrEqual(3);

  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(`${E2E_BASE}/media/`)) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto(`/workouts/${workoutId}?orgId=${seed.organizationId}`);
  await page.getByRole("button", { name: "Start workout" }).click();
  await skipTo(page, "class");
  await expectPlayingHls(page, hlsUrl);
  expect(fetched.some((p) => /class-flow-hls-[0-9a-f]{12}\/master\.m3u8$/.test(p))).toBe(true);
  expect(fetched.some((p) => /class-flow-hls-[0-9a-f]{12}\/\d+p\/seg\d+\.m4s$/.test(p))).toBe(true);

  // The next clip with a video is an exercise demo: progressive, played by the element itself.
  await skipTo(page, "exercise");
  const video = page.locator("video");
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toMatch(/\.mp4$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4\?/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The class's progressive MP4 was never requested (not played, not preloaded).
  expect(fetched.filter((p) => p.endsWith("/seed/video/class-flow.mp4"))).toEqual([]);
});

test("the workout embed plays a long clip through hls.js too", async ({ page, seed, forma }) => {
  test.setTimeout(240_000);
  const { workoutId, hlsUrl } = await packagedClassWorkout(forma, seed);
  const host = await openHost(
    page,
    `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams({ organizationId: seed.organizationId, apiKey: seed.apiKey })}`,
  );
  await host.frame.getByRole("button", { name: "Start workout" }).click();
  await skipTo(host.frame, "class");
  await expectPlayingHls(host.frame, hlsUrl);
});
