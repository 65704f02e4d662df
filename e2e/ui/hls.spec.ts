import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE, expect, test } from "../fixtures";
import { openHost } from "./host-page";

/**
 * The workout embed's `playback=export` mode: the rendered export plays adaptively over HLS
 * (hls.js in Chromium, loaded only for it), with the export's caption sidecar, and switches to a
 * smaller rendition when the network slows down.
 */

const embedUrl = (workoutId: string, q: Record<string, string>) => `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams(q)}`;

/** Polls an export URL operation until the seed's background render has made it. */
async function readyUrl(request: APIRequestContext, path: string, apiKey: string): Promise<string> {
  let url = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`${E2E_BASE}${path}`, { headers: { "x-api-key": apiKey } });
        if (res.status() === 200) url = (await res.text()).trim();
        return res.status();
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(200);
  return url;
}

test("an export plays over HLS (hls.js) with its captions, and drops to a smaller rendition on a slow network", async ({ page, seed, request }) => {
  test.setTimeout(360_000);
  const workoutId = seed.workoutIds[0]!;
  const hlsUrl = await readyUrl(request, `/v1/workouts/${workoutId}/export/video/hls_url`, seed.apiKey);
  const captionsUrl = await readyUrl(request, `/v1/workouts/${workoutId}/export/captions/stream_url`, seed.apiKey);
  const heights = [...(await (await request.get(hlsUrl)).text()).matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  expect(heights.length).toBeGreaterThanOrEqual(3);

  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("-hls/")) fetched.push(new URL(r.url()).pathname);
  });
  const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, playback: "export", captions: "on" }));
  await host.frame.getByRole("button", { name: "Start workout" }).click();
  const video = host.frame.locator("video");
  await expect(video).toHaveAttribute("data-forma-source", hlsUrl);
  // hls.js feeds the element through Media Source Extensions.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 }).toMatch(/^blob:/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(fetched.some((p) => p.endsWith("/master.m3u8"))).toBe(true);
  expect(fetched.some((p) => p.endsWith(".m4s"))).toBe(true);
  await expect(video).toHaveAttribute("data-hls-height", /\d+/);

  // The export's sidecar is the caption track; its first cue (the intro's voice-over) shows.
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute("src", captionsUrl);
  const vtt = await (await request.get(captionsUrl)).text();
  expect(vtt.startsWith("WEBVTT")).toBe(true);
  const firstBlock = vtt.split(/\n\n+/).find((b) => b.includes("-->"))!.split("\n");
  const firstText = firstBlock.slice(firstBlock.findIndex((l) => l.includes("-->")) + 1).join("\n").trim();
  await expect(host.frame.getByTestId("captions")).toHaveText(firstText, { timeout: 20_000 });

  // A throttled network: hls.js measures it and switches down.
  const top = Math.max(...heights);
  await expect.poll(async () => Number(await video.getAttribute("data-hls-height")), { timeout: 30_000 }).toBe(top);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 6_000, uploadThroughput: 6_000 });
  await expect.poll(async () => Number(await video.getAttribute("data-hls-height")), { timeout: 120_000, intervals: [1_000] }).toBeLessThan(top);
});
