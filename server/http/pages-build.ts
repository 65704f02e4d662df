/**
 * The production build of the pages, when `npm start` runs it on a first start (scripts/start.mjs):
 * it runs beside the database start, migrations and the demo workspace, and the server waits for
 * it only before Next prepares the pages. Nothing answers requests before both are done, so
 * `/health` never says ready while pages are missing. The start script hands the running build over
 * on globalThis (it loads the compiled server, which holds its own copy of this module).
 */
const handover = globalThis as unknown as { __formaPagesBuild?: Promise<void> };

export function pagesBuilt(): Promise<void> {
  return handover.__formaPagesBuild ?? Promise.resolve();
}
