import path from "node:path";
import { describe, expect, it } from "vitest";
import { type RouteFile, discoverRoutes, matchRoute } from "./app-router";

const r = (file: string, ...segs: string[]): RouteFile => ({
  file,
  segments: segs.map((s) =>
    s.startsWith("[...")
      ? { kind: "catchAll", name: s.slice(4, -1) }
      : s.startsWith("[")
        ? { kind: "dynamic", name: s.slice(1, -1) }
        : { kind: "static", value: s },
  ),
});

const routes = [
  r("workout", "v1", "workouts", "[workoutId]"),
  r("metadata", "v1", "workouts", "metadata"),
  r("playlist", "v1", "workouts", "[workoutId]", "playlist"),
  r("metaDeep", "v1", "workouts", "metadata", "x", "y"),
  r("media", "media", "[...key]"),
  r("mediaPublic", "media", "public", "[...key]"),
  r("health", "health"),
];

describe("matchRoute", () => {
  it("prefers static over dynamic over catch-all segments, App Router style", () => {
    expect(matchRoute(routes, "/v1/workouts/metadata")).toEqual({ route: routes[1], params: {} });
    expect(matchRoute(routes, "/v1/workouts/abc")).toEqual({ route: routes[0], params: { workoutId: "abc" } });
    expect(matchRoute(routes, "/media/public/a/b.jpg")).toEqual({ route: routes[5], params: { key: ["a", "b.jpg"] } });
    expect(matchRoute(routes, "/media/seed/a.mp4")).toEqual({ route: routes[4], params: { key: ["seed", "a.mp4"] } });
  });

  it("falls back to a dynamic segment when the static branch leads nowhere", () => {
    // "metadata" is static under /v1/workouts, but only /v1/workouts/[workoutId]/playlist has "playlist" next.
    expect(matchRoute(routes, "/v1/workouts/metadata/playlist")).toEqual({ route: routes[2], params: { workoutId: "metadata" } });
  });

  it("decodes segments, keeps malformed escapes as they arrived, and answers null for unknown paths and a bare catch-all", () => {
    expect(matchRoute(routes, "/v1/workouts/a%20b")?.params).toEqual({ workoutId: "a b" });
    expect(matchRoute(routes, "/v1/nothing")).toBeNull();
    expect(matchRoute(routes, "/media")).toBeNull();
    expect(matchRoute(routes, "/v1/workouts/%E0%A4%A")?.params).toEqual({ workoutId: "%E0%A4%A" });
    expect(matchRoute(routes, "/v1/workouts/%ED%A0%80/playlist")?.params).toEqual({ workoutId: "%ED%A0%80" });
    expect(matchRoute(routes, "/health/")?.route).toBe(routes[6]);
  });

  it("maps every route file of app/ to itself", () => {
    const all = discoverRoutes(path.resolve(import.meta.dirname, "../../app"));
    expect(all.length).toBeGreaterThan(50);
    for (const route of all) {
      const pathname = `/${route.segments.map((s) => (s.kind === "static" ? s.value : s.kind === "dynamic" ? "0123456789abcdef01234567" : "a/b")).join("/")}`;
      expect(matchRoute(all, pathname)?.route.file, pathname).toBe(route.file);
    }
  });
});
