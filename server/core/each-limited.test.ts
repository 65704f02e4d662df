import { describe, expect, it } from "vitest";
import { eachLimited } from "./each-limited";

describe("eachLimited", () => {
  it("calls fn once per item with at most `limit` in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(n);
      inFlight--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it("rejects with the first error after the started calls settle, and starts no more", async () => {
    const started: number[] = [];
    let settled = 0;
    await expect(
      eachLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        await new Promise((r) => setTimeout(r, n === 2 ? 1 : 10));
        settled++;
        if (n === 2) throw new Error("two");
      }),
    ).rejects.toThrow("two");
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(2);
  });

  it("does nothing for no items", async () => {
    await eachLimited([], 4, async () => {
      throw new Error("never");
    });
  });
});
