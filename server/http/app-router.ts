import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Maps a URL path to an app/ route file the way the App Router does: static segments beat
 * dynamic ones, dynamic beat catch-alls. Lets integration tests run the real route handlers
 * over real HTTP without a Next build.
 */
type Segment = { kind: "static"; value: string } | { kind: "dynamic"; name: string } | { kind: "catchAll"; name: string };
export interface RouteFile {
  file: string;
  segments: Segment[];
}

export function discoverRoutes(appDir: string): RouteFile[] {
  const routes: RouteFile[] = [];
  const walk = (dir: string, segs: Segment[]) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name.startsWith("(") && name.endsWith(")")) walk(full, segs);
        else if (name.startsWith("[...")) walk(full, [...segs, { kind: "catchAll", name: name.slice(4, -1) }]);
        else if (name.startsWith("[")) walk(full, [...segs, { kind: "dynamic", name: name.slice(1, -1) }]);
        else walk(full, [...segs, { kind: "static", value: name }]);
      } else if (name === "route.ts") {
        routes.push({ file: full, segments: segs });
      }
    }
  };
  walk(appDir, []);
  return routes;
}

function rank(s: Segment | undefined): number {
  return !s ? 3 : s.kind === "static" ? 0 : s.kind === "dynamic" ? 1 : 2;
}

export function matchRoute(routes: RouteFile[], pathname: string): { route: RouteFile; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const candidates: { route: RouteFile; params: Record<string, string | string[]> }[] = [];
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let i = 0;
    for (const seg of route.segments) {
      if (seg.kind === "catchAll") {
        if (i >= parts.length) ok = false;
        else params[seg.name] = parts.slice(i);
        i = parts.length;
        break;
      }
      const part = parts[i++];
      if (part === undefined) {
        ok = false;
        break;
      }
      if (seg.kind === "static" && seg.value !== part) {
        ok = false;
        break;
      }
      if (seg.kind === "dynamic") params[seg.name] = part;
    }
    if (ok && i === parts.length) candidates.push({ route, params });
  }
  candidates.sort((a, b) => {
    const n = Math.max(a.route.segments.length, b.route.segments.length);
    for (let k = 0; k < n; k++) {
      const d = rank(a.route.segments[k]) - rank(b.route.segments[k]);
      if (d !== 0) return d;
    }
    return 0;
  });
  return candidates[0] ?? null;
}
