import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/env";
import { type RouteFile, matchRoute } from "@/server/http/app-router";
import { routeTemplate } from "./requests";

/**
 * The route template of a request Next serves (pages, the console, /docs, Next's own routes), for
 * the metrics' and the access log's `route` label: `/workouts/[workoutId]`, never the path itself
 * (bounded cardinality). From the build's app-path-routes-manifest.json, or from app/ when there
 * is no build (development). Next's assets are `/_next/...`; anything else unmatched is `(other)`.
 */
type Segment = RouteFile["segments"][number];
let routes: RouteFile[] | null = null;

function segmentsOf(template: string): Segment[] {
  return template
    .split("/")
    .filter(Boolean)
    .map((name): Segment => {
      if (name.startsWith("[[...") || name.startsWith("[...")) return { kind: "catchAll", name: name.replace(/^\[\[?\.\.\./, "").replace(/\]\]?$/, "") };
      if (name.startsWith("[")) return { kind: "dynamic", name: name.slice(1, -1) };
      return { kind: "static", value: name };
    });
}

function templatesFromApp(dir: string, prefix: string, out: Set<string>): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      templatesFromApp(full, name.startsWith("(") && name.endsWith(")") ? prefix : `${prefix}/${name}`, out);
    } else if (/^(page|route)\.(tsx?|jsx?)$/.test(name)) {
      out.add(prefix || "/");
    }
  }
}

function load(): RouteFile[] {
  const templates = new Set<string>();
  const manifest = path.join(process.cwd(), env().NEXT_DIST_DIR, "app-path-routes-manifest.json");
  if (existsSync(manifest)) {
    for (const t of Object.values(JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>)) templates.add(t);
  }
  const app = path.join(process.cwd(), "app");
  if (templates.size === 0 && existsSync(app)) templatesFromApp(app, "", templates);
  return [...templates].map((t) => ({ file: t, segments: segmentsOf(t) }));
}

export function pageRoute(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next";
  routes ??= load();
  const match = matchRoute(routes, pathname);
  return match ? routeTemplate(match.route) : "(other)";
}
