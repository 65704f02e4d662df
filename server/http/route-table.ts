import type { RouteFile } from "./app-router";

/**
 * The route files of `app/` with their modules, in the compiled server: scripts/build-server.mjs
 * replaces this module with a generated table (every route file imported by the bundle), so a
 * production server neither walks `app/` nor needs its sources. Null when running from sources
 * (tsx, tests), where the dispatcher walks `app/` and imports the files it finds.
 */
export interface BundledRoute extends RouteFile {
  module: Record<string, unknown>;
}

export const bundledRoutes: BundledRoute[] | null = null;
