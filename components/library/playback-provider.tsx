"use client";

import { type MouseEvent, type ReactNode, Suspense, lazy, useState } from "react";
import type { OpenItem, PlaybackSettings } from "./playback-types";

/**
 * The overlay (dialog, plan panel, player, TanStack Query) is its own chunk, fetched when a card is
 * first pointed at, focused or opened: the grid's first load does not pay for it (JS budget).
 */
const loadOverlay = () => import("./library-overlay");
const LibraryOverlay = lazy(loadOverlay);


const CARD = "a[data-play-workout], a[data-open-plan]";

/**
 * Wraps a grid page. In overlay mode (the default) a click on any card link inside
 * (data-play-workout, data-open-plan; server- or client-rendered) opens the player or the plan
 * over the grid in a modal dialog (focus trapped, Escape closes, focus returns to the card);
 * in dedicated-page mode the links simply navigate. Modified clicks (new tab) always navigate.
 */
export function PlaybackProvider({ settings, children }: { settings: PlaybackSettings; children: ReactNode }) {
  const [open, setOpen] = useState<OpenItem | null>(null);
  const overlay = settings.mode === "overlay";

  const onClickCapture = (e: MouseEvent<HTMLDivElement>) => {
    if (!overlay || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as HTMLElement).closest<HTMLAnchorElement>(CARD);
    if (!link) return;
    e.preventDefault();
    const title = link.querySelector(".font-semibold")?.textContent?.trim() || link.textContent?.trim() || "Workout";
    if (link.dataset.openPlan) {
      setOpen({ kind: "plan", planId: link.dataset.openPlan, title });
      return;
    }
    const workoutId = link.dataset.playWorkout!;
    setOpen((current) => ({
      kind: "workout",
      workoutId,
      title,
      planId: link.dataset.viaPlan || undefined,
      backToPlan: current?.kind === "plan" ? { planId: current.planId, title: current.title } : undefined,
    }));
  };
  const warmUp = (e: { target: EventTarget }) => {
    if (overlay && (e.target as HTMLElement).closest?.(CARD)) void loadOverlay();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated events of the card links inside, which stay keyboard-operable links
    <div onClickCapture={onClickCapture} onPointerOver={warmUp} onFocus={warmUp}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <LibraryOverlay open={open} setOpen={setOpen} settings={settings} />
        </Suspense>
      ) : null}
    </div>
  );
}
