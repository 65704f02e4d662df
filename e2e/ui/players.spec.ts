import type { FrameLocator, Page } from "@playwright/test";
import type { FormaClient, components } from "../../lib/api/client";
import { E2E_BASE, expect, ok, test } from "../fixtures";
import { openHost, waitForMessage } from "./host-page";

// Its tests share no state (each opens its own pages on the worker's seeded organization), so they
// spread over the workers instead of queueing in one (the CI's browser phase is bounded by its longest file).
test.describe.configure({ mode: "parallel" });

/**
 * The iframe players against the real server: the workout embed (playback, sessions, feedback,
 * music, messages, errors, the key only in headers) and the JSON receiver fed by a real generate
 * response. Each player is framed by a partner page on another origin.
 */

const BASE = E2E_BASE;
const embedUrl = (workoutId: string, q: Record<string, string>) => `${BASE}/embed/workout/${workoutId}?${new URLSearchParams(q)}`;

async function expectVideoAdvancing(frame: FrameLocator) {
  const video = frame.locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t1);
}

/** Presses "Next part" until the completion screen shows. */
async function skipToEnd(frame: FrameLocator) {
  const region = frame.locator("section[data-phase]");
  for (let i = 0; i < 80; i++) {
    if ((await region.getAttribute("data-phase")) === "completed") return;
    await frame.getByRole("button", { name: "Next part" }).click();
  }
  await expect(region).toHaveAttribute("data-phase", "completed");
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

test.describe("workout embed", () => {
  test("the player page is a static shell: the key is not echoed into its HTML", async ({ request, seed }) => {
    const res = await request.get(embedUrl(seed.workoutIds[0]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    expect(res.status()).toBe(200);
    expect(res.headers()["referrer-policy"]).toBe("no-referrer");
    const html = await res.text();
    expect(html).not.toContain(seed.apiKey);
    // One shell for every workout and key: nothing of one request can be served to another.
    const other = await request.get(embedUrl(seed.workoutIds[1]!, { organizationId: seed.otherOrganizationId, apiKey: seed.otherApiKey }));
    expect(await other.text()).toBe(html);
  });

  test("refuses to play top level, without calling the API", async ({ page, seed }) => {
    const v1: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/v1/")) v1.push(r.url());
    });
    await page.goto(embedUrl(seed.workoutIds[0]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await expect(page.getByRole("heading", { name: "This player works inside another page" })).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    expect(v1).toEqual([]);
    expect(page.url()).not.toContain(seed.apiKey);
    await shot(page, "embed-top-level-desktop");
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, "embed-top-level-phone");
  });

  test("plays in a partner's iframe: the video advances, the key travels only in X-Api-Key", async ({ page, seed }) => {
    const workoutId = seed.workoutIds[0]!;
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await waitForMessage(page, "FORMA_READY");
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expectVideoAdvancing(host.frame);
    await expect(host.frame.getByTestId("countdown")).toBeVisible();
    await shot(page, "embed-workout-desktop");

    const ours = host.requests.filter((r) => r.url().startsWith(`${BASE}/`));
    const [document, ...rest] = ours;
    expect(document!.url()).toContain("/embed/workout/");
    const v1 = rest.filter((r) => new URL(r.url()).pathname.startsWith("/v1/"));
    expect(v1.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining([`/v1/workouts/${workoutId}`, `/v1/workouts/${workoutId}/playlist`]));
    for (const r of rest) {
      expect(r.url(), "no URL after the document carries the key").not.toContain(seed.apiKey);
      const headers = await r.allHeaders();
      expect(headers.referer ?? "", `no Referer carries the key (${r.url()})`).not.toContain(seed.apiKey);
    }
    for (const r of v1) expect((await r.allHeaders())["x-api-key"]).toBe(seed.apiKey);
    // The key left the iframe's address as soon as the player started.
    const frameUrl = page.frames().find((f) => f.url().startsWith(`${BASE}/`))!.url();
    expect(frameUrl).not.toContain("apiKey");

    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, "embed-workout-phone");
  });

  test("records a session: start, PATCH on pause and segment changes, complete; then feedback", async ({ page, forma, seed }) => {
    const workoutId = seed.workoutIds[1]!;
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, sessionMode: "true", endUserId: seed.endUser.email }));
    const started = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/sessions/start`) && r.request().method() === "POST");
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const start = await started;
    expect(start.status()).toBe(201);
    expect(JSON.parse(start.request().postData() ?? "{}")).toMatchObject({ organizationId: seed.organizationId, endUserId: seed.endUser.email });
    const sessionId = (await start.json()).data.id as string;
    await expectVideoAdvancing(host.frame);

    const patched = page.waitForResponse((r) => r.url().endsWith(`/sessions/${sessionId}`) && r.request().method() === "PATCH");
    await host.frame.getByRole("button", { name: "Pause", exact: true }).click();
    const patch = await patched;
    expect(patch.status()).toBe(200);
    const patchBody = JSON.parse(patch.request().postData() ?? "{}");
    expect(patchBody.progressSeconds).toBeGreaterThan(0);
    expect(patchBody.workoutSegmentId).toMatch(/^[0-9a-f]{24}$/);
    const readSession = async () =>
      ok(await forma.GET("/v1/workouts/{workoutId}/sessions/{sessionId}", { params: { path: { workoutId, sessionId }, query: { endUserId: seed.endUser.email } } })).data;
    const mid = await readSession();
    expect(mid).toMatchObject({ status: "started", workoutSegmentId: patchBody.workoutSegmentId });
    expect(mid.duration).toBeGreaterThan(0);

    await host.frame.getByRole("button", { name: "Play", exact: true }).click();
    const completed = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/sessions/complete`));
    await skipToEnd(host.frame);
    expect((await completed).status()).toBe(200);
    const finished = await waitForMessage(page, "FORMA_WORKOUT_FINISHED");
    expect(finished).toMatchObject({ how: "complete", sessionId });

    expect(await readSession()).toMatchObject({ id: sessionId, status: "completed", progress: 1 });

    // The feedback form offers the organization's options and records one.
    const options = ok(await forma.GET("/v1/workouts/feedback/options"));
    const best = options.data.rating.at(-1)!;
    const form = host.frame.getByRole("form", { name: "Workout feedback" });
    await expect(form).toBeVisible();
    await shot(page, "embed-feedback-desktop");
    await form.getByText(best.label, { exact: true }).click();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/feedback`));
    await form.getByRole("button", { name: "Send feedback" }).click();
    const feedback = await sent;
    expect(feedback.status()).toBeLessThan(300);
    expect(JSON.parse(feedback.request().postData() ?? "{}")).toMatchObject({ workoutSessionId: sessionId, ratingId: best.id, endUserId: seed.endUser.email });
    await expect(host.frame.getByText("Thanks for your feedback!")).toBeVisible();
    const workout = ok(await forma.GET("/v1/workouts/{workoutId}", { params: { path: { workoutId } } }));
    expect(workout.data.rating).toBeGreaterThan(0);
  });

  test("ends a session early with End, and reports it to the host", async ({ page, forma, seed }) => {
    const workoutId = seed.workoutIds[2]!;
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, sessionMode: "true" }));
    const started = page.waitForResponse((r) => r.url().endsWith("/sessions/start"));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const sessionId = (await (await started).json()).data.id as string;
    await expectVideoAdvancing(host.frame);
    const ended = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/sessions/end`));
    await host.frame.getByRole("button", { name: "End workout" }).click();
    expect((await ended).status()).toBe(200);
    await expect(host.frame.getByRole("heading", { name: "Workout ended" })).toBeVisible();
    const s = ok(await forma.GET("/v1/workouts/{workoutId}/sessions/{sessionId}", { params: { path: { workoutId, sessionId }, query: { organizationId: seed.organizationId } } }));
    expect(s.data.status).toBe("completed");
    expect(s.data.progress).toBeLessThan(1);
    expect(await waitForMessage(page, "FORMA_WORKOUT_FINISHED")).toMatchObject({ how: "end", sessionId });
  });

  test("records nothing without sessionMode or endUserId", async ({ page, seed }) => {
    const host = await openHost(page, embedUrl(seed.workoutIds[3]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expectVideoAdvancing(host.frame);
    await host.frame.getByRole("button", { name: "End workout" }).click();
    await expect(host.frame.getByRole("heading", { name: "Workout ended" })).toBeVisible();
    expect(host.requests.filter((r) => r.url().includes("/sessions"))).toEqual([]);
  });

  test("music plays in its own audio element; music off pauses it, playback goes on", async ({ page, forma, seed }) => {
    let withMusic: string | undefined;
    for (const id of seed.workoutIds) {
      const m = ok(await forma.GET("/v1/workouts/{workoutId}/music", { params: { path: { workoutId: id } } }));
      if (m.tracks.length) {
        withMusic = id;
        break;
      }
    }
    expect(withMusic, "the seed has a workout with music").toBeDefined();
    const host = await openHost(page, embedUrl(withMusic!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const music = host.frame.locator("audio[data-role=music]");
    await expect.poll(() => music.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 20_000 }).toBe(true);
    const volume = await music.evaluate((a: HTMLAudioElement) => a.volume);
    await host.frame.getByRole("button", { name: "Turn music off" }).click();
    await expect.poll(() => music.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    expect(await music.evaluate((a: HTMLAudioElement) => a.volume)).toBe(volume);
    await expectVideoAdvancing(host.frame);
    await host.frame.getByRole("button", { name: "Turn music on" }).click();
    await expect.poll(() => music.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  });

  test("music that cannot be loaded is reported and the workout plays on without it", async ({ page, forma, seed }) => {
    let withMusic: string | undefined;
    for (const id of seed.workoutIds) {
      if (ok(await forma.GET("/v1/workouts/{workoutId}/music", { params: { path: { workoutId: id } } })).tracks.length) {
        withMusic = id;
        break;
      }
    }
    expect(withMusic, "the seed has a workout with music").toBeDefined();
    await page.route(new RegExp(`/v1/workouts/${withMusic}/music`), (route) =>
      route.fulfill({ status: 503, headers: { "retry-after": "5" }, json: { error: { code: "ServiceUnavailable", message: "Try again shortly." } } }),
    );
    const host = await openHost(page, embedUrl(withMusic!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ status: 503 });
    await expect(host.frame.getByRole("status").filter({ hasText: "background music could not be loaded" })).toBeVisible();
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expectVideoAdvancing(host.frame);
  });

  test("talks to the host only in FORMA_ messages: immersive, orientation, control, malformed", async ({ page, seed }) => {
    const host = await openHost(page, embedUrl(seed.workoutIds[0]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await waitForMessage(page, "FORMA_READY");
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expect(host.frame.locator("section[data-phase=playing]")).toBeVisible();

    await host.post({ type: "FORMA_HOST_IMMERSIVE", immersive: true, extra: "ignored" });
    await expect(host.frame.locator("section[data-immersive=true]")).toBeVisible();
    await host.frame.getByRole("button", { name: "Rotate the player" }).click();
    await waitForMessage(page, "FORMA_ORIENTATION_TOGGLE");

    await host.post({ type: "FORMA_CONTROL", action: "pause" });
    await expect(host.frame.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await host.post({ type: "FORMA_CONTROL", action: "play" });
    await expect(host.frame.getByRole("button", { name: "Pause", exact: true })).toBeVisible();

    await host.post({ type: "SOMETHING_ELSE", hello: 1 });
    await host.post({ type: "FORMA_UNKNOWN" });
    await host.post({ type: "FORMA_CONTROL", action: "explode" });
    const error = await waitForMessage(page, "FORMA_ERROR");
    expect(error).toMatchObject({ code: "invalid_message" });
    const messages = await host.messages();
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) expect(m.type).toMatch(/^FORMA_/);
    expect(JSON.stringify(messages)).not.toContain(seed.apiKey);
    expect(messages.filter((m) => m.type === "FORMA_ERROR")).toHaveLength(1);
  });

  test("a refused key shows a sentence and posts FORMA_ERROR", async ({ page, seed }) => {
    const host = await openHost(page, embedUrl(seed.workoutIds[0]!, { organizationId: seed.organizationId, apiKey: "fma_ThisKeyDoesNotExist000000000000000" }));
    await expect(host.frame.getByRole("alert").filter({ hasText: /\S/ })).toContainText("access key was not accepted");
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "unauthorized", status: 401 });
  });

  test("another organization's workout is not found", async ({ page, seed }) => {
    const host = await openHost(page, embedUrl(seed.otherWorkoutIds[0]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await expect(host.frame.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "forbidden", status: 403 });
  });

  test("a media 404 shows a sentence, posts FORMA_ERROR and lets the member skip", async ({ page, seed }) => {
    await page.route(/\/media\/(?!public\/).*\.mp4/, (route) => route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{"code":"NotFound","message":"gone"}}' }));
    const host = await openHost(page, embedUrl(seed.workoutIds[0]!, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expect(host.frame.getByRole("alert").filter({ hasText: /\S/ })).toContainText("could not be loaded");
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "media_unavailable" });
    await host.frame.getByRole("button", { name: "Skip to the next part" }).click();
    await expect(host.frame.locator("section[data-phase=playing]")).toBeVisible();
  });
});

type Segment = components["schemas"]["PlaylistSegment"];

/** The first seeded workout whose playlist has a segment (after the first) that `wanted` accepts. */
async function findSegment(forma: FormaClient, workoutIds: string[], wanted: (s: Segment, i: number, all: Segment[]) => boolean, locale?: string) {
  for (const workoutId of workoutIds) {
    const playlist = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId }, query: { locale } } })).data;
    const index = playlist.findIndex((s, i) => i > 0 && wanted(s, i, playlist));
    if (index > 0) return { workoutId, index, playlist };
  }
  throw new Error("the seed has no workout with such a segment");
}

