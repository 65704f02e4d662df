import { describe, expect, it } from "vitest";
import { failureReason } from "./failure-reason";

describe("failureReason", () => {
  it("keeps the first line of an error's message, at most 500 characters", () => {
    expect(failureReason(new Error("ffmpeg exited with 1\nInput #0, mov...\n[stack]"))).toBe("ffmpeg exited with 1");
    expect(failureReason("x".repeat(600))).toHaveLength(500);
    expect(failureReason({ toString: () => "odd thing" })).toBe("odd thing");
  });
});
