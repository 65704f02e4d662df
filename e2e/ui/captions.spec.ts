import type { APIRequestContext, FrameLocator } from "@playwright/test";
import { E2E_BASE, expect, ok, test } from "../fixtures";
import { openHost } from "./host-page";

/**
 * Captions in the workout embed: the playlist's WebVTT tracks become `<track kind="captions">`
 * elements, the active cue's text shows over the picture, the CC control and the `c` key toggle
 * it, the `captions` and `captionsLocale` flags are honoured and the viewer's choice is remembered.
 */

const embedUrl = (workoutId: string, q: Record<string, string>) => `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams(q)}`;

interface Track {
  locale: string;
  label: string;
  url: string;
}

/** Every cue's text of a caption track, in order (the track served as WebVTT). */
async function cueTexts(request: APIRequestContext, url: string): Promise<string[]> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/vtt");
  const body = await res.text();
  expect(body.startsWith("WEBVTT")).toBe(true);
  return body
    .split(/\n\n+/)
    .filter((b) => b.includes("-->"))
    .map((block) => {
      const lines = block.split("\n");
      return lines.slice(lines.findIndex((l) => l.includes("-->")) + 1).join("\n").trim();
    });
}

/** Matches exactly one of `texts` (the cue shown depends on where playback is when it is read). */
const oneOf = (texts: string[]) =>
  new RegExp(`^\\s*(${texts.map((t) => t.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")).join("|")})\\s*$`);

/** Starts the workout and moves to segment `index`. */
async function startAt(frame: FrameLocator, index: number) {
  await frame.getByRole("button", { name: "Start workout" }).click();
  for (let i = 0; i < index; i++) await frame.getByRole("button", { name: "Next part" }).click();
  await expect(frame.locator("section[data-phase]")).toHaveAttribute("data-segment-index", String(index));
}

test("captions show the active cue, follow the flags, toggle with CC or c, and are remembered", async ({ page, forma, seed, request }) => {
  const workoutId = seed.workoutIds[0]!;
  const playlist = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId }, query: { locale: "en-US" } } }));
  const segments = playlist.data.map((entry) => Object.values(entry)[0] as { captions?: Track[] });
  const index = segments.findIndex((s) => (s.captions?.length ?? 0) > 1);
  expect(index, "a segment captioned in two locales").toBeGreaterThanOrEqual(0);
  const tracks = segments[index]!.captions!;
  const en = tracks.find((t) => t.locale.startsWith("en")) ?? tracks[0]!;
  const other = tracks.find((t) => t !== en)!;
  const params = { organizationId: seed.organizationId, apiKey: seed.apiKey };

  // captions=on with a locale: the cue of that locale shows, from a real <track>.
  let host = await openHost(page, embedUrl(workoutId, { ...params, captions: "on", captionsLocale: other.locale }));
  await startAt(host.frame, index);
  const video = host.frame.locator("video");
  await expect(video.locator('track[kind="captions"]')).toHaveCount(tracks.length);
  await expect(video.locator(`track[srclang="${other.locale}"]`)).toHaveAttribute("label", other.label);
  const caption = host.frame.getByTestId("captions");
  await expect(caption).toHaveText(oneOf(await cueTexts(request, other.url)), { timeout: 15_000 });
  await expect(caption).toHaveAttribute("lang", other.locale);
  await host.frame.getByRole("button", { name: "Pause", exact: true }).click();

  // The language menu switches to English; the CC button turns captions off, the c key on again.
  // Which English cue shows depends on where the pause landed (the first cue may have ended by
  // then on a busy machine): one of the English track's cues, the same one after the toggles.
  const english = await cueTexts(request, en.url);
  await host.frame.getByRole("combobox", { name: "Caption language" }).selectOption(en.locale);
  await expect(caption).toHaveAttribute("lang", en.locale, { timeout: 15_000 });
  await expect(caption).toHaveText(oneOf(english), { timeout: 15_000 });
  const shown = (await caption.textContent())!.trim();
  const cc = host.frame.getByRole("button", { name: "Captions" });
  await expect(cc).toHaveAttribute("aria-pressed", "true");
  await cc.click();
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await expect(caption).toHaveCount(0);
  await host.frame.locator("section[data-phase]").press("c");
  await expect(cc).toHaveAttribute("aria-pressed", "true");
  await expect(caption).toHaveText(shown);

  // No flags: the viewer's last choice (on, English) is remembered.
  host = await openHost(page, embedUrl(workoutId, params));
  await startAt(host.frame, index);
  await expect(host.frame.getByRole("button", { name: "Captions" })).toHaveAttribute("aria-pressed", "true");
  await expect(host.frame.getByTestId("captions")).toHaveText(oneOf(english), { timeout: 15_000 });
  await expect(host.frame.getByTestId("captions")).toHaveAttribute("lang", en.locale);

  // captions=off wins over the remembered choice.
  host = await openHost(page, embedUrl(workoutId, { ...params, captions: "off" }));
  await startAt(host.frame, index);
  await expect(host.frame.getByRole("button", { name: "Captions" })).toHaveAttribute("aria-pressed", "false");
  await page.waitForTimeout(1500);
  await expect(host.frame.getByTestId("captions")).toHaveCount(0);
});
