import { describe, expect, it } from "vitest";
import { GroupCommitter } from "./group-committer";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("GroupCommitter", () => {
  it("starts at once, groups what arrives meanwhile across keys, and keeps each key's items in order and one flight at a time", async () => {
    const flights: string[][] = [];
    const inAir = new Set<string>();
    const c = new GroupCommitter<string, string>(
      async (items) => {
        const keys = items.map((i) => i[0]!);
        for (const k of new Set(keys)) {
          expect(inAir.has(k), `two flights of key ${k}`).toBe(false);
          inAir.add(k);
        }
        flights.push(items);
        await tick();
        for (const k of new Set(keys)) inAir.delete(k);
        return items.map((i) => `done:${i}`);
      },
      { maxItems: 3, concurrency: 2 },
    );
    const items = ["a1", "a2", "b1", "c1", "a3", "b2", "d1", "a4"];
    const results = await Promise.all(items.map((i) => c.run(i[0]!, i)));
    expect(results).toEqual(items.map((i) => `done:${i}`));
    // a1 flies alone at once; b1 too (a is in the air); the rest group up to 3 per flight.
    expect(flights[0]).toEqual(["a1"]);
    expect(flights[1]).toEqual(["b1"]);
    expect(flights.flat().sort()).toEqual([...items].sort());
    for (const key of "abcd") {
      const order = flights.flat().filter((i) => i.startsWith(key));
      expect(order).toEqual(items.filter((i) => i.startsWith(key)));
    }
    expect(Math.max(...flights.map((f) => f.length))).toBeLessThanOrEqual(3);
  });

  it("retries each item of a failed flight alone, so only the bad one fails", async () => {
    const c = new GroupCommitter<number, number>(
      async (items) => {
        await tick();
        if (items.includes(3)) throw new Error("bad item");
        return items.map((i) => i * 10);
      },
      { maxItems: 10, concurrency: 1 },
    );
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => c.run(`k${i}`, i)));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : "failed"))).toEqual([10, 20, "failed", 40]);
  });
});
