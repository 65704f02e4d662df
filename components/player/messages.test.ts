import { describe, expect, it } from "vitest";
import { MESSAGE_TYPES, PlayerMessage, parseHostMessage } from "./messages";

const workout = { name: "W", instances: [{ id: "i1", kind: "single-exercise", durationSeconds: 30, reps: null, exercise: { id: "0123456789abcdef01234567", name: "Squat" } }] };

describe("embed messages", () => {
  it("every message name starts with FORMA_", () => {
    for (const t of [...MESSAGE_TYPES.hostToPlayer, ...MESSAGE_TYPES.playerToHost]) expect(t).toMatch(/^FORMA_/);
    expect(MESSAGE_TYPES.hostToPlayer).toEqual(expect.arrayContaining(["FORMA_EMBED_INIT", "FORMA_HOST_IMMERSIVE"]));
    expect(MESSAGE_TYPES.playerToHost).toEqual(expect.arrayContaining(["FORMA_ORIENTATION_TOGGLE", "FORMA_ERROR"]));
  });

  it("accepts an init with extra keys and drops them", () => {
    const { message } = parseHostMessage({ type: "FORMA_EMBED_INIT", workout: { ...workout, inspection: { x: 1 } }, apiKey: "fma_x", extra: true });
    expect(message).toMatchObject({ type: "FORMA_EMBED_INIT", apiKey: "fma_x" });
    expect(message).not.toHaveProperty("extra");
  });

  it("accepts adapt's singleExercise spelling and rest instances without exercise", () => {
    const w = { name: "A", instances: [{ ...workout.instances[0], kind: "singleExercise" }, { id: "r", kind: "rest", durationSeconds: 20, exercise: null }] };
    expect(parseHostMessage({ type: "FORMA_EMBED_INIT", workout: w, apiKey: "" }).message).not.toBeNull();
  });

  it("ignores other scripts' and unknown FORMA_ messages silently", () => {
    expect(parseHostMessage({ type: "webpackOk" })).toEqual({ message: null });
    expect(parseHostMessage("hello")).toEqual({ message: null });
    expect(parseHostMessage(null)).toEqual({ message: null });
    expect(parseHostMessage({ type: "FORMA_SOMETHING_NEW" })).toEqual({ message: null });
  });

  it("explains a malformed known message", () => {
    const r = parseHostMessage({ type: "FORMA_EMBED_INIT", workout: { name: "x" }, apiKey: "k" });
    expect(r.message).toBeNull();
    expect(r.invalid).toMatch(/^FORMA_EMBED_INIT: workout\.instances/);
    expect(parseHostMessage({ type: "FORMA_CONTROL", action: "explode" }).invalid).toMatch(/action/);
    expect(parseHostMessage({ type: "FORMA_EMBED_INIT", workout: { name: "x", instances: [{ ...workout.instances[0], exercise: { id: "nothex", name: "n" } }] }, apiKey: "k" }).invalid).toMatch(
      /hexadecimal/,
    );
  });

  it("immersive defaults to true", () => {
    expect(parseHostMessage({ type: "FORMA_HOST_IMMERSIVE" }).message).toEqual({ type: "FORMA_HOST_IMMERSIVE", immersive: true });
  });

  it("checks what the player posts", () => {
    expect(PlayerMessage.safeParse({ type: "FORMA_ERROR", code: "rate_limited", message: "m", status: 429, retryAfterSeconds: 3 }).success).toBe(true);
    expect(PlayerMessage.safeParse({ type: "FORMA_ERROR", code: "boom", message: "m" }).success).toBe(false);
    expect(PlayerMessage.safeParse({ type: "FORMA_ORIENTATION_TOGGLE" }).success).toBe(true);
  });
});
