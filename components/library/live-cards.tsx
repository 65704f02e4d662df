"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { apiJson, asPlayerError } from "@/components/player/api";
import { QueryProvider } from "@/components/query-provider";
import type { CardPage } from "@/lib/library/cards";
import type { LiveCardsProps, PagedList } from "./paged-cards-types";

/**
 * The live side of a card list (a lazily loaded chunk, see use-paged-cards.ts): TanStack Query's
 * `useInfiniteQuery` over the pages' route. It renders nothing; it reports the list to the
 * component that shows it (`onList`), so the cards on screen stay the same elements when it takes
 * over from the server's first page.
 */
export default function LiveCards<T extends { id: string }>(props: LiveCardsProps<T>) {
  return (
    <QueryProvider>
      <LiveSource {...props} />
    </QueryProvider>
  );
}

function LiveSource<T extends { id: string }>({ source, view, url, initial, moreOnStart, onList }: LiveCardsProps<T>) {
  const query = useInfiniteQuery({
    queryKey: ["cards", source, view],
    queryFn: ({ pageParam, signal }) => apiJson<CardPage<T>>(url(pageParam), { signal, what: "This list" }),
    initialPageParam: 0,
    getNextPageParam: (last: CardPage<T>) => last.nextOffset ?? undefined,
    // The server's first paint is its view's first page: no refetch on load.
    initialData: view === initial.view ? { pages: [initial.page], pageParams: [initial.offset] } : undefined,
    // Another view keeps the old cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, isPlaceholderData, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching && !isPlaceholderData) void fetchNextPage();
  }, [hasNextPage, isFetching, isPlaceholderData, fetchNextPage]);

  const pages = data?.pages;
  const firstOffset = isPlaceholderData ? 0 : ((data?.pageParams[0] as number | undefined) ?? 0);
  const list = useMemo<PagedList<T>>(() => {
    // Pages of a list that changed meanwhile can repeat a card: show each once.
    const seen = new Set<string>();
    const items = (pages ?? []).flatMap((p) => p.items).filter((c) => !seen.has(c.id) && seen.add(c.id));
    return {
      pages: pages ?? [],
      items,
      loading: isFetchingNextPage ? "more" : isFetching && isPlaceholderData ? "first" : null,
      error: error ? asPlayerError(error).message : null,
      hasMore: Boolean(hasNextPage) && !isPlaceholderData,
      firstOffset,
      loadMore,
    };
  }, [pages, isFetchingNextPage, isFetching, isPlaceholderData, error, hasNextPage, firstOffset, loadMore]);

  useEffect(() => onList(list), [list, onList]);

  // "More" asked for before this chunk had loaded.
  const askedMore = useRef(moreOnStart);
  useEffect(() => {
    if (askedMore.current && list.hasMore && !list.loading) {
      askedMore.current = false;
      list.loadMore();
    }
  }, [list]);
  return null;
}
