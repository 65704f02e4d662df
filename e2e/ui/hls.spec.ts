import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE, E2E_DATA_DIR, E2E_PORT, expect, ok, test } from "../fixtures";
import { openHost, partnerOrigin } from "./host-page";
import { startThrottlingProxy } from "./throttling-proxy";

/**
 * The workout embed's `playback=export` mode: the rendered export plays adaptively over HLS
 * (hls.js in Chromium, loaded only for it) with the export's caption sidecar, and drops to a smaller
 * rendition when the network slows down. The slow network is a proxy of the test's own
 * (throttling-proxy.ts): CDP's Network.emulateNetworkConditions on the page did not move hls.js off
 * the top rendition (it did not reach the framed player's requests).
 */

const embedUrl = (workoutId: string, q: Record<string, string>) => `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams(q)}`;

/**
 * Renders one seeded workout's en-US export now (scripts/render-export.ts, the render job's code
 * against the server's database and media), instead of waiting behind the background lane, which
 * renders the whole demo library after each seed; answers its HLS URL.
 */
async function renderNow(request: APIRequestContext, workoutId: string, apiKey: string): Promise<string> {
  execFileSync("npx", ["tsx", "scripts/render-export.ts", workoutId, "en-US"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), PUBLIC_BASE_URL: E2E_BASE, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 240_000,
  });
  const res = await request.get(`${E2E_BASE}/v1/workouts/${workoutId}/export/video/hls_url?locale=en-US`, { headers: { "x-api-key": apiKey } });
  expect(res.status()).toBe(200);
  return (await res.text()).trim();
}

test("an export plays over HLS (hls.js) with its captions", async ({ page, seed, request }) => {
  test.setTimeout(300_000);
  const workoutId = seed.workoutIds[0]!;
  const hlsUrl = await renderNow(request, workoutId, seed.apiKey);
  const captions = await request.get(`${E2E_BASE}/v1/workouts/${workoutId}/export/captions/stream_url?locale=en-US`, { headers: { "x-api-key": seed.apiKey } });
  expect(captions.status()).toBe(200);
  const captionsUrl = (await captions.text()).trim();
  const heights = [...(await (await request.get(hlsUrl)).text()).matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  expect(heights.length).toBeGreaterThanOrEqual(3);

  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("-hls/")) fetched.push(new URL(r.url()).pathname);
  });
  const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, playback: "export", captions: "on", locale: "en-US" }));
  await host.frame.getByRole("button", { name: "Start workout" }).click();
  const video = host.frame.locator("video");
  // The embed asked hls_url itself (its own signature, the same master).
  const masterPath = new URL(hlsUrl).pathname;
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toBe(masterPath);
  // hls.js feeds the element through Media Source Extensions.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 }).toMatch(/^blob:/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(fetched.some((p) => p.endsWith("/master.m3u8"))).toBe(true);
  expect(fetched.some((p) => p.endsWith(".m4s"))).toBe(true);
  await expect(video).toHaveAttribute("data-hls-height", /\d+/);

  // The export's sidecar is the caption track; its first cue (the intro's voice-over) shows.
  expect(new URL((await video.locator('track[kind="captions"]').getAttribute("src"))!).pathname).toBe(new URL(captionsUrl).pathname);
  const vtt = await (await request.get(captionsUrl)).text();
  expect(vtt.startsWith("WEBVTT")).toBe(true);
  const seconds = (t: string) => t.split(":").reduce((n, part) => n * 60 + Number(part), 0);
  const cues = vtt
    .split(/\n\n+/)
    .filter((b) => b.includes("-->"))
    .map((b) => {
      const lines = b.split("\n");
      const at = lines.findIndex((l) => l.includes("-->"));
      const [start, end] = lines[at]!.split(" --> ").map(seconds);
      return { start: start!, end: end!, text: lines.slice(at + 1).join("\n").trim() };
    });
  expect(cues.length).toBeGreaterThan(1);
  // The cue on screen is the one at the video's own time (within the player's 250 ms tick).
  const caption = host.frame.getByTestId("captions");
  await expect
    .poll(
      async () => {
        const t = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
        const text = (await caption.count()) ? ((await caption.textContent()) ?? "").trim() : "";
        return cues.some((c) => c.text === text && c.start - 0.5 <= t && t <= c.end + 0.5);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});

