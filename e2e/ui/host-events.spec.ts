import { E2E_BASE, expect, test } from "../fixtures";
import { PlayerMessage } from "../../components/player/messages";
import { openHost, waitForMessage } from "./host-page";

/**
 * The typed events a host page receives from the embed player (version 1): a partner page frames
 * the player, the member starts, pauses, resumes and skips to the end, and the host gets every
 * event in order, each valid against the exported zod schemas.
 */
test("a host page receives the player's typed events in order", async ({ page, seed }) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const workoutId = seed.workoutIds[6] ?? seed.workoutIds[0]!;
  const host = await openHost(
    page,
    `${E2E_BASE}/embed/workout/${workoutId}?${new URLSearchParams({ organizationId: seed.organizationId, apiKey: seed.apiKey })}`,
  );
  await waitForMessage(page, "FORMA_READY");
  await host.frame.getByRole("button", { name: "Start workout" }).click();
  await waitForMessage(page, "FORMA_SEGMENT_STARTED");
  await waitForMessage(page, "FORMA_PROGRESS");
  await page.waitForTimeout(2500);
  await host.frame.getByRole("button", { name: "Pause", exact: true }).click();
  await waitForMessage(page, "FORMA_PAUSED");
  await host.frame.getByRole("button", { name: "Play", exact: true }).click();
  const region = host.frame.locator("section[data-phase]");
  for (let i = 0; i < 80 && (await region.getAttribute("data-phase")) !== "completed"; i++) {
    await host.frame.getByRole("button", { name: "Next part" }).click();
  }
  const completed = await waitForMessage(page, "FORMA_COMPLETED");
  const seconds = (Date.now() - started) / 1000;

  const messages = await host.messages();
  for (const m of messages) {
    expect(m.version, JSON.stringify(m)).toBe(1);
    expect(PlayerMessage.safeParse(m).success, JSON.stringify(m)).toBe(true);
  }
  const typed = messages.filter((m) =>
    ["FORMA_READY", "FORMA_SEGMENT_STARTED", "FORMA_SEGMENT_COMPLETED", "FORMA_PROGRESS", "FORMA_PAUSED", "FORMA_COMPLETED"].includes(m.type),
  );
  expect(typed[0]!.type).toBe("FORMA_READY");
  expect(typed.at(-1)!.type).toBe("FORMA_COMPLETED");
  // Segments: started 0, completed 0, started 1, ... in order, never two open at once.
  const segs = typed.filter((m) => m.type === "FORMA_SEGMENT_STARTED" || m.type === "FORMA_SEGMENT_COMPLETED");
  let open: number | null = null;
  let expected = 0;
  for (const m of segs) {
    if (m.type === "FORMA_SEGMENT_STARTED") {
      expect(open).toBeNull();
      expect(m.index).toBe(expected);
      open = m.index as number;
    } else {
      expect(m.index).toBe(open);
      open = null;
      expected++;
    }
  }
  const count = (completed.summary as unknown[]).length;
  expect(expected).toBe(count);
  // The pause came after the first progress and before the end; progress at most once a second.
  const types = typed.map((m) => m.type);
  expect(types.indexOf("FORMA_PAUSED")).toBeGreaterThan(types.indexOf("FORMA_PROGRESS"));
  expect(types.filter((t) => t === "FORMA_PROGRESS").length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  // The summary: planned vs played per segment; the seconds before the pause are in it.
  const summary = completed.summary as { index: number; durationSeconds: number; playedSeconds: number; completed: boolean }[];
  expect(summary.map((s) => s.index)).toEqual([...Array(count).keys()]);
  expect(summary.reduce((n, s) => n + s.playedSeconds, 0)).toBeGreaterThan(1.5);
  expect(completed).toMatchObject({ how: "complete" });
});
