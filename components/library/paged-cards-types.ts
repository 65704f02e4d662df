import type { CardPage } from "@/lib/library/cards";

/** One card list view: `source` is the pages' route, `view` its query without the offset, `url(offset)` one page's request. */
export interface PagedCardsArgs<T> {
  source: string;
  view: string;
  url: (offset: number) => string;
  /** The server's first paint: its view, offset and page. */
  initial: { view: string; offset: number; page: CardPage<T> };
}

export interface PagedList<T> {
  pages: CardPage<T>[];
  /** The cards of every page, each once. */
  items: T[];
  loading: "first" | "more" | null;
  error: string | null;
  hasMore: boolean;
  /** The offset of the first page shown. */
  firstOffset: number;
  loadMore: () => void;
}

/** What the live list takes: the view, whether "more" was asked for before it loaded, and where to report the list. */
export type LiveCardsProps<T> = PagedCardsArgs<T> & { moreOnStart: boolean; onList: (list: PagedList<T>) => void };
