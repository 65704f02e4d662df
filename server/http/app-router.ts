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

interface TrieNode {
  static: Map<string, TrieNode>;
  dynamic?: { name: string; node: TrieNode };
  catchAll?: { name: string; route: RouteFile };
  route?: RouteFile;
}

const newNode = (): TrieNode => ({ static: new Map() });

function compile(routes: RouteFile[]): TrieNode {
  const root = newNode();
  for (const route of routes) {
    let node = root;
    for (const seg of route.segments) {
      if (seg.kind === "catchAll") {
        node.catchAll ??= { name: seg.name, route };
        node = newNode(); // nothing can follow a catch-all
        break;
      }
      if (seg.kind === "static") {
        let next = node.static.get(seg.value);
        if (!next) {
          next = newNode();
          node.static.set(seg.value, next);
        }
        node = next;
      } else {
        node.dynamic ??= { name: seg.name, node: newNode() };
        node = node.dynamic.node;
      }
    }
    if (route.segments.at(-1)?.kind !== "catchAll") node.route ??= route;
  }
  return root;
}

type Match = { route: RouteFile; params: Record<string, string | string[]> };

/** Depth-first in App Router precedence: static, then dynamic, then catch-all, at every level. */
function walkTrie(node: TrieNode, parts: string[], i: number, params: Record<string, string | string[]>): Match | null {
  if (i === parts.length) return node.route ? { route: node.route, params: { ...params } } : null;
  const part = parts[i]!;
  const next = node.static.get(part);
  if (next) {
    const m = walkTrie(next, parts, i + 1, params);
    if (m) return m;
  }
  if (node.dynamic) {
    params[node.dynamic.name] = part;
    const m = walkTrie(node.dynamic.node, parts, i + 1, params);
    delete params[node.dynamic.name];
    if (m) return m;
  }
  if (node.catchAll) return { route: node.catchAll.route, params: { ...params, [node.catchAll.name]: parts.slice(i) } };
  return null;
}

const tries = new WeakMap<RouteFile[], TrieNode>();

/**
 * The route file serving `pathname` (null when none does). A segment that is not valid
 * percent-encoding is matched as it arrived: the kernel decodes path parameters again, strictly,
 * and answers 400 for such a segment instead of an opaque 404.
 */
export function matchRoute(routes: RouteFile[], pathname: string): Match | null {
  let trie = tries.get(routes);
  if (!trie) {
    trie = compile(routes);
    tries.set(routes, trie);
  }
  let parts = pathname.split("/").filter(Boolean);
  if (pathname.includes("%")) parts = parts.map(lenientDecode);
  return walkTrie(trie, parts, 0, {});
}

function lenientDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
