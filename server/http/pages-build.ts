/**
 * The production build of the pages, when `npm start` runs it on a first start (scripts/start.mjs
 * hands the running build over on globalThis: it loads the compiled server, which holds its own
 * copy of this module). The server then answers the API as soon as the database and the demo
 * workspace are ready, and the pages once the build is done and Next has prepared them; until then
 * a page request gets a 503 that reloads itself, `/health` says `"pages": "building"` and `/ready`
 * is 503 (its `pages` check is pending). Without a first-start build the pages are prepared before
 * the server listens, as always.
 */
type PagesState = "building" | "ready";
const holder = globalThis as unknown as { __formaPagesBuild?: Promise<void>; __formaPagesState?: PagesState };

/** The first-start build npm start is running, or null when the pages were built before. */
export function pagesBuildRunning(): Promise<void> | null {
  return holder.__formaPagesBuild ?? null;
}

export function markPages(state: PagesState): void {
  holder.__formaPagesState = state;
}

/** "building" while a first start builds the pages; "ready" after; null when nothing was built at start. */
export function pagesState(): PagesState | null {
  return holder.__formaPagesState ?? null;
}
