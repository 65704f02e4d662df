import { describe, expect, it } from "vitest";
import { KeyedBatcher } from "./keyed-batcher";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("KeyedBatcher", () => {
  it("runs the first item at once and batches what arrives meanwhile, per key, in arrival order", async () => {
    const calls: string[][] = [];
    const b = new KeyedBatcher<string, string>({ maxBatch: 3 });
    const write = async (items: string[]) => {
      calls.push(items);
      await tick();
      return items.map((i) => `done:${i}`);
    };
    const results = await Promise.all(["a1", "a2", "a3", "a4", "a5"].map((i) => b.run("a", i, write)).concat([b.run("b", "b1", write)]));
    expect(results).toEqual(["done:a1", "done:a2", "done:a3", "done:a4", "done:a5", "done:b1"]);
    expect(calls).toEqual([["a1"], ["b1"], ["a2", "a3", "a4"], ["a5"]]);
    // Drained keys are forgotten: the next item of "a" starts a batch of its own at once instead of queueing.
    const next = b.run("a", "a6", write);
    expect(calls.at(-1)).toEqual(["a6"]);
    expect(await next).toBe("done:a6");
  });

  it("retries each item of a failed batch alone, so only the bad one fails", async () => {
    const b = new KeyedBatcher<number, number>({ maxBatch: 10 });
    const write = async (items: number[]) => {
      await tick();
      if (items.includes(3)) throw new Error("bad item");
      return items.map((i) => i * 10);
    };
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => b.run("k", i, write)));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : "failed"))).toEqual([10, 20, "failed", 40]);
  });
});
