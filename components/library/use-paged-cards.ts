"use client";

import { type ComponentType, type ReactNode, Suspense, createElement, lazy, useCallback, useEffect, useMemo, useState } from "react";
import type { LiveCardsProps, PagedCardsArgs, PagedList } from "./paged-cards-types";

/**
 * TanStack Query (`useInfiniteQuery`) is its own chunk, like the overlay: the grid's first load
 * does not pay for it (JS budget, docs/pages.md), since the server already rendered the first page.
 */
const loadLiveCards = () => import("./live-cards");
const LiveCards = lazy(loadLiveCards);

/** Fetches the live list's chunk ahead of need (the search field or a filter got focus, "Show more" was pointed at). */
export const warmUpPagedCards = () => void loadLiveCards();

/**
 * The pages of one card list. Until the view changes or more is asked for, it is the server's
 * first page as it is; then TanStack Query takes over (live-cards.tsx): another view fetches its
 * first page while the old cards stay on screen (a superseded request is aborted), "more" appends
 * the next page, views seen before come back from the query cache. Render `source` anywhere: it
 * shows nothing and keeps the live list running.
 */
export function usePagedCards<T extends { id: string }>(args: PagedCardsArgs<T>): { list: PagedList<T>; source: ReactNode } {
  const { view, initial } = args;
  const [wanted, setWanted] = useState<"more" | "view" | null>(null);
  const [live, setLive] = useState<PagedList<T> | null>(null);
  const changed = view !== initial.view;
  useEffect(() => {
    if (changed) setWanted((w) => w ?? "view");
  }, [changed]);

  const askMore = useCallback(() => setWanted("more"), []);
  const still = useMemo<PagedList<T>>(
    () => ({
      pages: [initial.page],
      items: initial.page.items,
      loading: null,
      error: null,
      hasMore: initial.page.nextOffset != null,
      firstOffset: initial.offset,
      loadMore: askMore,
    }),
    [initial.page, initial.offset, askMore],
  );
  const waiting: PagedList<T>["loading"] = wanted === "more" ? "more" : changed ? "first" : null;
  const fallback: PagedList<T> = waiting ? { ...still, loading: waiting } : still;
  // Until the live list has a page of its own, the server's page stays on screen.
  const list: PagedList<T> = !live ? fallback : live.pages.length ? live : { ...fallback, loading: live.error ? null : "first", error: live.error };
  const source =
    wanted || changed
      ? createElement(
          Suspense,
          { fallback: null },
          // React.lazy drops the component's type parameter: give it back.
          createElement(LiveCards as unknown as ComponentType<LiveCardsProps<T>>, { ...args, moreOnStart: wanted === "more", onList: setLive }),
        )
      : null;
  return { list, source };
}
