import { describe, expect, it } from "vitest";
import { Password, hashPassword, needsRehash, randomPassword, verifyPassword } from "./passwords";

describe("console passwords (scrypt)", () => {
  it("hashes to a self-describing string with a fresh salt and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{43}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("never matches a malformed hash and asks to rehash weaker parameters", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "$scrypt$ln=15,r=8,p=1$AAAA$")).toBe(false);
    expect(needsRehash("$scrypt$ln=14,r=8,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA")).toBe(true);
    expect(needsRehash("nonsense")).toBe(true);
  });

  it("normalizes Unicode so the same password typed differently still matches", async () => {
    const composed = "caf\u00e9-password-1";
    const decomposed = "cafe\u0301-password-1";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("requires at least 12 characters; seeded passwords are long and random", () => {
    expect(Password.safeParse("short").success).toBe(false);
    expect(Password.safeParse("twelve chars").success).toBe(true);
    const p = randomPassword();
    expect(p).toHaveLength(24);
    expect(p).not.toBe(randomPassword());
  });
});
