/**
 * The production build of the pages, when `npm start` runs it on a first start (scripts/start.ts):
 * it runs beside the database start, migrations and the demo workspace, and the server waits for
 * it only before Next prepares the pages. Nothing answers requests before both are done, so
 * `/health` never says ready while pages are missing.
 */
let build: Promise<void> = Promise.resolve();

export function setPagesBuild(running: Promise<void>): void {
  build = running;
}

export function pagesBuilt(): Promise<void> {
  return build;
}
