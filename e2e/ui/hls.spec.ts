import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE, E2E_DATA_DIR, E2E_PORT, expect, test } from "../fixtures";
import { openHost } from "./host-page";

/**
 * The workout embed's `playback=export` mode: the rendered export plays adaptively over HLS
 * (hls.js in Chromium, loaded only for it) with the export's caption sidecar. A rendition switch
 * under CDP's Network.emulateNetworkConditions is not tested yet: throttling the page's session did
 * not move hls.js off the top rendition within two minutes (the player is in an iframe).
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