/** Presses "Next part" until the player shows segment `index`. */
async function goToSegment(frame: FrameLocator, index: number) {
  const region = frame.locator("section[data-phase]");
  for (let i = 0; i < 80; i++) {
    const at = Number(await region.getAttribute("data-segment-index"));
    if (at === index) return;
    expect(at, "the player did not run past the wanted segment").toBeLessThan(index);
    await frame.getByRole("button", { name: "Next part" }).click();
    await expect(region).not.toHaveAttribute("data-segment-index", String(at));
  }
  throw new Error(`segment ${index} never showed`);
}

const isRepExercise = (s: Segment) => "exercise" in s && (s.exercise.reps ?? 0) > 0 && !s.exercise.amrap;

/** The player frame (for evaluating inside it). */
const playerFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(`${BASE}/embed/`))!;

test.describe("player behaviour", () => {
  test("a rest shows Rest, its countdown and what comes next, then moves on by itself", async ({ page, forma, seed }) => {
    const { workoutId, index, playlist } = await findSegment(forma, seed.workoutIds, (s, i, all) => "break" in s && s.break.duration <= 15 && "exercise" in (all[i + 1] ?? {}));
    const next = playlist[index + 1]!;
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await goToSegment(host.frame, index);
    const region = host.frame.locator("section[data-phase]");
    await expect(region).toHaveAttribute("data-segment-kind", "break");
    await expect(host.frame.getByRole("heading", { name: "Rest" })).toBeVisible();
    await expect(host.frame.getByText(new RegExp(`^${index + 1} / ${playlist.length} · Rest$`))).toBeVisible();
    await expect(host.frame.getByText(`Up next: ${"exercise" in next ? next.exercise.name : ""}`)).toBeVisible();
    const countdown = host.frame.getByTestId("countdown");
    const seconds = async () => {
      const [m, sec] = (await countdown.textContent())!.split(":").map(Number);
      return m! * 60 + sec!;
    };
    const first = await seconds();
    expect(first).toBeLessThanOrEqual("break" in playlist[index]! ? playlist[index].break.duration : 0);
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    await shot(page, "embed-rest-desktop");
    // When the rest is over the next exercise starts without a press.
    await expect(region).toHaveAttribute("data-segment-index", String(index + 1), { timeout: 20_000 });
    await expect(region).toHaveAttribute("data-segment-kind", "exercise");
  });

  test("a rep-based exercise waits for Done, which moves on", async ({ page, forma, seed }) => {
    const { workoutId, index, playlist } = await findSegment(forma, seed.workoutIds, isRepExercise);
    const exercise = (playlist[index] as Extract<Segment, { exercise: unknown }>).exercise;
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await goToSegment(host.frame, index);
    const region = host.frame.locator("section[data-phase]");
    await expect(host.frame.getByText(`${exercise.reps} reps`)).toBeVisible();
    await expect(host.frame.getByTestId("countdown")).toHaveCount(0);
    const done = host.frame.getByRole("button", { name: "Done with this exercise" });
    await expect(done).toBeVisible();
    // The host hears that the current exercise is rep-based (the cast display's field too).
    await expect
      .poll(async () => (await host.messages()).some((m) => m.type === "FORMA_PLAYBACK_STATE" && m.segmentIndex === index && m.currentExerciseIsRepBased === true))
      .toBe(true);
    // Its clock counts up instead of down, and nothing moves on by itself.
    await expect(host.frame.getByText(/^0:0[2-9]$/)).toBeVisible({ timeout: 10_000 });
    await expect(region).toHaveAttribute("data-segment-index", String(index));
    await shot(page, "embed-reps-desktop");
    await done.click();
    await expect(region).toHaveAttribute("data-segment-index", String(index + 1));
  });

  test("instruction audio plays at its cue, in the locale the embed asks for", async ({ page, forma, seed }) => {
    const spoken = (s: Segment) => "exercise" in s && s.exercise.main.instructionAudio.length > 0 && s.exercise.intro.audio === null;
    const { workoutId, index, playlist } = await findSegment(forma, seed.workoutIds, spoken, "de-DE");
    const german = (playlist[index] as Extract<Segment, { exercise: unknown }>).exercise.main.instructionAudio[0]!;
    expect(german.locale).toBe("de-DE");
    const english = ok(await forma.GET("/v1/workouts/{workoutId}/playlist", { params: { path: { workoutId } } })).data[index] as Extract<Segment, { exercise: unknown }>;
    expect(english.exercise.main.instructionAudio[0]!.url).not.toBe(german.url);

    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, locale: "de-DE" }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    // Record, inside the player, when each segment starts and when the voice gets a source.
    await playerFrame(page).evaluate(() => {
      const log: { at: number; segment?: string | null; voice?: string | null }[] = [];
      (window as unknown as { __log: typeof log }).__log = log;
      const section = document.querySelector("section[data-phase]")!;
      const voice = document.querySelector("audio[data-role=voice]")!;
      new MutationObserver(() => log.push({ at: performance.now(), segment: section.getAttribute("data-segment-index") })).observe(section, { attributeFilter: ["data-segment-index"] });
      new MutationObserver(() => log.push({ at: performance.now(), voice: voice.getAttribute("src") })).observe(voice, { attributeFilter: ["src"] });
    });
    await goToSegment(host.frame, index);
    const voice = host.frame.locator("audio[data-role=voice]");
    await expect.poll(() => voice.evaluate((a: HTMLAudioElement) => a.src), { timeout: 10_000 }).toBe(new URL(german.url, BASE).href);
    await expect.poll(() => voice.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 10_000 }).toBe(true);
    const log = await playerFrame(page).evaluate(() => (window as unknown as { __log: { at: number; segment?: string | null; voice?: string | null }[] }).__log);
    const started = log.findLast((e) => e.segment === String(index))!;
    const cued = log.find((e) => e.voice && e.at > started.at)!;
    expect(cued.voice).toBe(german.url);
    // The instruction waits for its cue: two seconds of playback into the exercise.
    expect(cued.at - started.at).toBeGreaterThanOrEqual(1_900);
  });

  test("skipWorkoutCompletionScreen ends on a plain line: no completion screen, stats or feedback", async ({ page, seed }) => {
    const workoutId = seed.workoutIds[4]!;
    // No /v1 write sets this flag (trainers set it in the console's builder): the test turns it on
    // in the workout the player loads, leaving the rest of the real answer as it is.
    await page.route(new RegExp(`/v1/workouts/${workoutId}(\\?|$)`), async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, skipWorkoutCompletionScreen: true } } });
    });
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, sessionMode: "true" }));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await skipToEnd(host.frame);
    await expect(host.frame.getByRole("status").filter({ hasText: "Workout finished." })).toBeVisible();
    await expect(host.frame.getByRole("heading", { name: /Workout (complete|ended)/ })).toHaveCount(0);
    await expect(host.frame.getByRole("form", { name: "Workout feedback" })).toHaveCount(0);
    await expect(host.frame.getByRole("button", { name: "Restart the workout" })).toHaveCount(0);
    expect(await waitForMessage(page, "FORMA_WORKOUT_FINISHED")).toMatchObject({ how: "complete" });
  });

  test("the next clip is requested by a detached video before its segment starts", async ({ page, seed }) => {
    const workoutId = seed.workoutIds[0]!;
    const playlistAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/workouts/${workoutId}/playlist`);
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    const playlist = ((await (await playlistAnswer).json()) as components["schemas"]["WorkoutPlaylist"]).data;
    const clipOf = (s: Segment) => new URL("intro" in s ? s.intro.video.url : "outro" in s ? s.outro.video.url : Object.values(s)[0].main.video.url, BASE).href;
    const [first, second] = [clipOf(playlist[0]!), clipOf(playlist[1]!)];
    expect(second).not.toBe(first);

    const region = host.frame.locator("section[data-phase]");
    const preloaded = page.waitForRequest((r) => r.url() === second, { timeout: 15_000 });
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await host.frame.getByRole("button", { name: "Pause", exact: true }).click();
    await preloaded;
    // Still on the first segment, playing its own clip in the document's only <video>.
    await expect(region).toHaveAttribute("data-segment-index", "0");
    await expect(host.frame.locator("video")).toHaveCount(1);
    expect(await host.frame.locator("video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(first);
    await host.frame.getByRole("button", { name: "Next part" }).click();
    await expect(region).toHaveAttribute("data-segment-index", "1");
    await expect.poll(() => host.frame.locator("video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(second);
  });

  test("a session is PATCHed every 15 seconds while playing, and once more when the page is hidden", async ({ page, forma, seed }) => {
    test.setTimeout(120_000);
    const { workoutId, index, playlist } = await findSegment(forma, seed.workoutIds, isRepExercise);
    const segmentId = (playlist[index] as Extract<Segment, { exercise: unknown }>).exercise.id;
    const patches: { at: number; body: { progressSeconds: number; workoutSegmentId: string } }[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH" && r.url().includes(`/v1/workouts/${workoutId}/sessions/`)) patches.push({ at: Date.now(), body: JSON.parse(r.postData() ?? "{}") });
    });
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey, sessionMode: "true" }));
    const started = page.waitForResponse((r) => r.url().endsWith(`/v1/workouts/${workoutId}/sessions/start`));
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    const sessionId = (await (await started).json()).data.id as string;
    // A rep-based exercise: it waits for Done, so nothing but the cadence PATCHes while it plays.
    await goToSegment(host.frame, index);
    // Each segment change PATCHes too, one call after the one before it is answered: on a busy
    // machine the earlier segments' PATCHes still go out after the player got here. Count from
    // the one that reached this segment, so the next two are the cadence's.
    await expect.poll(() => patches.at(-1)?.body.workoutSegmentId, { timeout: 15_000 }).toBe(segmentId);
    const arrived = patches.length;
    await expect.poll(() => patches.length - arrived, { timeout: 40_000, intervals: [500] }).toBeGreaterThanOrEqual(2);
    const [a, b] = patches.slice(arrived);
    expect(a!.body.workoutSegmentId).toBe(segmentId);
    expect(b!.body.workoutSegmentId).toBe(segmentId);
    expect(b!.at - a!.at).toBeGreaterThan(13_500);
    expect(b!.at - a!.at).toBeLessThan(17_000);
    expect(b!.body.progressSeconds - a!.body.progressSeconds).toBeGreaterThanOrEqual(13);

    // Leaving the partner's page hides the player (visibilitychange to hidden): one more PATCH goes
    // out at once, long before the next is due, with keepalive, so it lands although the page is gone.
    await page.waitForTimeout(3_000);
    const session = async () =>
      ok(await forma.GET("/v1/workouts/{workoutId}/sessions/{sessionId}", { params: { path: { workoutId, sessionId }, query: { organizationId: seed.organizationId } } })).data;
    expect((await session()).duration).toBe(b!.body.progressSeconds);
    await page.goto("about:blank");
    const left = Date.now();
    await expect.poll(async () => (await session()).duration, { timeout: 5_000 }).toBeGreaterThan(b!.body.progressSeconds + 2);
    expect(Date.now() - left).toBeLessThan(5_000);
    expect(await session()).toMatchObject({ status: "started", workoutSegmentId: segmentId });
  });

  test("a rate-limited API answer shows the wait and posts FORMA_ERROR rate_limited", async ({ page, seed }) => {
    const workoutId = seed.workoutIds[0]!;
    await page.route(new RegExp(`/v1/workouts/${workoutId}(\\?|$)`), (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "42", "x-ratelimit-remaining": "0" },
        json: { error: { code: "TooManyRequests", message: "Rate limit exceeded." } },
      }),
    );
    const host = await openHost(page, embedUrl(workoutId, { organizationId: seed.organizationId, apiKey: seed.apiKey }));
    await expect(host.frame.getByRole("alert").filter({ hasText: /\S/ })).toContainText("Too many requests right now. Please try again in 42 seconds.");
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 42 });
  });
});

test.describe("JSON receiver", () => {
  test("plays a real generate response sent by FORMA_EMBED_INIT, resolving clips only once a key arrives", async ({ page, forma, seed }) => {
    const workout = ok(
      await forma.POST("/v1/orgs/{organizationId}/workouts/generate", {
        params: { path: { organizationId: seed.organizationId } },
        body: { exerciseSources: ["team_exercises"], durationOptions: { minMinutes: 5, maxMinutes: 10 } },
      }),
    );
    const host = await openHost(page, `${BASE}/embed/workout-json-receiver?${new URLSearchParams({ organizationId: seed.organizationId, sessionMode: "true" })}`);
    await waitForMessage(page, "FORMA_READY");
    await expect(host.frame.getByRole("heading", { name: "Waiting for a workout" })).toBeVisible();
    await shot(page, "json-receiver-waiting-desktop");

    await host.post({ type: "FORMA_EMBED_INIT", workout, apiKey: "" });
    await expect(host.frame.getByRole("heading", { name: "Waiting for an access key" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(host.requests.filter((r) => r.url().includes("/v1/"))).toEqual([]);

    await host.post({ type: "FORMA_EMBED_INIT", workout, apiKey: seed.apiKey, extraKey: "ignored" });
    await host.frame.getByRole("button", { name: "Start workout" }).click();
    await expectVideoAdvancing(host.frame);
    await shot(page, "json-receiver-desktop");

    const v1 = host.requests.filter((r) => r.url().includes("/v1/"));
    const exerciseIds = new Set(workout.instances.flatMap((i) => (i.exercise ? [i.exercise.id] : [])));
    expect(new Set(v1.map((r) => new URL(r.url()).pathname))).toEqual(new Set([...exerciseIds].map((id) => `/v1/video-asset/${id}`)));
    for (const r of v1) {
      expect((await r.allHeaders())["x-api-key"]).toBe(seed.apiKey);
      expect(r.url()).not.toContain(seed.apiKey);
    }
    // Clips only: no music, sessions or feedback (sessionMode is ignored).
    await skipToEnd(host.frame);
    await expect(host.frame.getByRole("heading", { name: "Workout complete" })).toBeVisible();
    expect(host.requests.filter((r) => /\/music|\/sessions|\/feedback/.test(r.url()))).toEqual([]);
    expect(await host.frame.locator("audio[data-role=music]").evaluate((a: HTMLAudioElement) => a.getAttribute("src"))).toBeNull();
    expect(await waitForMessage(page, "FORMA_WORKOUT_FINISHED")).toMatchObject({ how: "complete", sessionId: null });
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, "json-receiver-phone");
  });

  test("a malformed init is reported, an unknown clip is a human error", async ({ page, seed }) => {
    const host = await openHost(page, `${BASE}/embed/workout-json-receiver?organizationId=${seed.organizationId}`);
    await waitForMessage(page, "FORMA_READY");
    await host.post({ type: "FORMA_EMBED_INIT", workout: { name: "x" }, apiKey: seed.apiKey });
    expect(await waitForMessage(page, "FORMA_ERROR")).toMatchObject({ code: "invalid_message" });
    await host.post({
      type: "FORMA_EMBED_INIT",
      apiKey: seed.apiKey,
      workout: { name: "Ghost", instances: [{ id: "1", kind: "single-exercise", durationSeconds: 30, reps: null, exercise: { id: "0123456789abcdef01234567", name: "Ghost move" } }] },
    });
    await expect(host.frame.getByRole("alert").filter({ hasText: /\S/ })).toContainText("not available");
    const errors = (await host.messages()).filter((m) => m.type === "FORMA_ERROR");
    expect(errors.at(-1)).toMatchObject({ code: "not_found", status: 404 });
  });

  test("refuses to play top level", async ({ page }) => {
    await page.goto("/embed/workout-json-receiver?organizationId=0123456789abcdef01234567");
    await expect(page.getByRole("heading", { name: "This player works inside another page" })).toBeVisible();
  });
});
