import type { components } from "../../lib/api/client";
import { E2E_BASE, expect, ok, test } from "../fixtures";

/**
 * Long clips stream adaptively in the hosted library player: the demo library's 60 s class video is
 * packaged as HLS by the server's job worker after the seed, its playlist video then carries
 * `hlsUrl`, and the player plays that through hls.js (Chromium), while the short exercise demos stay
 * progressive MP4. The class's progressive file is never fetched (no bare-element preload of it).
 */

type Segment = components["schemas"]["PlaylistSegment"];

test("the hosted player plays a long clip through hls.js, short clips progressively", async ({ page, seed, forma }) => {
  test.setTimeout(240_000);
  // The seeded workout with a class segment, once the worker has packaged the class video.
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
  const master = await (await page.request.get(hlsUrl)).text();
  expect([...master.matchAll(/#EXT-X-STREAM-INF/g)].length).toBeGreaterThanOrEqual(3);

  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(`${E2E_BASE}/media/`)) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto(`/workouts/${workoutId}?orgId=${seed.organizationId}`);
  await page.getByRole("button", { name: "Start workout" }).click();
  const region = page.locator("section[data-phase]");
  const video = page.locator("video");
  // On to the class segment.
  for (let i = 0; i < 10 && (await region.getAttribute("data-segment-kind")) !== "class"; i++) {
    await page.getByRole("button", { name: "Next part" }).click();
  }
  await expect(region).toHaveAttribute("data-segment-kind", "class");
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toMatch(/\.m3u8$/);
  expect(new URL((await video.getAttribute("data-forma-source"))!).pathname).toBe(new URL(hlsUrl).pathname);
  // hls.js feeds the element through Media Source Extensions, and the video advances.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 }).toMatch(/^blob:/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(t1 + 1);
  await expect(video).toHaveAttribute("data-hls-height", /\d+/);
  expect(fetched.some((p) => /class-flow-hls-[0-9a-f]{12}\/master\.m3u8$/.test(p))).toBe(true);
  expect(fetched.some((p) => /class-flow-hls-[0-9a-f]{12}\/\d+p\/seg\d+\.m4s$/.test(p))).toBe(true);

  // The next clip with a video is an exercise demo: progressive, played by the element itself.
  for (let i = 0; i < 10 && (await region.getAttribute("data-segment-kind")) !== "exercise"; i++) {
    await page.getByRole("button", { name: "Next part" }).click();
  }
  await expect(region).toHaveAttribute("data-segment-kind", "exercise");
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toMatch(/\.mp4$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4\?/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The class's progressive MP4 was never requested (not played, not preloaded).
  expect(fetched.filter((p) => p.endsWith("/seed/video/class-flow.mp4"))).toEqual([]);
});
