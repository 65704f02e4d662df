import { describe, expect, it } from "vitest";
import { VersionedCache } from "./list-cache";

describe("VersionedCache", () => {
  it("answers a hit only for the same version and within the TTL", () => {
    const cache = new VersionedCache<string>(10, 1000);
    cache.set("k", "v1", "a", 0);
    expect(cache.get("k", "v1", 500)).toBe("a");
    expect(cache.get("k", "v2", 500)).toBeUndefined();
    cache.set("k", "v1", "a", 0);
    expect(cache.get("k", "v1", 1000)).toBeUndefined();
  });

  it("drops the least recently used entry beyond its size", () => {
    const cache = new VersionedCache<number>(2, 10_000);
    cache.set("a", "v", 1);
    cache.set("b", "v", 2);
    cache.get("a", "v");
    cache.set("c", "v", 3);
    expect([cache.get("a", "v"), cache.get("b", "v"), cache.get("c", "v")]).toEqual([1, undefined, 3]);
  });

  it("load: concurrent misses of one key and version share one build, and the value is kept", async () => {
    const cache = new VersionedCache<string>(10, 10_000);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const build = async () => {
      const n = ++builds;
      await gate;
      return `value ${n}`;
    };
    const waiting = Promise.all([cache.load("k", "v1", build), cache.load("k", "v1", build), cache.load("k", "v1", build)]);
    const other = cache.load("k", "v2", build); // another version is another build
    release();
    expect(await waiting).toEqual(["value 1", "value 1", "value 1"]);
    expect(await other).toBe("value 2");
    expect(builds).toBe(2);
    expect(await cache.load("k", "v2", build)).toBe("value 2");
    expect(builds).toBe(2);
  });

  it("load: a failed build fails its waiters and is not kept", async () => {
    const cache = new VersionedCache<string>(10, 10_000);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("database went away");
    };
    const results = await Promise.allSettled([cache.load("k", "v", failing), cache.load("k", "v", failing)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    expect(cache.get("k", "v")).toBeUndefined();
    expect(await cache.load("k", "v", async () => "ok")).toBe("ok");
  });
});
