import { describe, expect, it } from "vitest";
import { variantLabel } from "./variant-label";

describe("variantLabel", () => {
  it("reads a drop variant's aspect and length as a trainer says them", () => {
    expect(variantLabel("9:16_15000")).toBe("9:16 · 15 s");
    expect(variantLabel("1:1_7500")).toBe("1:1 · 7.5 s");
    expect(variantLabel("16:9_60000")).toBe("16:9 · 60 s");
  });

  it("leaves a name of another shape as it is", () => {
    expect(variantLabel("original")).toBe("original");
  });
});
