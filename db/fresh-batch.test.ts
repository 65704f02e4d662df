import { describe, expect, it } from "vitest";
import { FreshBatcher } from "./fresh-batch";

const tick = () => new Promise((r) => setImmediate(r));

describe("FreshBatcher", () => {
  it("starts the first read at once and queues later callers for the next read", async () => {
    const loads: string[][] = [];
    const gates: (() => void)[] = [];
    const b = new FreshBatcher<string, number>(async (keys) => {
      loads.push(keys);
      await new Promise<void>((r) => gates.push(r));
      return new Map(keys.map((k) => [k, k.length]));
    });
    const first = b.get("a");
    expect(loads).toEqual([["a"]]);
    // Arrive while the first read is on its way: none of them may share it.
    const later = [b.get("a"), b.get("bb"), b.get("bb")];
    await tick();
    expect(loads).toEqual([["a"]]);
    gates.shift()!();
    expect(await first).toBe(1);
    await tick();
    expect(loads).toEqual([["a"], ["a", "bb"]]);
    gates.shift()!();
    expect(await Promise.all(later)).toEqual([1, 2, 2]);
  });

  it("answers undefined for keys the read did not find and rejects every waiter of a failed read", async () => {
    let fail = true;
    const b = new FreshBatcher<string, number>(async (keys) => {
      if (fail) throw new Error("down");
      return new Map(keys.filter((k) => k !== "missing").map((k) => [k, 1]));
    });
    await expect(b.get("x")).rejects.toThrow("down");
    fail = false;
    expect(await b.get("missing")).toBeUndefined();
    expect(await b.get("x")).toBe(1);
  });

  it("recovers when the loader throws synchronously", async () => {
    let calls = 0;
    const b = new FreshBatcher<string, number>((keys) => {
      calls++;
      if (calls === 1) throw new Error("sync");
      return Promise.resolve(new Map(keys.map((k) => [k, 7])));
    });
    await expect(b.get("k")).rejects.toThrow("sync");
    expect(await b.get("k")).toBe(7);
  });
});