test("an embed token plays its workout's export over HLS, without a key in the page", async ({ page, seed, request, forma }) => {
  test.setTimeout(300_000);
  const workoutId = seed.workoutIds[0]!;
  const hlsUrl = await renderNow(request, workoutId, seed.apiKey);
  const minted = ok(
    await forma.POST("/v1/orgs/{organizationId}/embed-tokens", {
      params: { path: { organizationId: seed.organizationId } },
      body: { workoutId, ttlSeconds: 600, allowedOrigins: [await partnerOrigin()] },
    }),
  ).data;
  const asked: { url: string; headers: Promise<Record<string, string>> }[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/export/")) asked.push({ url: r.url(), headers: r.allHeaders() });
  });
  const host = await openHost(page, `${minted.embedUrl}&${new URLSearchParams({ playback: "export", locale: "en-US" })}`);
  await host.frame.getByRole("button", { name: "Start workout" }).click();
  const video = host.frame.locator("video");
  await expect.poll(async () => new URL((await video.getAttribute("data-forma-source")) ?? "http://x/").pathname).toBe(new URL(hlsUrl).pathname);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  // The export's URLs were asked with the token as a Bearer token, never a key.
  const hlsAsk = asked.find((a) => a.url.includes("/export/video/hls_url"));
  expect(hlsAsk).toBeDefined();
  const headers = await hlsAsk!.headers;
  expect(headers.authorization).toBe(`Bearer ${minted.token}`);
  expect(headers["x-api-key"]).toBeUndefined();
});

/** The master playlist's video renditions (average bandwidth, height), smallest first. */
function renditionsOf(master: string): { average: number; height: number }[] {
  return [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]+)/g)]
    .map((m) => ({ average: Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(m[1]!)![1]), height: Number(/RESOLUTION=\d+x(\d+)/.exec(m[1]!)![1]) }))
    .sort((a, b) => a.average - b.average);
}

test("drops to a smaller rendition when the network slows down", async ({ page, seed, request }) => {
  test.setTimeout(300_000);
  const workoutId = seed.workoutIds[0]!;
  const hlsUrl = await renderNow(request, workoutId, seed.apiKey);
  const master = await (await request.get(hlsUrl)).text();
  const renditions = renditionsOf(master);
  expect(renditions.length).toBeGreaterThanOrEqual(3);
  const top = Math.max(...renditions.map((r) => r.height));
  expect(renditions.at(-1)!.height).toBe(top);
  // The workout must play long enough for the buffer hls.js built at full speed to run out.
  const topPlaylist = await (await request.get(new URL(master.split("\n").find((l) => l.includes(`/${top}p/index.m3u8`)) ?? "", hlsUrl).toString())).text();
  const seconds = [...topPlaylist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  expect(seconds).toBeGreaterThan(60);

  // Everything crosses the proxy; throttling (later) slows the video renditions' segments: hls.js
  // estimates the bandwidth from those alone, and the sound is the same whatever the rendition.
  const proxy = await startThrottlingProxy(E2E_BASE, /-hls\/\d+p\/seg\d+\.m4s$/);
  try {
    const src = `${proxy.origin}/embed/workout/${workoutId}?${new URLSearchParams({ organizationId: seed.organizationId, apiKey: seed.apiKey, playback: "export", locale: "en-US" })}`;
    const host = await openHost(page, src);
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const video = host.frame.locator("video");
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    const height = async () => Number(await video.getAttribute("data-hls-height"));
    // At full speed hls.js measures a fast link and plays the top rendition.
    await expect.poll(height, { timeout: 30_000 }).toBe(top);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(proxy.log.some((e) => e.path.includes(`/${top}p/seg`))).toBe(true);

    // The link slows to a quarter of the top rendition's average bandwidth: below what hls.js needs
    // to keep it (95 % of the estimate at or above the rendition's bandwidth), still above what the
    // smallest video needs. Each answer takes seconds, so the estimate falls within a few segments.
    proxy.setRate(Math.round(renditions.at(-1)!.average / 4 / 8));
    // Once the buffer fetched at full speed has played (30 s: the player's FORWARD_BUFFER, without
    // which hls.js fetched minutes ahead of these small renditions), hls.js is on a smaller
    // rendition, fetched through the throttled link, and the element shows that rendition's picture.
    await expect.poll(height, { timeout: 120_000, intervals: [1_000] }).toBeLessThan(top);
    const lower = await height();
    expect(renditions.map((r) => r.height)).toContain(lower);
    expect(proxy.log.some((e) => e.throttled && e.path.includes(`/${lower}p/seg`))).toBe(true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 15_000 }).toBe(lower);
    // And it keeps playing.
    const at = await time();
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(at + 2);
  } finally {
    await proxy.close();
  }
});
